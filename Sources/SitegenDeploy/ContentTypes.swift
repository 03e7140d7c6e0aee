/// The `Content-Type` of a site's file by its extension: what a static host would send. A bucket
/// sends whatever was stored with the object, so each upload names it.
enum ContentTypes {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "webmanifest": "application/manifest+json", "map": "application/json",
        "xml": "application/xml; charset=utf-8", "rss": "application/rss+xml", "atom": "application/atom+xml",
        "txt": "text/plain; charset=utf-8", "csv": "text/csv; charset=utf-8", "md": "text/markdown; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "webp": "image/webp",
        "avif": "image/avif", "gif": "image/gif", "ico": "image/x-icon",
        "woff2": "font/woff2", "woff": "font/woff", "ttf": "font/ttf", "otf": "font/otf",
        "pdf": "application/pdf", "wasm": "application/wasm", "zip": "application/zip", "gz": "application/gzip",
    ]

    static func of(_ key: String) -> String {
        let name = key.split(separator: "/").last.map(String.init) ?? key
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
