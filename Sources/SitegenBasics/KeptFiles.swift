import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One partition of the store (`<cache>/<partition>/`): files a build keeps only to spare the
/// next one work (a drawn card, a poster's sized copies), each by a name that says what made it
/// (a hash of source and recipe, as Zola names a processed image). The one wholeness rule: a
/// file is taken only when its bytes and name still have the checksum kept beside it
/// (`<name>.sum`), so a byte flipped anywhere in it, or a list that lost lines, is made again and
/// never published; the bytes themselves stay the file's own, as they are hard-linked into sites.
/// Written whole through the store's temporaries; a write that fails costs the next build the
/// work, and deleting the folder at any time is safe.
///
/// Each name taken or kept is noted: after a whole successful build `prune` deletes every file
/// the build did not ask for (Hugo's `Prune`, Zola's unused processed images), so a cache the
/// workflow restores each morning holds what the site uses, not everything it ever used.
public final class KeptFiles: @unchecked Sendable {
    public let folder: URL
    let temporaries: StoreTemporaries
    private let lock = NSLock()
    /// The names this build asked for, with their bytes when known (-1: not known), so pruning
    /// a whole history's 90,000 files after a morning needs no `stat` of the ones kept.
    private var used: [String: Int] = [:]
    private var asked = false

    static let sumSuffix = ".sum"

    public init(store: URL, partition: String) {
        folder = store.appendingPathComponent(partition, isDirectory: true)
        temporaries = StoreTemporaries(store: store)
    }

    /// The bytes kept under `name` when whole, mapped: a regular file of the partition's own
    /// folder and file system, never through a link (a link there once published any image on
    /// the machine as a card), whose checksum is the one kept beside it. nil: make it again.
    public func take(_ name: String) -> Data? {
        guard let data = whole(name) else {
            note(name)
            return nil
        }
        lock.withLock { asked = true; used[name] = data.count }
        return data
    }

    private func whole(_ name: String) -> Data? {
        guard let sum = RegularFile.read(path(name) + Self.sumSuffix, limit: 64)?.data,
            let data = own(name), sum.elementsEqual(Self.sum(data, name).utf8)
        else { return nil }
        return data
    }

    /// A file whose checksum its caller keeps elsewhere (a poster copy's is in the checksummed
    /// list that names it, which spares a morning a second file a copy: 36,000 reads), mapped
    /// when it is a regular file of the folder's own file system; noted as used either way.
    public func takeListed(_ name: String) -> Data? {
        let data = own(name)
        lock.withLock { asked = true; used[name] = data?.count ?? -1 }
        return data
    }

    /// Keeps a file whose checksum its caller keeps in a list (`takeListed`).
    public func keepListed(_ data: Data, as name: String) {
        lock.withLock { asked = true; used[name] = data.count }
        temporaries.keep(data, at: URL(fileURLWithPath: path(name)))
    }

    private func own(_ name: String) -> Data? {
        var folderInfo = stat()
        guard lstat(folder.path, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR,
            let (data, info) = RegularFile.mappedWithInfo(path(name)), info.st_dev == folderInfo.st_dev
        else { return nil }
        return data
    }

    /// Keeps `data` under `name`, its checksum after it: a file without its checksum is made again.
    public func keep(_ data: Data, as name: String) {
        lock.withLock { asked = true; used[name] = data.count }
        temporaries.keep(data, at: URL(fileURLWithPath: path(name)))
        temporaries.keep(Data(Self.sum(data, name).utf8), at: URL(fileURLWithPath: path(name) + Self.sumSuffix))
    }

    /// Marks `name` as used by this build (a file the site still publishes, not taken again).
    public func note(_ name: String) { lock.withLock { asked = true; if used[name] == nil { used[name] = -1 } } }

    public func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// 16 hex digits of the bytes and the name they are kept under. Tagged as the card cache's
    /// were before it was a partition, so a restored cache's cards are not all drawn again once.
    public static func sum(_ data: Data, _ name: String) -> String {
        String(format: "%016llx", data.withUnsafeBytes { MemoChecksum.of($0, tag: "card " + name) })
    }

    /// What a partition holds, and what `prune` took out of it.
    public struct Usage: Sendable, Equatable {
        public var files = 0, bytes = 0, removedFiles = 0, removedBytes = 0
        public init() {}
        static func + (a: Usage, b: Usage) -> Usage {
            var sum = a
            sum.files += b.files; sum.bytes += b.bytes
            sum.removedFiles += b.removedFiles; sum.removedBytes += b.removedBytes
            return sum
        }
    }

    /// Deletes every file of the folder this build did not ask for (with its checksum), and says
    /// what is left. Nothing is deleted when the build asked for nothing here (it did not use the
    /// partition: posters hotlinked, cards off). Only regular files and links (the link itself)
    /// directly in the folder, a name at a time through its descriptor, never following a link.
    public func prune() -> Usage {
        var usage = Usage()
        let (used, asked) = lock.withLock { (self.used, self.asked) }
        let dir = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard dir >= 0 else { return usage }
        defer { close(dir) }
        for name in Self.names(dir) {
            // By bytes: String's own suffix and slicing walk graphemes, a tenth of a morning here.
            let sum = name.utf8.count > 4 && name.utf8.suffix(4).elementsEqual(Self.sumSuffix.utf8)
            let owner = sum ? String(decoding: name.utf8.dropLast(4), as: UTF8.self) : name
            // What this build took or kept has a known size (a checksum is 16 hex digits).
            if let size = used[owner], size >= 0 || sum {
                usage.files += 1
                usage.bytes += sum ? 16 : size
                continue
            }
            var info = stat()
            guard fstatat(dir, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
                [S_IFREG, S_IFLNK].contains(info.st_mode & S_IFMT)
            else { continue }
            if asked, used[owner] == nil, unlinkat(dir, name, 0) == 0 {
                usage.removedFiles += 1
                usage.removedBytes += Int(info.st_size)
            } else {
                usage.files += 1
                usage.bytes += Int(info.st_size)
            }
        }
        return usage
    }

    /// The names in the folder `dir` is open on (read through a duplicate, which the listing closes).
    static func names(_ dir: Int32) -> [String] {
        let listing = dup(dir)
        guard listing >= 0, let stream = fdopendir(listing) else {
            if listing >= 0 { close(listing) }
            return []
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
