import SitegenRender

/// What `sitegen --version` prints: the release, and the libcmark the binary links, since notes
/// render through the system's copy and a host needs that package (libcmark0.30.2 on Debian).
public enum SitegenVersion {
    public static let release = "0.5.0"
    public static var description: String { "sitegen \(release) (libcmark \(Markdown.version))" }
}
