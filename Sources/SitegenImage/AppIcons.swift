import Foundation
import SitegenBasics
import SitegenRender

/// The installed app's icons, drawn from the site's favicon (the theme's `favicon.svg`) with
/// libvips: 192 and 512 pixels as they are, and a 512-pixel maskable one with the favicon inside the
/// safe zone on a full background, for launchers that cut icons to a circle or a squircle.
public enum AppIcons {
    static let sizes = [192, 512]

    /// Each icon and its bytes, named by the favicon they come from; taken from the store's `cards` partition when
    /// drawn before. Empty, with the reason, when they cannot be drawn.
    /// Each icon's name: `icon-192.<8 hex of the favicon>.png`, `icon-maskable-512.….png`.
    public static func names(_ favicon: Data) -> [AppIcon] {
        let hash = FNV1a.hex(favicon, digits: 8)
        return sizes.map { AppIcon(path: "icon-\($0).\(hash).png", size: $0, maskable: false) }
            + [AppIcon(path: "icon-maskable-512.\(hash).png", size: 512, maskable: true)]
    }

    public static func make(favicon: Data, kept: KeptFiles) -> (icons: [(AppIcon, Data)], problem: String?) {
        let embedded = "data:image/svg+xml;base64," + favicon.base64EncodedString()
        let background = fill(of: favicon) ?? "#ffffff"
        var out: [(AppIcon, Data)] = []
        for icon in names(favicon) {
            let (name, size, maskable) = (icon.path, icon.size, icon.maskable)
            if let png = kept.take(name) {
                out.append((icon, png))
                continue
            }
            // libvips is loaded only to draw: a rebuild finds every icon in the cache.
            if let why = PosterImages.unavailable { return ([], why) }
            // The safe zone of a maskable icon is the middle 80%: the favicon fills 70% of it.
            let inset = maskable ? size * 15 / 100 : 0
            let svg =
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size)\" height=\"\(size)\" "
                + "viewBox=\"0 0 \(size) \(size)\">"
                + (maskable ? "<rect width=\"\(size)\" height=\"\(size)\" fill=\"\(background)\"/>" : "")
                + "<image x=\"\(inset)\" y=\"\(inset)\" width=\"\(size - 2 * inset)\" height=\"\(size - 2 * inset)\" "
                + "href=\"\(embedded)\"/></svg>"
            do {
                let png = try CardImages.png(svg: svg, width: size, height: size)
                kept.keep(png, as: name)
                out.append((icon, png))
            } catch {
                return ([], "the favicon could not be drawn as an icon (\(ErrorText.describe(error)))")
            }
        }
        return (out, nil)
    }

    /// The first colour the favicon fills with (`fill="#c8102e"`): the stock icon's red square,
    /// so the maskable icon's background continues it. A favicon without one gets white.
    static func fill(of svg: Data) -> String? {
        let text = String(decoding: svg.prefix(4096), as: UTF8.self)
        guard let match = text.firstMatch(of: /fill="(#[0-9A-Fa-f]{3}(?:[0-9A-Fa-f]{3})?)"/) else { return nil }
        return String(match.output.1)
    }
}
