import Foundation
import SitegenBasics
import SitegenModel
import SitegenRender

/// The Public files as published: the stylesheet, scripts and icon pages link get a copy named by
/// their contents (`style.3f2a9c1e.css`), so a host can cache them forever and a change still
/// reaches every reader under a new name. The plain names stay for links from elsewhere; pages
/// never use them.
enum PublishedAssets {
    static func make(_ files: [Inputs.PublicFile]) -> ([Inputs.PublicFile], SiteAssets) {
        var assets = SiteAssets()
        var published = files
        func hashed(_ path: String) -> String {
            guard let file = files.first(where: { $0.path == path }) else { return path }
            let name = hashedName(path, file.contents)
            published.append(Inputs.PublicFile(path: name, contents: file.contents, source: file.source))
            return name
        }
        assets.style = hashed("style.css")
        assets.siteScript = hashed("site.js")
        assets.searchScript = hashed("search.js")
        assets.favicon = hashed("favicon.svg")
        if let style = files.first(where: { $0.path == "style.css" }) {
            assets.styleText = String(decoding: style.contents, as: UTF8.self)
        }
        return (published.sorted { $0.path < $1.path }, assets)
    }

    /// `style.css` → `style.<8 hex of its bytes>.css`.
    static func hashedName(_ path: String, _ contents: Data) -> String {
        let dot = path.lastIndex(of: ".") ?? path.endIndex
        return path[..<dot] + "." + FNV1a.hex(contents, digits: 8) + path[dot...]
    }
}
