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
        if files.contains(where: { $0.path == customStyle }) { assets.custom = hashed(customStyle) }
        // The 404 page carries both inline: a host serves it at any depth.
        assets.styleText = [stockStyle, customStyle].compactMap { path in
            files.first(where: { $0.path == path }).map { String(decoding: $0.contents, as: UTF8.self) }
        }
        .joined(separator: "\n")
        return (published.sorted { $0.path < $1.path }, assets)
    }

    static let stockStyle = "style.css"
    /// Rules added on top of the stock stylesheet, linked after it (`sitegen init` makes an empty one).
    static let customStyle = "custom.css"
    /// A replacement `style.css` that starts with this says it means to replace the whole theme.
    static let replacesThemeMark = "/* sitegen: replaces the stock theme */"

    /// A `style.css` of the operator's that replaces the stock one, unless it is a copy of the stock
    /// stylesheet to edit (`init --eject`) or says it means to: one rule there drops the whole theme.
    static func replacedStyleWarning(_ files: [Inputs.PublicFile], stock: Data?) -> String? {
        guard let style = files.first(where: { $0.path == stockStyle }), !style.source.hasPrefix("(stock theme)")
        else { return nil }
        let text = String(decoding: style.contents, as: UTF8.self)
        let stockFirstLine = stock.map { String(decoding: $0, as: UTF8.self).prefix { $0 != "\n" } } ?? ""
        if text.hasPrefix(replacesThemeMark) || (!stockFirstLine.isEmpty && text.hasPrefix(stockFirstLine)) {
            return nil
        }
        return "\(style.source) replaces the whole stock stylesheet, so pages lose the stock theme; put rules "
            + "to add on top of it in custom.css beside it (or start the file with \(replacesThemeMark))"
    }

    /// `style.css` → `style.<8 hex of its bytes>.css`.
    static func hashedName(_ path: String, _ contents: Data) -> String {
        let dot = path.lastIndex(of: ".") ?? path.endIndex
        return path[..<dot] + "." + FNV1a.hex(contents, digits: 8) + path[dot...]
    }
}
