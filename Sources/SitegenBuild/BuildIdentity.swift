import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which sitegen binary wrote a site: pages are only reused by the binary that rendered them,
/// since another version may render the same inputs differently. The release number alone would
/// miss a rebuilt binary of the same release, so the executable's size, modification time and
/// inode stand beside it (a stat, where hashing the 30 MB binary would cost a rebuild's budget).
public enum BuildIdentity {
    /// Worked out once per process: every reader (the manifest) sees one value, even when the
    /// stat fails and the identity is a random one.
    public static let current: String = identity(inode: true)

    /// The same but for the inode, for what the cache keeps (the decoded answers, the demo's
    /// memo): the workflow restores both the cache and its sitegen binary from tarballs each
    /// morning, which keep a file's size and time but never its inode.
    public static let restorable: String = identity(inode: false)

    private static let unknown = "\(SitegenVersion.release) unknown-\(UUID().uuidString)"

    private static func identity(inode: Bool) -> String {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return unknown }
        let stamp = "\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        return "\(SitegenVersion.release) \(stamp)" + (inode ? "-\(info.st_ino)" : "")
    }
}
