import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

/// What `stat` says of a file or folder, in one number. A file whose inode, size and
/// modification time all match what the build recorded is taken to hold what it wrote, as git's
/// index takes it; anything else is in doubt and compared byte for byte. A folder's stamp changes
/// whenever a name is added to it, removed or renamed, so a folder whose stamp matches holds no
/// file the build did not write.
public enum FileStamp {
    public static func file(_ info: stat) -> UInt64 {
        var f = Fingerprint()
        f.add(UInt64(info.st_ino)); f.add(Int64(info.st_size))
        f.add(Int64(info.st_mtim.tv_sec)); f.add(Int64(info.st_mtim.tv_nsec))
        return f.value | 1  // never 0, which means "not known"
    }

    public static func folder(_ info: stat) -> UInt64 {
        var f = Fingerprint("folder")
        f.add(UInt64(info.st_ino))
        f.add(Int64(info.st_mtim.tv_sec)); f.add(Int64(info.st_mtim.tv_nsec))
        return f.value | 1
    }

    static func isFolder(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }
    static func isFile(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFREG }
}

/// How the output differs from what the last build's manifest says it wrote: files deleted,
/// edited, replaced or made something else, and files or folders no build wrote.
public struct OutputDrift: Sendable, Equatable {
    /// The pages to render again, because one of their files is not as written.
    public var pages: Set<String> = []
    /// Those files: missing, or with a stamp that differs (their bytes decide).
    public var files: Set<String> = []
    /// Files to write even if their bytes are right: a symbolic link, or other permissions.
    public var rewrite: Set<String> = []
    /// What no build wrote (or a folder where a file belongs), removed before anything is written.
    public var strays: [String] = []
    /// The `.sitegen` marker holds other bytes than a build writes there.
    public var marker = false
    /// Names no build wrote that are another file system mounted in the output: never removed
    /// (nor anything on them), and said.
    public var leftAlone: [String] = []

    public init() {}
    public var isEmpty: Bool { pages.isEmpty && strays.isEmpty && !marker }
}

extension SiteWriter {
    /// Checks the output against the manifest with one `stat` per file and folder, on every core
    /// (a ten-year site is 29,000 files and 15,000 folders: about 25 ms), and reads only the
    /// folders whose stamp changed. Contents are not read here: a file in doubt is rendered again
    /// and compared by the build, which replaces it only if its bytes differ.
    public func checkOutput(against manifest: BuildManifest) -> OutputDrift {
        guard let folder = try? OutputFolder(output.path) else {
            var drift = OutputDrift()
            for page in manifest.pages where !page.files.isEmpty {
                drift.pages.insert(page.id); drift.files.formUnion(page.files)
            }
            return drift
        }
        // The threads below use the descriptor alone: the folder must not close it before they end.
        defer { withExtendedLifetime(folder) {} }
        let root = folder.fd
        var drift = OutputDrift()
        // Read through raw buffers: each thread retaining and releasing the same arrays made the
        // two cores fight over their reference counts.
        let folderCount = manifest.folders.count
        let mode = manifest.fileMode
        let parts = manifest.folders.withUnsafeBufferPointer { folderBuffer in
            manifest.pages.withUnsafeBufferPointer { pageBuffer in
                let folders = Shared(folderBuffer), pages = Shared(pageBuffer)
                return onEveryCore(folderCount + pageBuffer.count) { range -> News in
                    var news = News()
                    var info = stat()
                    for i in range where i < folderCount {
                        let folder = folders.items[i]
                        guard fstatat(root, folder.path.isEmpty ? "." : folder.path, &info, AT_SYMLINK_NOFOLLOW) == 0
                        else { continue }  // its files say so
                        if !FileStamp.isFolder(info) {
                            news.folders.append((i, .notAFolder))
                        } else if FileStamp.folder(info) != folder.stamp {
                            news.folders.append((i, .changed))
                        }
                    }
                    for i in range where i >= folderCount {
                        let page = pages.items[i - folderCount]
                        for (file, stamp) in zip(page.files, page.stamps) {
                            let kind: FileNews?
                            if fstatat(root, file, &info, AT_SYMLINK_NOFOLLOW) != 0 { kind = .missing }
                            else if FileStamp.isFolder(info) { kind = .folder }
                            else if !FileStamp.isFile(info) { kind = .rewrite }
                            else if let mode, UInt32(info.st_mode & 0o7777) != mode { kind = .rewrite }
                            else { kind = FileStamp.file(info) == stamp ? nil : .changed }
                            if let kind { news.files.append((i - folderCount, file, kind)) }
                        }
                    }
                    return news
                }
            }
        }
        let fileNews = parts.flatMap(\.files), folderNews = parts.flatMap(\.folders)
        for (i, file, kind) in fileNews {
            drift.pages.insert(manifest.pages[i].id)
            drift.files.insert(file)
            if kind == .rewrite { drift.rewrite.insert(file) }
            if kind == .folder { drift.strays.append(file) }
        }
        var toRead: [String] = []
        for (i, kind) in folderNews {
            if kind == .notAFolder {
                drift.strays.append(manifest.folders[i].path)
            } else {
                toRead.append(manifest.folders[i].path)
            }
        }
        if !toRead.isEmpty {
            let found = strays(in: toRead, of: folder, manifest: manifest)
            // A disk mounted inside the output is no build's to empty (a repair once did).
            let mounted = found.filter { path in
                var info = stat()
                return fstatat(root, path, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_dev != folder.device
            }
            drift.strays += found.filter { !mounted.contains($0) }
            drift.leftAlone = mounted
        }
        drift.marker =
            RegularFile.read(output.path + "/" + Self.marker, limit: 4096)?.data != Data(Self.markerText.utf8)
        return drift
    }

    private enum FolderNews { case changed, notAFolder }
    /// What one thread found: folder and page indices with what is wrong.
    private struct News: Sendable {
        var folders: [(Int, FolderNews)] = []
        var files: [(Int, String, FileNews)] = []
    }
    /// A buffer the check's threads only read, while the array it belongs to is held by the caller.
    private struct Shared<T>: @unchecked Sendable {
        let items: UnsafeBufferPointer<T>
        init(_ items: UnsafeBufferPointer<T>) { self.items = items }
    }
    private enum FileNews { case missing, changed, rewrite, folder }

    /// The names in these folders that are neither a file nor a folder of the manifest. Listing
    /// the manifest's names costs a few milliseconds, paid only when some folder changed. A
    /// version-control folder is never one: a deploy that pushes the built folder keeps its
    /// repository there, and its history is no build's to delete.
    private func strays(in folders: [String], of output: OutputFolder, manifest: BuildManifest) -> [String] {
        var known = Set(manifest.folders.lazy.map(\.path))
        for page in manifest.pages { known.formUnion(page.files) }
        var found: [String] = []
        for folder in folders {
            for name in output.list(folder) ?? [] {
                if (folder.isEmpty && name == Self.marker) || Self.versionControl.contains(name) { continue }
                let path = folder.isEmpty ? name : folder + "/" + name
                if !known.contains(path) { found.append(path) }
            }
        }
        return found.sorted()
    }

    /// Kept wherever they are found in the output, by every kind of build.
    static let versionControl: Set<String> = [".git", ".hg", ".svn"]
}
