import Foundation
import SitegenModel

extension SiteConfig {
    /// The editions built: Korean at the root always, English under `en/` when asked for.
    public var languages: [Language] { english ? [.ko, .en] : [.ko] }
}

/// What render knows of the published assets: each one's file name (content-hashed when the
/// pipeline published it so) and the stylesheet's text, which the 404 page carries inline because
/// a host serves it at any depth, where no relative link to the stylesheet would hold.
public struct SiteAssets: Sendable, Equatable {
    public var style: String
    public var siteScript: String
    public var searchScript: String
    public var favicon: String
    /// `custom.css`, the operator's rules on top of the stock stylesheet, when Public has one.
    public var custom: String?
    public var styleText: String
    /// The app icons drawn from the favicon (`icon-192.<hash>.png`, …), for the manifest; none when
    /// they could not be drawn.
    public var icons: [AppIcon]
    public init(
        style: String = "style.css", siteScript: String = "site.js", searchScript: String = "search.js",
        favicon: String = "favicon.svg", styleText: String = "", icons: [AppIcon] = []
    ) {
        self.style = style; self.siteScript = siteScript; self.searchScript = searchScript; self.favicon = favicon;
        self.styleText = styleText; self.icons = icons
    }

    /// Every hashed asset pages link, for the host's cache rules and the service worker.
    public var linked: [String] { [style] + (custom.map { [$0] } ?? []) + [siteScript, searchScript, favicon] }
}

/// One PNG icon of the installed app, by its name from the site root.
public struct AppIcon: Sendable, Equatable {
    public let path: String
    public let size: Int
    /// Drawn inside the safe zone on a full background, for launchers that cut icons to a shape.
    public let maskable: Bool
    public init(path: String, size: Int, maskable: Bool) {
        self.path = path; self.size = size; self.maskable = maskable
    }
}

/// Markdown notes as written, by what they annotate.
public struct NoteSources: Sendable {
    public var site: String?
    public var days: [Day: String]
    public var movies: [String: String]
    public init(site: String? = nil, days: [Day: String] = [:], movies: [String: String] = [:]) {
        self.site = site; self.days = days; self.movies = movies
    }
}

public struct RenderInput: Sendable {
    public var dataset: Dataset
    public var templates: Templates
    public var notes: NoteSources
    public var config: SiteConfig
    /// The stylesheet and scripts pages link, by the names they are published under.
    public var assets: SiteAssets
    /// The only notion of "now" render has: `{{site.builtAt}}` for templates that want it. The
    /// stock templates do not use it, so rebuilds of the same data are byte-identical.
    public var buildTime: Date
    public init(
        dataset: Dataset, templates: Templates, notes: NoteSources, config: SiteConfig,
        assets: SiteAssets = SiteAssets(), buildTime: Date
    ) {
        self.dataset = dataset; self.templates = templates; self.notes = notes; self.config = config
        self.assets = assets; self.buildTime = buildTime
    }
}

/// A file to write, by its path under the output folder ("/"-separated, never absolute or "..").
public struct OutputFile: Sendable, Equatable {
    public let path: String
    /// The file's bytes; for a share card (`drawing` set), the SVG the pipeline rasterises into
    /// them; for a served poster (`poster`), none: the image stage has them, by this path.
    public let contents: Data
    public let drawing: CardDrawing?
    public let poster: Bool
    public init(path: String, contents: Data, drawing: CardDrawing? = nil) {
        self.path = path; self.contents = contents; self.drawing = drawing; poster = false
    }
    /// A served poster copy at `path`, whose bytes the image stage fills in.
    public init(poster path: String) {
        self.path = path; contents = Data(); drawing = nil; poster = true
    }
    public init(path: String, text: String) { self.init(path: path, contents: Data(text.utf8)) }
}

/// How to turn a share card's SVG into its PNG: the size it must have and the images it embeds.
public struct CardDrawing: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let images: [CardImage]
}

/// An image a card shows (a film's poster): the `href` token in its SVG, the served copy whose
/// bytes it embeds (the image stage has them), and how wide.
public struct CardImage: Sendable, Equatable {
    public let token: String
    public let path: String
    public let width: Int
}

public struct RenderSummary: Sendable {
    public let pageCount: Int
    /// Things the user should know that are not errors ("no --base-url: sitemap.xml left out").
    public let messages: [String]
}
