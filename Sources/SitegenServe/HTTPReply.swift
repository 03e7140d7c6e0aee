import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension HTTPListener {
    /// What a connection reads of a file at a time: all of the file it holds in memory.
    static let filePiece = 64 * 1024

    /// Header values never carry CR or LF, whatever the handler put in them. A file is read and
    /// sent a piece at a time into one buffer, and the connection's deadline cuts off a client
    /// reading too slowly.
    static func reply(_ client: Int32, _ response: PreviewResponse, head: Bool, until ends: UInt64 = .max) {
        var text = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
        for (name, value) in response.headers {
            text += "\(name): \(value.filter { $0 != "\r" && $0 != "\n" && $0 != "\r\n" })\r\n"
        }
        text += "Content-Length: \(response.file?.contentLength ?? response.body.count)\r\nConnection: close\r\n\r\n"
        var bytes = Data(text.utf8)
        if !head, response.file == nil { bytes.append(response.body) }
        guard send(client, bytes), !head, let file = response.file else { return }
        sendFile(client, file, until: ends)
    }

    /// The file's bytes, with what is inserted sent at its offset. A file that shrank since it
    /// was measured (a rebuild) ends the answer short, and the client sees the connection close.
    private static func sendFile(_ client: Int32, _ file: FileBody, until ends: UInt64) {
        let fd = open(file.url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: filePiece, alignment: 16)
        defer { buffer.deallocate() }
        func sendRange(_ start: Int, _ end: Int) -> Bool {
            var offset = start
            while offset < end {
                guard DispatchTime.now().uptimeNanoseconds < ends else { return false }
                let n = pread(fd, buffer.baseAddress, min(filePiece, end - offset), off_t(offset))
                if n < 0 && errno == EINTR { continue }
                guard n > 0, send(client, UnsafeRawBufferPointer(rebasing: buffer[0..<n])) else { return false }
                offset += n
            }
            return true
        }
        let split = file.insert?.at ?? file.length
        guard sendRange(0, split) else { return }
        if let insert = file.insert, !send(client, insert.bytes) { return }
        _ = sendRange(split, file.length)
    }

    /// False once the client is gone or too slow (SO_SNDTIMEO).
    private static func send(_ client: Int32, _ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { send(client, $0) }
    }

    private static func send(_ client: Int32, _ raw: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < raw.count {
            // MSG_NOSIGNAL: a client that hung up must not kill the server with SIGPIPE.
            let n = Glibc.send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
