import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

// Putting one file or folder on disk, the way every write path does it: plain syscalls (a site
// has tens of thousands of files), an unchanged file recognised and linked rather than written,
// a folder's stamp for the manifest. Shared by the staged write, the in-place update and repair.
extension SiteWriter {
    /// mkdir for each folder of `relative` not made yet under `root`, parents first (plain calls:
    /// a site has thousands of folders). `made` remembers them between calls.
    static func makeFolders(for relative: String, under root: String, made: inout Set<String>) throws {
        var created: [String] = []
        try makeFolders(for: relative, under: root, made: &made, created: &created)
    }

    /// The same, adding to `created` each folder that was not there before.
    static func makeFolders(
        for relative: String, under root: String, made: inout Set<String>, created: inout [String]
    ) throws {
        var missing: [String] = []
        var folder = parentFolder(relative)
        while !made.contains(folder) {
            missing.append(folder)
            folder = parentFolder(folder)
        }
        for folder in missing.reversed() {
            if mkdir(root + "/" + folder, 0o755) == 0 { created.append(folder) } else if errno != EEXIST {
                throw WriteError("cannot create \(ErrorText.printable(folder)) (\(String(cString: strerror(errno))))")
            }
            made.insert(folder)
        }
    }

    /// One open, write, close: Foundation's createFile writes through a temporary file, which
    /// costs more than the page itself when a site has twenty thousand of them.
    /// What `fstat` says of the file once written, for its stamp.
    @discardableResult
    static func writeFile(_ path: String, _ data: Data, relative: String) throws -> stat {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError("cannot write \(relative) (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw WriteError("cannot write \(relative) (\(String(cString: strerror(errno))))")
                }
                offset += n
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw WriteError("cannot write \(relative) (\(String(cString: strerror(errno))))")
        }
        return info
    }

    /// The stamps of these folders of the output as they are now (after the swap, so each is
    /// recorded as the site has it). A folder that is not there is left out.
    func stampFolders<S: Sequence>(_ folders: S) -> [BuildManifest.Folder] where S.Element == String {
        var out: [BuildManifest.Folder] = []
        var info = stat()
        for folder in folders
        where lstat(folder.isEmpty ? output.path : output.path + "/" + folder, &info) == 0 && FileStamp.isFolder(info) {
            out.append(BuildManifest.Folder(path: folder, stamp: FileStamp.folder(info)))
        }
        return out
    }

    /// A hard link to a regular file of `size` bytes at `from`: `link` does not follow a symbolic
    /// link, it links the link, which a copy of the site would then follow anywhere. Anything
    /// else linked in is taken out again, and the caller writes the bytes.
    static func linkRegular(_ from: String, _ target: String, size: Int, _ info: inout stat) -> Bool {
        guard link(from, target) == 0 else { return false }
        if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == size { return true }
        unlink(target)
        return false
    }

    /// Same size first (a stat), then the bytes. A symbolic link, or a file with other
    /// permissions than `mode` (when given), is never the same as what a build writes.
    static func sameContents(_ path: String, _ data: Data, mode: UInt32? = nil) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == data.count,
              mode.map({ UInt32(info.st_mode & 0o7777) == $0 }) ?? true else { return false }
        guard let existing = FileManager.default.contents(atPath: path) else { return false }
        return existing == data
    }

    /// Deletes a folder tree with plain unlinkat calls (FileManager's is slow on big trees), never
    /// following a link or crossing onto another file system (`OutputFolder.removeEntry`).
    static func removeTree(_ path: String) { OutputFolder.removeTree(path) }
}
