import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

/// What a static host counts of a published site: the bytes and the number of files in the output
/// folder (GitHub Pages stops at 1 GB, Cloudflare Pages at 20,000 files). A staged build adds up
/// what it wrote (every file is its own), an in-place update adds what it changed to the size
/// recorded before it, a build that changed nothing says that record again (`FootprintRecord`);
/// otherwise measured on disk after the write, one `fstatat` per file, relative to each folder's
/// descriptor, links not followed. A file put in the output by hand is counted by the next walk.
/// A dot-folder is not counted: the writer makes none, and none is published (a repository kept
/// in the output, `.git`, is what a deploy pushes from; Pages' artifact and `deploy` leave it out).
public struct Footprint: Sendable, Equatable {
    public var bytes: Int64 = 0
    public var files = 0
    /// Of those, the share cards' (`card/`): what publishing with a base URL adds.
    public var cardBytes: Int64 = 0
    public var cardFiles = 0

    public init(bytes: Int64 = 0, files: Int = 0) {
        self.bytes = bytes; self.files = files
    }

    public static func measure(_ folder: URL) -> Footprint {
        var total = Footprint()
        // The first two levels are listed here and the folders below them walked on every core:
        // a whole history has 30,000 folders, most of them a day's, and one core took 0.4 s.
        var first: [String] = [], second: [String] = []
        list(folder.path, into: &total, folders: &first)
        for path in first { list(path, into: &total, folders: &second) }
        let deeper = second
        for part in concurrentMap(deeper.count, chunk: 64, { i -> Footprint in
            var part = Footprint()
            let fd = open(deeper[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 { add(fd, into: &part) }
            return part
        }) {
            total = total + part
        }
        let cards = open(folder.appendingPathComponent("card").path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if cards >= 0 {
            var only = Footprint()
            add(cards, into: &only)
            (total.cardBytes, total.cardFiles) = (only.bytes, only.files)
        }
        return total
    }

    /// Counts the files directly in `path` and names the folders in it, in `folders`.
    private static func list(_ path: String, into total: inout Footprint, folders: inout [String]) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        each(fd) { name, info in
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                total.bytes += Int64(info.st_size)
                total.files += 1
            case S_IFDIR where !name.hasPrefix("."): folders.append(path + "/" + name)
            default: break
            }
        }
    }

    /// Calls `body` with the name and `lstat` of each entry of the folder open at `fd` (and closes it).
    private static func each(_ fd: Int32, _ body: (String, stat) -> Void) {
        guard let dir = fdopendir(fd) else {
            close(fd)
            return
        }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            body(name, info)
        }
    }

    /// Walks the folder open at `fd` (and closes it).
    private static func add(_ fd: Int32, into total: inout Footprint) {
        each(fd) { name, info in
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                total.bytes += Int64(info.st_size)
                total.files += 1
            case S_IFDIR where !name.hasPrefix("."):
                let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child >= 0 { add(child, into: &total) }
            default: break
            }
        }
    }

    /// The files among `relatives` (paths inside `root`) that are there now: an in-place update
    /// counts what it is about to replace or delete, then what it wrote, and the difference is
    /// what it changed of the footprint, without walking the 40,000 files it left alone.
    public static func of(_ relatives: [String], in root: String) -> Footprint {
        var total = Footprint()
        var info = stat()
        for relative in relatives where lstat(root + "/" + relative, &info) == 0 && info.st_mode & S_IFMT == S_IFREG {
            total.bytes += Int64(info.st_size)
            total.files += 1
            if relative.hasPrefix("card/") {
                total.cardBytes += Int64(info.st_size)
                total.cardFiles += 1
            }
        }
        return total
    }

    public static func + (lhs: Footprint, rhs: Footprint) -> Footprint {
        var sum = Footprint(bytes: lhs.bytes + rhs.bytes, files: lhs.files + rhs.files)
        (sum.cardBytes, sum.cardFiles) = (lhs.cardBytes + rhs.cardBytes, lhs.cardFiles + rhs.cardFiles)
        return sum
    }

    public static func - (lhs: Footprint, rhs: Footprint) -> Footprint {
        var difference = Footprint(bytes: lhs.bytes - rhs.bytes, files: lhs.files - rhs.files)
        (difference.cardBytes, difference.cardFiles) = (lhs.cardBytes - rhs.cardBytes, lhs.cardFiles - rhs.cardFiles)
        return difference
    }

    /// 「120.9 MB」: decimal units, as hosts state their limits, one decimal, rounded down.
    public var size: String { Self.size(bytes) }

    public static func size(_ bytes: Int64) -> String {
        let units: [(Int64, String)] = [(1_000_000_000, "GB"), (1_000_000, "MB"), (1_000, "KB")]
        for (scale, unit) in units where bytes >= scale {
            return "\(bytes / scale).\(bytes % scale * 10 / scale) \(unit)"
        }
        return "\(bytes) bytes"
    }

    /// 「3003 files, 38.6 MB; share cards 382 files, 6.0 MB」: the site as a host counts it, and
    /// what its cards take of that.
    public var text: String {
        "\(Count.of(files, "file")), \(size)"
            + (cardFiles > 0 ? "; share cards \(Count.of(cardFiles, "file")), \(Self.size(cardBytes))" : "")
    }
}
