import CAtomicSwap
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// The staging folder's life on disk: made beside the output under a name the next lock finds,
// swapped for the output in one syscall (or two renames where the kernel has no exchange), and
// a repository kept in the output carried across. Apart from the session, which only fills it.
extension SiteWriter {
    /// A new staging folder beside the output, named so the next build's lock finds and removes
    /// it if this build dies.
    func makeStagingFolder() throws -> String {
        let parent = output.deletingLastPathComponent().path
        let folder = parent + "/\(stagingPrefix)\(getpid())-\(UUID().uuidString.prefix(8))"
        guard mkdir(folder, 0o755) == 0 else {
            throw WriteError("cannot write in \(parent) (\(String(cString: strerror(errno)))); pick another --output")
        }
        return folder
    }

    /// A repository kept in the output (a deploy that pushes the built folder) goes into the new
    /// site with it: its history is no build's to replace. The names moved.
    static func moveVersionControl(
        _ names: [String] = SiteWriter.versionControl.sorted(), from: String, to: String
    ) -> [String] {
        names.filter { rename(from + "/" + $0, to + "/" + $0) == 0 }
    }

    func swapIn(_ staging: URL) throws {
        let fm = FileManager.default
        if fm.fileExists(atPath: output.path) {
            // One syscall swaps old and new, so no instant exists without a complete site.
            let result = sitegen_exchange_paths(staging.path, output.path)
            if result == 0 {
                Self.removeTree(staging.path)
                return
            }
            guard result == ENOSYS || result == EINVAL || result == ENOTSUP else {
                throw WriteError("cannot replace \(output.path): \(String(cString: strerror(result)))")
            }
            let old = staging.deletingLastPathComponent().appendingPathComponent(staging.lastPathComponent + "-old")
            try fm.moveItem(at: output, to: old)
            do { try fm.moveItem(at: staging, to: output) }
            catch { try? fm.moveItem(at: old, to: output); throw error }
            Self.removeTree(old.path)
        } else {
            try fm.moveItem(at: staging, to: output)
        }
    }
}
