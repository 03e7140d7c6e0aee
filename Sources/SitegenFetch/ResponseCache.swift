import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SitegenBasics
import SitegenModel

/// Raw API responses on disk, one file per request, named from the endpoint and the sorted
/// parameters — never the key. The file's modification time is when it was fetched.
public struct ResponseCache: Sendable {
    public let folder: URL

    private let folderPath: String

    public init(folder: URL) {
        self.folder = folder
        let path = folder.path
        folderPath = path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    public func url(for request: SourceRequest) -> URL { URL(fileURLWithPath: path(for: request)) }

    /// The entry's path, put together as text: a morning reads tens of thousands of entries, and
    /// Foundation's URL appending was a tenth of a whole-history morning's reading.
    func path(for request: SourceRequest) -> String { path(named: name(of: request)) }

    /// The path of the entry named `name` (`name(of:)`).
    func path(named name: String) -> String { folderPath + "/" + name }

    /// The entry's path inside the cache folder: `endpoint/parameters.json`.
    func name(of request: SourceRequest) -> String {
        // Into one buffer, byte by byte: Foundation's `replacingOccurrences` was a tenth of a real
        // site's morning, and a string made and joined for each part was still a twentieth.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96)
        for byte in request.endpoint.utf8 { bytes.append(byte == UInt8(ascii: "/") ? UInt8(ascii: "_") : byte) }
        bytes.append(UInt8(ascii: "/"))
        let start = bytes.count
        for (i, parameter) in request.parameters.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: "&")) }
            Self.appendSafe(parameter.name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            Self.appendSafe(parameter.value, to: &bytes)
        }
        // Keep names well under the 255-byte limit; a hash keeps long poster queries distinct.
        if bytes.count - start > 160 {
            let query = bytes[start...]
            let hash = String(FNV1a.hash64(String(decoding: query, as: UTF8.self)), radix: 16)
            bytes.removeSubrange((start + 120)...)
            bytes.append(UInt8(ascii: "-"))
            bytes += hash.utf8
        }
        bytes += (request.isPosterImage ? ".bin" : ".json").utf8
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One open, fstat and read: Foundation's attributes dictionary cost more than the bytes,
    /// over six thousand files of a ten-year cache. Anything but a regular file is a miss.
    public func read(_ request: SourceRequest) -> SourceResponse? { read(named: name(of: request)) }

    /// The same, by the entry's name (`name(of:)`), for a caller that has it already.
    func read(named name: String) -> SourceResponse? { entry(named: name)?.response }

    /// The entry and what `fstat` said of its file (which the answer memo knows it by).
    func entry(named name: String) -> (response: SourceResponse, info: stat)? {
        // Nothing kept is larger than a poster may be; a larger file is not ours, and is not read.
        let cap = max(SourceRequest.maxAnswerBytes, SourceRequest.maxPosterBytes)
        guard let (data, info) = RegularFile.read(path(named: name), limit: cap), Int(info.st_size) <= cap
        else { return nil }
        return (SourceResponse(body: data, fetchedAt: Self.fetchedAt(info)), info)
    }

    /// When the entry's file says it was fetched (its modification time, as `read` gives it), or nil.
    public func fetchedAt(_ request: SourceRequest) -> Date? {
        var info = stat()
        guard lstat(path(for: request), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Self.fetchedAt(info)
    }

    /// A file's modification time as the entry's fetch time: made one way, so the answer memo
    /// compares the very same `Date` whichever way it found the file.
    static func fetchedAt(_ info: stat) -> Date {
        Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }

    /// Atomic: a reader sees the old file or the new one, never half of one.
    public func write(_ request: SourceRequest, _ response: SourceResponse) throws {
        let file = url(for: request)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // The cache folder is sitegen's: a folder, FIFO or link where an entry belongs (which
        // `read` took for a miss) is removed, or the rename under the atomic write would fail.
        var info = stat()
        if lstat(file.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            try? FileManager.default.removeItem(at: file)
        }
        try StoreTemporaries(store: folder).write(response.body, to: file)
        if let fetchedAt = response.fetchedAt {
            try FileManager.default.setAttributes([.modificationDate: fetchedAt], ofItemAtPath: file.path)
        }
    }

    public func remove(_ request: SourceRequest) { try? FileManager.default.removeItem(at: url(for: request)) }

    /// Percent-encodes everything but unreserved ASCII, so any query is a safe file name.
    static func safe(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        appendSafe(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// By byte: ASCII letters, digits and -._ as they are, every other byte as %XX.
    static func appendSafe(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F: out.append(byte)
            default:
                out.append(0x25)
                out.append(hexDigit(byte >> 4))
                out.append(hexDigit(byte & 0xF))
            }
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x37 + nibble }
}
