import Foundation
import SitegenBasics

/// The output folder as a deploy sees it: each file's key (its path in the folder), size and MD5.
/// Holds no file's bytes: each is hashed in 1 MiB chunks, and read again (mapped) only to send it.
public struct LocalSite: Sendable {
    public struct File: Sendable {
        public let key: String
        public let size: Int
        public let md5: String
    }

    public let folder: URL
    /// Sorted by key.
    public let files: [File]

    /// Names the build keeps for itself or for other hosts, never sent: the folder's marker and
    /// staging names (`.sitegen*`), a repository a deploy-by-git keeps in the folder, GitHub
    /// Pages' `.nojekyll`, and the `_headers` and `_redirects` files other hosts read (a bucket
    /// serves neither; `_headers` is applied as the objects' own headers instead).
    static func isKept(_ relative: String) -> Bool {
        let first = relative.split(separator: "/").first.map(String.init) ?? relative
        if first.hasPrefix(".sitegen")
            || [".git", ".hg", ".svn", ".nojekyll", "_headers", "_redirects"].contains(first)
        {
            return false
        }
        return true
    }

    /// A single PUT takes at most 5 GB; a site's file is far below, and one above this is a mistake.
    static let maxFileBytes = 1 << 30

    public static func scan(_ folder: URL) throws -> LocalSite {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw DeployFailure("the output folder \(folder.path) does not exist; build the site first (sitegen build)")
        }
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".sitegen").path) else {
            throw DeployFailure(
                "\(folder.path) is not a folder sitegen built (it has no .sitegen marker); "
                    + "deploy only sends a built site")
        }
        var paths: [String] = []
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey], options: [])
        while let url = enumerator?.nextObject() as? URL {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base) else { continue }
            let relative = String(path.dropFirst(base.count))
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
            if !isKept(relative) {
                if values?.isDirectory == true { enumerator?.skipDescendants() }
                continue
            }
            if values?.isRegularFile == true { paths.append(relative) }
        }
        let sorted = paths.sorted()
        // Hashing is most of a deploy's own work (1 GB is about 2 s on one core): on every core.
        let hashed = concurrentMap(sorted.count, chunk: 16) { index -> Result<File, DeployFailure> in
            let url = root.appendingPathComponent(sorted[index])
            do {
                let (digest, size) = try MD5.file(at: url)
                if size > maxFileBytes {
                    return .failure(
                        DeployFailure("\(sorted[index]) is \(size >> 20) MB; a file deployed is at most 1 GB"))
                }
                return .success(File(key: sorted[index], size: size, md5: hex(digest)))
            } catch {
                return .failure(
                    DeployFailure("cannot read \(sorted[index]) in the output folder: \(ErrorText.describe(error))"))
            }
        }
        return LocalSite(folder: root, files: try hashed.map { try $0.get() })
    }
}
