import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server for the preview: one thread per connection, one request per
/// connection. Request heads are read through `RequestHead`, so an oversized or slow client is
/// refused or timed out on its own thread and never holds up anyone else.
///
/// Two kinds of slot, each shed oldest first for a newcomer (`EvictingSlots`): up to
/// `maxOpenConnections` connections at all, of which those still reading their head are shed for a
/// new connection; and up to `maxConnections` answering, a long poll or a slowly read file among
/// them, shed for a request whose head is complete. So clients that drip heads, read slowly or
/// hold long polls, in any mix, never keep a new request from its answer; and as each answer is
/// sent from its file a piece at a time, what they hold is bounded (about 100 KB a connection).
final class HTTPListener: @unchecked Sendable {
    /// Connections answering at once: the threads doing the work.
    static let maxConnections = 64
    /// Connections open at all, most of them reading a head (a thread and at most 40 KB each).
    static let maxOpenConnections = 256
    /// A client that stops sending mid-head loses its connection after this long.
    static let readTimeoutSeconds = 10
    /// No connection lasts longer, however slowly its client reads (a long poll waits 25 s).
    static let connectionSeconds: UInt64 = 60
    /// Only an answer this old is shed for a newcomer, so a burst of ordinary requests (tabs
    /// reloading at once) waits a moment for each other instead of cutting one of its own off.
    static let shedAnswerNanoseconds: UInt64 = 250_000_000

    private let fd: Int32
    private let handler: @Sendable (PreviewRequest) -> PreviewResponse
    /// Every open connection; one still reading its head is shed for a new one when all are
    /// taken. A client sends a whole head in a moment, and 64 that each sent a byte a second
    /// (reconnecting when cut off) made half of other requests get 503.
    private let open = EvictingSlots(capacity: maxOpenConnections)
    /// Connections with a whole request, answering it.
    private let answering = EvictingSlots(capacity: maxConnections)

    /// Connections open now, and how many of them are answering.
    var connections: (open: Int, answering: Int) { (open.held, answering.held) }

    /// `address` with `port` (0: one the system picks). An IPv6 address listens for IPv6 only,
    /// so `localhost` can take 127.0.0.1 and ::1 on the same port; `::` takes IPv4 as well.
    init(
        address: ListenAddress, port: UInt16, handler: @escaping @Sendable (PreviewRequest) -> PreviewResponse
    ) throws {
        self.handler = handler
        var bound = address.withPort(port)
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ListenError(errno: errno, address: bound) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if address.family == AF_INET6 {
            var only: Int32 = address.isIPv6Any ? 0 : 1
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
        }
        let result = withUnsafePointer(to: &bound.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, bound.length) }
        }
        guard result == 0, listen(fd, 128) == 0 else {
            let error = ListenError(errno: errno, address: bound)
            close(fd)
            throw error
        }
        var length = bound.length
        _ = withUnsafeMutablePointer(to: &bound.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        self.address = bound
    }

    /// The address and port it listens on.
    let address: ListenAddress
    var port: UInt16 { address.port }

    func start() {
        state.withLock { $0 = .accepting }
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Wakes the blocked accept and ends the loop; connections in flight finish on their own. The
    /// loop closes the socket itself, so it never calls accept on a number already reused. A
    /// listener never started (the check that a port is free) closes its socket here.
    func stop() {
        let was = state.withLock { old in defer { old = .stopping }; return old }
        switch was {
        case .bound: close(fd)
        case .accepting: shutdown(fd, Int32(SHUT_RDWR))
        case .stopping: break
        }
    }

    private enum State { case bound, accepting, stopping }
    private let state = Mutex(State.bound)

    private func acceptLoop() {
        defer { close(fd) }
        while true {
            let client = accept(fd, nil, nil)
            if state.withLock({ $0 == .stopping }) {
                if client >= 0 { close(client) }
                return
            }
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            guard open.take(client, evictable: true, olderThan: 0, wait: .milliseconds(500)) else {
                Self.reply(client, PreviewResponse(status: 503, body: Data("too many connections\n".utf8)), head: false)
                close(client)
                continue
            }
            Thread.detachNewThread { [self] in
                // Both slots are given back before the descriptor is closed: see `EvictingSlots`.
                defer { answering.give(client); open.give(client); close(client) }
                serve(Connection(fd: client))
            }
        }
    }

    private func serve(_ connection: Connection) {
        let client = connection.fd
        let ends = DispatchTime.now().uptimeNanoseconds + Self.connectionSeconds * 1_000_000_000
        var timeout = timeval(tv_sec: Self.readTimeoutSeconds, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head = RequestHead()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        // One deadline for the whole head, not per read: a client dripping a byte every few
        // seconds must not hold a connection slot for hours.
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.readTimeoutSeconds) * 1_000_000_000
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            let left = deadline > now ? deadline - now : 0
            var remaining = timeval(
                tv_sec: Int(left / 1_000_000_000), tv_usec: Int(max(1_000, (left % 1_000_000_000) / 1_000)))
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &remaining, socklen_t(MemoryLayout<timeval>.size))
            let n = left == 0 ? -1 : read(client, &buffer, buffer.count)
            if n < 0 && (left == 0 || errno == EAGAIN || errno == EWOULDBLOCK) {
                Self.reply(client, PreviewResponse(status: 408, body: Data("408 Request Timeout\n".utf8)), head: false)
                return
            }
            if n <= 0 { return }
            switch head.feed(buffer[0..<n]) {
            case .needMore: continue
            case .refused(let status):
                Self.reply(
                    client, PreviewResponse(status: status, body: Data("\(status) \(Self.reason(status))\n".utf8)),
                    head: false)
                Self.lingeringClose(client, &buffer)
                return
            case .complete:
                open.mark(client, evictable: false)
                guard var request = head.request() else {
                    Self.reply(client, PreviewResponse(status: 400, body: Data("400 Bad Request\n".utf8)), head: false)
                    return
                }
                request.connection = connection
                guard answering.take(client, evictable: true, olderThan: Self.shedAnswerNanoseconds, wait: .seconds(1))
                else {
                    Self.reply(client, Self.busy, head: false)
                    return
                }
                let response = handler(request)
                Self.reply(client, response, head: request.method == "HEAD", until: ends)
                return
            }
        }
    }

    /// Closing with unread input makes the kernel reset the connection, and the client may lose
    /// the answer; read (a bounded amount of) what it is still sending first.
    static func lingeringClose(_ client: Int32, _ buffer: inout [UInt8]) {
        shutdown(client, Int32(SHUT_WR))
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var drained = 0
        while drained < 4 << 20 {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { return }
            drained += n
        }
    }

    /// Every answering slot was taken for a second by answers too young to shed: the page's
    /// script tries again a second later.
    static let busy = PreviewResponse(
        status: 503, headers: [("Retry-After", "1")], body: Data("busy: too many requests at once\n".utf8))

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        default: "Internal Server Error"
        }
    }
}

/// Why an address could not be listened on, in the words `serve` prints.
struct ListenError: Error, Sendable, CustomStringConvertible {
    let errno: Int32
    let address: ListenAddress
    var notHere: Bool { errno == EADDRNOTAVAIL || errno == EAFNOSUPPORT }
    var description: String {
        let at = "\(address.text):\(address.port)"
        switch errno {
        case EADDRINUSE: return "port \(address.port) on \(address.text) is in use; pick another with --port"
        case EADDRNOTAVAIL, EAFNOSUPPORT:
            return
                "\(address.text) is not an address of this machine; pick one it has with --host (127.0.0.1, ::1, "
                    + "0.0.0.0)"
        case EACCES:
            return
                "\(at) cannot be opened (\(String(cString: strerror(errno)))); ports below 1024 need privileges, pick "
                    + "another with --port"
        default: return "\(at) cannot be opened (\(String(cString: strerror(errno)))); pick another --host or --port"
        }
    }
}
