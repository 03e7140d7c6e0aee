import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An output folder as one value, for comparing sites: each path with its kind, permissions and
/// contents' hash (a link with its target), so a test sees any file or folder that differs.
public enum SiteTree {
    /// Every entry under `root` as a clean build would have to match it: kind, permissions and
    /// bytes of files, folders (empty ones too), and symbolic links with their targets.
    public static func tree(_ root: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        func walk(_ relative: String) throws {
            let path = relative.isEmpty ? root.path : root.path + "/" + relative
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                let child = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(root.path + "/" + child, &info) == 0 else { continue }
                let mode = String(info.st_mode & 0o7777, radix: 8)
                switch info.st_mode & S_IFMT {
                case S_IFDIR: out[child] = "folder \(mode)"; try walk(child)
                case S_IFLNK: out[child] = "link → " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: root.path + "/" + child)) ?? "?")
                default:
                    let data = try Data(contentsOf: URL(fileURLWithPath: root.path + "/" + child))
                    out[child] = "file \(mode) \(data.count) \(data.hashValue)"
                }
            }
        }
        try walk("")
        return out
    }

    public static func differences(_ got: [String: String], _ want: [String: String]) -> [String] {
        Set(got.keys).union(want.keys).sorted().filter { got[$0] != want[$0] }.map { "\($0): \(got[$0] ?? "absent") ≠ \(want[$0] ?? "absent")" }
    }
}
