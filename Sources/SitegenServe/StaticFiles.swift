import Foundation

/// Maps a request path to a file of the site, refusing every way out of it: `..` in any encoding
/// (`%2e%2e`, `..%2f`, doubled `%252e`), NUL bytes, backslashes, hidden files, symlinks leading out.
public struct StaticFiles: Sendable {
    public enum Resolution: Equatable, Sendable {
        case file(URL, contentType: String)
        /// A folder asked for without its slash: its pages' relative links need the slash.
        case redirect(String)
        case forbidden
        case notFound
    }

    public let root: URL

    public init(root: URL) { self.root = root.standardizedFileURL.resolvingSymlinksInPath() }

    /// `rawPath` is the request target's path, still percent-encoded.
    public func resolve(_ rawPath: String) -> Resolution {
        guard rawPath.hasPrefix("/") else { return .forbidden }
        var decoded = rawPath
        // Decode until stable, so an encoding hidden inside another cannot smuggle a "..".
        for _ in 0..<4 {
            guard let next = decoded.removingPercentEncoding else { return .forbidden }
            if next == decoded { break }
            decoded = next
        }
        if decoded.contains("\0") || decoded.contains("\\") || decoded.contains("%") { return .forbidden }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if segments.contains(where: { $0 == ".." || $0 == "." }) { return .forbidden }
        if segments.contains(where: { $0.hasPrefix(".") }) { return .notFound }

        var target = root
        for segment in segments { target.appendPathComponent(segment) }
        let resolved = target.standardizedFileURL.resolvingSymlinksInPath()
        guard resolved.path == root.path || resolved.path.hasPrefix(root.path + "/") else { return .forbidden }

        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory) else { return .notFound }
        if isDirectory.boolValue {
            guard rawPath.hasSuffix("/") else { return .redirect(rawPath + "/") }
            let index = resolved.appendingPathComponent("index.html")
            return FileManager.default.fileExists(atPath: index.path)
                ? .file(index, contentType: ContentType.of(index)) : .notFound
        }
        return .file(resolved, contentType: ContentType.of(resolved))
    }
}

/// The type of every file the site emits, `charset=utf-8` on the text ones.
public enum ContentType {
    static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json; charset=utf-8", "xml": "application/xml; charset=utf-8",
        "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8", "csv": "text/csv; charset=utf-8",
        "svg": "image/svg+xml; charset=utf-8", "webmanifest": "application/manifest+json; charset=utf-8",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "ico": "image/x-icon", "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf",
        "otf": "font/otf", "pdf": "application/pdf", "mp4": "video/mp4", "webm": "video/webm",
    ]

    public static func of(_ url: URL) -> String {
        // The feed is Atom, which readers recognise by its own type.
        if url.lastPathComponent == "feed.xml" { return "application/atom+xml; charset=utf-8" }
        return types[url.pathExtension.lowercased()] ?? "application/octet-stream"
    }
}
