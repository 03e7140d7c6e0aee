import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which sitegen binary wrote a site: pages are only reused by the binary that rendered them,
/// since another version may render the same inputs differently. The release number alone would
/// miss a rebuilt binary of the same release, so the executable's size, modification time and
/// inode stand beside it (a stat, where hashing the 30 MB binary would cost a rebuild's budget).
public enum BuildIdentity {
    /// Worked out once per process: every reader (the manifest, the demo memo) sees one value,
    /// even when the stat fails and the identity is a random one.
    public static let current: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else {
            return "\(SitegenVersion.release) unknown-\(UUID().uuidString)"
        }
        return "\(SitegenVersion.release) \(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)-\(info.st_ino)"
    }()
}
