import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real HTTP/1.1 server on 127.0.0.1 for tests: every connection is answered by a handler that
/// can also misbehave (slow answers, dropped connections, truncated bodies). Not for production.
public final class TestServer: @unchecked Sendable {
    public struct Request: Sendable {
        public let method: String
        public let path: String
        public let query: [String: String]
        public let headers: [String: String]
        public let target: String
        public let receivedAt: Date
    }

    public enum Reply: Sendable {
        case respond(status: Int, headers: [String: String] = [:], body: Data, delay: Double = 0)
        /// Close the connection without answering.
        case drop
        /// Promise `declared` bytes, send `body`, close.
        case truncate(body: Data, declared: Int)
        /// Written by hand, head included, piece by piece (endless, chunked or trickling bodies):
        /// `send` says false once the client has gone, which is when the writer should stop.
        case stream(@Sendable (_ send: (Data) -> Bool) -> Void)

        public static func json(
            _ text: String, status: Int = 200, headers: [String: String] = [:], delay: Double = 0
        ) -> Reply {
            .respond(
                status: status, headers: ["Content-Type": "application/json;charset=UTF-8"].merging(headers) { $1 },
                body: Data(text.utf8), delay: delay)
        }
    }

    public let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var log: [Request] = []
    private var running = true

    public var baseURL: String { "http://127.0.0.1:\(port)" }
    public var requests: [Request] { lock.withLock { log } }

    public init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 128) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    public func stop() {
        let wasRunning = lock.withLock { () -> Bool in defer { running = false }; return running }
        if wasRunning { shutdown(listener, Int32(SHUT_RDWR)); close(listener) }
    }

    private func acceptLoop() {
        while lock.withLock({ running }) {
            let client = accept(listener, nil, nil)
            if client < 0 { if lock.withLock({ running }) { continue } else { return } }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var received = Data()
        while !received.contains(Data("\r\n\r\n".utf8)) {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { return }
            received.append(contentsOf: buffer[0..<n])
        }
        let head = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n\r\n")[0]
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return }
        let target = String(parts[1])
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        if pieces.count > 1 {
            for pair in pieces[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = String(kv[0]).removingPercentEncoding ?? String(kv[0])
                query[key] = kv.count > 1 ? (String(kv[1]).removingPercentEncoding ?? String(kv[1])) : ""
            }
        }
        let request = Request(
            method: String(parts[0]), path: String(pieces[0]).removingPercentEncoding ?? String(pieces[0]),
            query: query, headers: headers, target: target, receivedAt: Date())
        lock.withLock { log.append(request) }
        switch handler(request) {
        case .drop:
            return
        case .truncate(let body, let declared):
            send(
                fd,
                head:
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(declared)\r\nConnection: "
                        + "close\r\n\r\n",
                body: body)
        case .stream(let write):
            write { Self.sendAll(fd, $0) }
        case .respond(let status, let extra, let body, let delay):
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            var head =
                "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nContent-Length: \(body.count)\r\nConnection: "
                    + "close\r\n"
            for (k, v) in extra.sorted(by: { $0.key < $1.key }) { head += "\(k): \(v)\r\n" }
            send(fd, head: head + "\r\n", body: body)
        }
    }

    private func send(_ fd: Int32, head: String, body: Data) {
        _ = Self.sendAll(fd, Data(head.utf8) + body)
    }

    /// MSG_NOSIGNAL: a client that hangs up mid-body must not take the test process with SIGPIPE.
    private static func sendAll(_ fd: Int32, _ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }
}
