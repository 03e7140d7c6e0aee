import Foundation

/// The regular files under a folder, by path relative to it, sorted; symlinks that lead out of
/// the folder are skipped. Nil when the folder cannot be read. Shared by the template, note and
/// public-folder readers.
enum FolderFiles {
    static func list(_ folder: URL) -> [(relative: String, url: URL)]? {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath()
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return nil }
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        var found: [(String, URL)] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let full = url.standardizedFileURL.resolvingSymlinksInPath().path
            guard full.hasPrefix(prefix) else { continue }
            found.append((String(full.dropFirst(prefix.count)), url))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The symbolic links under a folder, by path relative to it, sorted: `list` never follows
    /// one, and a file that is silently missing from the site is worse than one line saying so.
    static func links(_ folder: URL) -> [String] {
        paths(under: folder) { $0.isSymbolicLink == true }
    }

    /// What is neither a file, a folder nor a link under a folder (a FIFO, a socket, a device):
    /// `list` leaves them out too, and says so the same way.
    static func specials(_ folder: URL) -> [String] {
        paths(under: folder) { $0.isSymbolicLink == false && $0.isRegularFile == false && $0.isDirectory == false }
    }

    private static func paths(under folder: URL, where wanted: (URLResourceValues) -> Bool) -> [String] {
        let keys: Set<URLResourceKey> = [.isSymbolicLinkKey, .isRegularFileKey, .isDirectoryKey]
        let root = folder.standardizedFileURL.resolvingSymlinksInPath()
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: Array(keys))
        else { return [] }
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        var found: [String] = []
        for case let url as URL in walker {
            guard let values = try? url.resourceValues(forKeys: keys), wanted(values) else { continue }
            found.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
        }
        return found.sorted()
    }
}
