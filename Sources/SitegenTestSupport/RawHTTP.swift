import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Sends a request line exactly as written (no client-side normalising of `..` or encodings),
/// so tests can try every path-traversal spelling on a real server.
public enum RawHTTP {
    public struct Response: Sendable {
        public let status: Int
        public let headers: [String: String]
        public let body: Data
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// `address` is an IPv4 or IPv6 address (`::1`).
    public static func get(
        port: UInt16, _ target: String, method: String = "GET", address: String = "127.0.0.1"
    ) throws -> Response {
        let host = address.contains(":") ? "[\(address)]" : address
        let request = "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n"
        return try exchange(port: port, Data(request.utf8), head: method == "HEAD", address: address)
    }

    /// Sends `request` byte for byte (a send the server cut short by answering early is fine)
    /// and reads the answer.
    /// `sent` is called once the request is on the wire, before the answer is read: what a test
    /// waits on before its next step, instead of sleeping.
    public static func exchange(
        port: UInt16, _ request: Data, head isHead: Bool = false, address: String = "127.0.0.1",
        sent: (() -> Void)? = nil
    ) throws -> Response {
        let six = address.contains(":")
        let fd = socket(six ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if six {
            var peer = sockaddr_in6()
            peer.sin6_family = sa_family_t(AF_INET6)
            peer.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, address, &peer.sin6_addr) == 1 else { throw POSIXError(.EINVAL) }
            connected = withUnsafePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var peer = sockaddr_in()
            peer.sin_family = sa_family_t(AF_INET)
            peer.sin_port = port.bigEndian
            peer.sin_addr.s_addr = inet_addr(address)
            connected = withUnsafePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        request.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { break }
                offset += n
            }
        }
        sent?()

        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var expected: Int?
        var headerEnd: Int?
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
            if headerEnd == nil, let range = data.range(of: Data("\r\n\r\n".utf8)) {
                headerEnd = range.upperBound
                let head = String(decoding: data[..<range.lowerBound], as: UTF8.self).lowercased()
                if let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }) {
                    expected = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
                }
                if isHead { break }
            }
            if let end = headerEnd, let expected, data.count - end >= expected { break }
        }
        guard let end = headerEnd ?? data.range(of: Data("\r\n\r\n".utf8))?.upperBound else {
            throw POSIXError(.EPROTO)
        }
        let head = String(decoding: data[..<(end - 4)], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Data(data[end...]))
    }
}

extension RawHTTP {
    /// The same request from async code: the blocking socket work runs on its own thread, so an
    /// in-process server on the cooperative pool is never starved by its own client.
    public static func fetch(
        port: UInt16, _ target: String, method: String = "GET", address: String = "127.0.0.1"
    ) async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try get(port: port, target, method: method, address: address) })
            }
        }
    }

    /// `exchange` from async code, on its own thread for the same reason.
    public static func fetch(port: UInt16, raw request: Data) async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try exchange(port: port, request) })
            }
        }
    }
}
