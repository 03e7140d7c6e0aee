import Foundation
import SitegenRender

/// The Public files as published, and the names pages link them by.
enum PublishedAssets {
    static func make(_ files: [Inputs.PublicFile]) -> ([Inputs.PublicFile], SiteAssets) {
        var assets = SiteAssets()
        if let style = files.first(where: { $0.path == "style.css" }) {
            assets.styleText = String(decoding: style.contents, as: UTF8.self)
        }
        return (files, assets)
    }
}
