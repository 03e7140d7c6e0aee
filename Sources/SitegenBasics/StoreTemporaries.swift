import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whole-or-nothing writes for a folder sitegen keeps (the history, the response cache): each
/// file is written under a temporary name in the store's own `.sitegen-tmp/` folder, then renamed
/// into place. Foundation's atomic write leaves `.dat.nosync…` files beside the target when the
/// process is killed, which `git add history` would commit; these are all in one folder the
/// history's ignore file excludes, and removed when a store opens.
public struct StoreTemporaries: Sendable {
    public static let folderName = ".sitegen-tmp"
    /// A temporary this old is left by a build that died, even if its process id was taken again.
    static let staleAfter: TimeInterval = 3600

    public let folder: URL

    public init(store: URL) { folder = store.appendingPathComponent(Self.folderName) }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public func write(_ data: Data, to url: URL) throws {
        mkdir(folder.path, 0o755)
        let temporary = folder.appendingPathComponent("\(getpid())-\(UUID().uuidString.prefix(8))").path
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "cannot write \(ErrorText.printable(url.path)) (\(reason))")
        }
    }

    /// `write`, making the file's folder first, for what is kept only to spare a later build work
    /// (a drawn card, a resized poster): a failure costs that build the work again, so it is not
    /// an error.
    public func keep(_ data: Data, at url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? write(data, to: url)
    }

    /// Removes what writers that died left: those whose process is gone, and any old enough.
    public func sweep() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let now = Date().timeIntervalSince1970
        for name in names {
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let age = now - Double(info.st_mtim.tv_sec)
            let owner = name.split(separator: "-").first.flatMap { pid_t($0) }
            let ownerGone = owner.map { kill($0, 0) != 0 && errno == ESRCH } ?? true
            if ownerGone || age > Self.staleAfter { unlink(path) }
        }
    }
}
