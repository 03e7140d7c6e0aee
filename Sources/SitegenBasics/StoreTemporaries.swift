import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whole-or-nothing writes for a folder sitegen keeps (the history, the response cache): each
/// file is written under a temporary name in the store's own `.sitegen-tmp/` folder, then renamed
/// into place. Foundation's atomic write leaves `.dat.nosync…` files beside the target when the
/// process is killed, which `git add history` would commit; these are all in one folder the
/// history's ignore file excludes, and removed when a store opens.
///
/// The folder's name is in a folder a repository keeps, so a commit can put anything there: a
/// link to `../..` once made every build delete every file above the repository. So the folder
/// is reached only through the store's descriptor, never following a link; it is used (and
/// swept) only when it is a real folder on the store's own device, owned by this user; anything
/// else under its name (a link, a file) is removed itself — never what it points to — and a
/// fresh folder made in its place; and a sweep removes only files of the names writers give,
/// a name at a time through the folder's descriptor.
public struct StoreTemporaries: Sendable {
    public static let folderName = ".sitegen-tmp"
    /// A temporary this old is left by a build that died, even if its process id was taken again.
    static let staleAfter: TimeInterval = 3600

    public let folder: URL
    let store: URL

    public init(store: URL) {
        self.store = store
        folder = store.appendingPathComponent(Self.folderName)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public func write(_ data: Data, to url: URL) throws {
        guard let dir = openFolder(create: true) else {
            throw Failure(
                description: "cannot write \(ErrorText.printable(url.path)) "
                    + "(\(ErrorText.printable(folder.path)) is not a folder of this store)")
        }
        defer { close(dir) }
        let name = "\(getpid())-\(UUID().uuidString.prefix(8))"
        let fd = openat(dir, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure(url) }
        let written = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        let saved = errno
        close(fd)
        guard written else {
            unlinkat(dir, name, 0)
            errno = saved
            throw failure(url)
        }
        guard renameat(dir, name, AT_FDCWD, url.path) == 0 else {
            let error = failure(url)
            unlinkat(dir, name, 0)
            throw error
        }
    }

    private func failure(_ url: URL) -> Failure {
        Failure(description: "cannot write \(ErrorText.printable(url.path)) (\(String(cString: strerror(errno))))")
    }

    /// `write`, making the file's folder first, for what is kept only to spare a later build work
    /// (a drawn card, a resized poster): a failure costs that build the work again, so it is not
    /// an error.
    public func keep(_ data: Data, at url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? write(data, to: url)
    }

    /// Removes what writers that died left: those whose process is gone, and any old enough.
    /// Only regular files and links (the link itself) whose names a writer gives.
    public func sweep() {
        guard let dir = openFolder(create: false) else { return }
        defer { close(dir) }
        let names = KeptFiles.names(dir).filter(Self.isWriterName)
        let now = Date().timeIntervalSince1970
        for name in names {
            var info = stat()
            guard fstatat(dir, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
                [S_IFREG, S_IFLNK].contains(info.st_mode & S_IFMT)
            else { continue }
            let age = now - Double(info.st_mtim.tv_sec)
            let owner = name.split(separator: "-").first.flatMap { pid_t($0) }
            let ownerGone = owner.map { kill($0, 0) != 0 && errno == ESRCH } ?? true
            if ownerGone || age > Self.staleAfter { unlinkat(dir, name, 0) }
        }
    }

    /// `<pid>-<8 characters of a UUID>`, as `write` names its files.
    static func isWriterName(_ name: String) -> Bool {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && pid_t(parts[0]) != nil && parts[1].utf8.count == 8
            && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// The temporaries' folder, opened through the store's descriptor without following a link,
    /// when it is a folder on the store's device owned by this user; `create` makes it (in place
    /// of whatever else has its name). nil when there is none to use.
    func openFolder(create: Bool) -> Int32? {
        let parent = open(store.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return nil }
        defer { close(parent) }
        var storeInfo = stat()
        guard fstat(parent, &storeInfo) == 0 else { return nil }
        if create { mkdirat(parent, Self.folderName, 0o755) }
        var fd = openat(parent, Self.folderName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0, create, errno == ELOOP || errno == ENOTDIR {
            // A link or file under the folder's name: removed itself, and a folder made instead.
            guard unlinkat(parent, Self.folderName, 0) == 0 else { return nil }
            mkdirat(parent, Self.folderName, 0o755)
            fd = openat(parent, Self.folderName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_dev == storeInfo.st_dev, info.st_uid == geteuid() else {
            close(fd)
            return nil
        }
        return fd
    }
}
