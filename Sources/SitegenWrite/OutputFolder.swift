import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

/// The output folder held by its descriptor. Every name a rebuild removes, lists or moves comes
/// from a manifest (a file any sync tool, merge or script can touch) or from what is in the
/// folder now, so each is reached from this descriptor a component at a time, with no link
/// followed: neither a `..` nor a link someone put in the output can lead a removal outside it.
final class OutputFolder {
    let fd: Int32
    let path: String
    /// The output's file system: nothing on another (a disk mounted inside the output) is removed.
    let device: dev_t
    /// What a removal found on another file system and left as it was, relative to the output.
    private(set) var leftAlone: [String] = []

    init(_ path: String) throws {
        self.path = path
        fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            throw WriteError("cannot open \(ErrorText.printable(path)) (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        fstat(fd, &info)
        device = info.st_dev
    }

    deinit { close(fd) }

    /// A descriptor for the folder at `relative` ("" is the output itself), or -1. The caller closes it.
    func openFolder(_ relative: String) -> Int32 {
        if relative.isEmpty { return dup(fd) }
        guard SiteWriter.isInside(relative) else { return -1 }
        var current = dup(fd)
        for part in relative.split(separator: "/") where current >= 0 {
            let next = openat(current, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(current)
            current = next
        }
        return current
    }

    /// Runs `body` with the descriptor of the folder holding `relative` and its last name; false
    /// when that folder cannot be reached without following a link.
    @discardableResult
    func inParent(_ relative: String, _ body: (Int32, String) -> Bool) -> Bool {
        guard SiteWriter.isInside(relative) else { return false }
        let parent = openFolder(SiteWriter.parentFolder(relative))
        guard parent >= 0 else { return false }
        defer { close(parent) }
        let name = relative.split(separator: "/").last.map(String.init) ?? relative
        return body(parent, name)
    }

    func unlink(_ relative: String) { inParent(relative) { unlinkat($0, $1, 0) == 0 } }

    func rmdir(_ relative: String) -> Bool { inParent(relative) { unlinkat($0, $1, AT_REMOVEDIR) == 0 } }

    /// The kind of what is at `relative`, not following a link; nil when nothing is.
    func kind(_ relative: String) -> mode_t? {
        var info = stat()
        let found = inParent(relative) { fstatat($0, $1, &info, AT_SYMLINK_NOFOLLOW) == 0 }
        return found ? info.st_mode & S_IFMT : nil
    }

    /// A file, link or whole folder tree; a link is removed, never what it points to, and
    /// nothing on another file system (it is named in `leftAlone`).
    func remove(_ relative: String) {
        var found: [String] = []
        inParent(relative) { parent, name in
            Self.removeEntry(parent, name, device: device, relative: relative, leftAlone: &found)
        }
        leftAlone += found
    }

    /// Removes `name` in the open folder `parent`, a whole tree if it is a folder, through
    /// descriptors a name at a time: never following a link, never crossing onto another file
    /// system (what is on one is added to `leftAlone`, and the folders holding it stay). A folder
    /// of the tree someone made read-only is made writable first, so no part of a tree this
    /// build removes is left behind for good. False when anything stayed.
    @discardableResult
    static func removeEntry(
        _ parent: Int32, _ name: String, device: dev_t, relative: String, leftAlone: inout [String]
    ) -> Bool {
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        if info.st_dev != device {
            leftAlone.append(relative)
            return false
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return unlinkat(parent, name, 0) == 0 }
        if info.st_mode & 0o700 != 0o700, info.st_uid == geteuid() {
            fchmodat(parent, name, (info.st_mode & 0o7777) | 0o700, 0)
        }
        let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        for child in names(fd) {
            removeEntry(fd, child, device: device, relative: relative + "/" + child, leftAlone: &leftAlone)
        }
        close(fd)
        return unlinkat(parent, name, AT_REMOVEDIR) == 0
    }

    /// A whole tree by its path (a staging folder, a swapped-out site), on its own file system only.
    /// What was left on another is returned, by path.
    @discardableResult
    static func removeTree(_ path: String) -> [String] {
        let parentPath = SiteWriter.parentFolder(path)
        let parent = open(parentPath.isEmpty ? "/" : parentPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return [] }
        defer { close(parent) }
        let name = String(path.split(separator: "/").last ?? "")
        var info = stat()
        guard !name.isEmpty, fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return [] }
        var leftAlone: [String] = []
        removeEntry(parent, name, device: info.st_dev, relative: path, leftAlone: &leftAlone)
        return leftAlone
    }

    /// The names in the folder at `relative`, or nil when it cannot be reached.
    func list(_ relative: String) -> [String]? {
        let folder = openFolder(relative)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        return Self.names(folder)
    }

    /// The names in an open folder (the descriptor stays open).
    private static func names(_ fd: Int32) -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let listing = fdopendir(copy) else { return [] }
        defer { closedir(listing) }
        var out: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out
    }

    /// Makes the folder at `relative` (its parent must exist): true when made, false when a folder
    /// is already there; anything else there is an error.
    func makeFolder(_ relative: String) throws -> Bool {
        var failure: Int32 = ENOENT
        var made = false
        let there = inParent(relative) { parent, name in
            if mkdirat(parent, name, 0o755) == 0 { made = true; return true }
            failure = errno
            var info = stat()
            guard failure == EEXIST, fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
            failure = ENOTDIR
            return info.st_mode & S_IFMT == S_IFDIR
        }
        guard there else {
            throw WriteError("cannot create \(ErrorText.printable(relative)) (\(String(cString: strerror(failure))))")
        }
        return made
    }

    /// Renames the file at `from` (outside the output, e.g. in a staging folder) to `relative`.
    func moveIn(_ from: String, to relative: String) -> Int32 {
        var failure: Int32 = ENOENT
        let moved = inParent(relative) { parent, name in
            guard renameat(AT_FDCWD, from, parent, name) == 0 else { failure = errno; return false }
            return true
        }
        return moved ? 0 : failure
    }

    /// A second name outside the output for the file at `relative` (a hard link, no link
    /// followed); ENOENT when there is no such file.
    func keep(_ relative: String, as backup: String) -> Int32 {
        var failure: Int32 = ENOENT
        let linked = inParent(relative) { parent, name in
            guard linkat(parent, name, AT_FDCWD, backup, 0) == 0 else { failure = errno; return false }
            return true
        }
        return linked ? 0 : failure
    }

    /// Renames `relative` to `to`, outside the output.
    func moveOut(_ relative: String, to: String) -> Int32 {
        var failure: Int32 = ENOENT
        let moved = inParent(relative) { parent, name in
            guard renameat(parent, name, AT_FDCWD, to) == 0 else { failure = errno; return false }
            return true
        }
        return moved ? 0 : failure
    }
}
