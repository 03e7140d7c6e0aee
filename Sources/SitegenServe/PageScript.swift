import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the live-reload script goes in a page on disk, found without holding the page: before
/// its last `</body>` (as `PreviewHandler.inject` puts it in a page held in memory), or at its end.
enum PageScript {
    static let marker = Array("</body>".utf8)

    /// The script tag and the offset to send it at, reading the page a piece at a time.
    static func insertion(in url: URL, length: Int) -> (at: Int, bytes: Data) {
        guard let at = lastMarker(in: url, length: length) else {
            return (length, Data(PreviewHandler.scriptTag.utf8))
        }
        return (at, Data((PreviewHandler.scriptTag + "\n").utf8))
    }

    /// The offset of the last `</body>` in the first `length` bytes, or nil.
    static func lastMarker(in url: URL, length: Int) -> Int? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var piece = [UInt8](repeating: 0, count: HTTPListener.filePiece)
        var found: Int?
        // Pieces overlap by the marker's length less one, so a marker across two is seen once.
        var start = 0
        while start < length {
            let n = piece.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress, min($0.count, length - start), off_t(start))
            }
            if n < 0 && errno == EINTR { continue }
            guard n >= marker.count else { break }
            var i = 0
            while i + marker.count <= n {
                if piece[i] == marker[0], piece[i..<(i + marker.count)].elementsEqual(marker) { found = start + i }
                i += 1
            }
            if start + n >= length { break }
            start += n - (marker.count - 1)
        }
        return found
    }
}
