import Foundation

/// The site's settings, one name each, as the site file (`sitegen.toml`) names them: the CLI
/// resolves the file and the command line (which overrides it) into one of these, once, and every
/// stage reads it — fetch what to ask KOBIS for, render what to write, the writer nothing.
public struct SiteConfig: Sendable, Equatable {
    /// `name`: what the site calls itself (title, feed, manifest, footer).
    public var name: String
    public var description: String?
    /// The feed's author.
    public var author: String?
    /// `base_url`: absolute URLs where a format needs them (sitemap, feed ids, og:url, canonical).
    public var baseURL: URL?
    /// The English edition under `en/`, beside the Korean one at the root.
    public var english: Bool
    /// `[en] name` and `[en] description`: the English edition's own, when given.
    public var englishName: String?
    public var englishDescription: String?
    /// `posters`: served from the site, resized (`download`), or linked on their hosts (`hotlink`).
    public var posters: Posters
    /// The 한국, 외국 and 다양성 charts beside the national ones (the market view).
    public var market: Bool
    /// Each 시·도's charts (17 KOBIS calls a day, so off unless asked for).
    public var regions: Bool
    /// Share cards (`og:image`), drawn when there is a base URL (`og:image` must be absolute).
    public var cards: Bool
    /// The installable app: the web app manifest and the service worker for offline reading.
    public var app: Bool

    public enum Posters: String, Sendable, Equatable {
        case download, hotlink
    }

    public init(
        name: String = SiteConfig.stockName, description: String? = nil, author: String? = nil, baseURL: URL? = nil,
        english: Bool = false, englishName: String? = nil, englishDescription: String? = nil,
        posters: Posters = .download, market: Bool = true, regions: Bool = false, cards: Bool = true, app: Bool = true
    ) {
        self.name = name; self.description = description; self.author = author; self.baseURL = baseURL
        self.english = english; self.englishName = englishName; self.englishDescription = englishDescription
        self.posters = posters; self.market = market; self.regions = regions; self.cards = cards; self.app = app
    }

    public var drawsCards: Bool { cards && baseURL != nil }
    public var hotlinksPosters: Bool { posters == .hotlink }

    public static let stockName = "한국 일별 박스오피스"
    /// What the installed app says the site is when the site file gives no description.
    public static let stockDescription = "KOBIS 일별·주간 박스오피스와 영화별 관객 기록"
}
