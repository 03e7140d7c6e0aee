import Foundation
import SitegenModel

/// Where every page lives. Links are relative and name `index.html` explicitly, so the site works
/// at a domain root, under any sub-path, and opened straight from disk.
enum Route: Hashable {
    case home, day(Day), movie(String), person(String), archive, archiveYear(Int), search,
        notFound
    case movieData(String), poster(String), feed, sitemap, robots, siteData, searchIndex
    /// A year of one chart as one file: `data/2024.json` (the days), `data/week/2024.csv`,
    /// `data/korean/2024.json`, `data/korean/weekend/2024.csv`. A week is in its Monday's year.
    case chartData(ChartScope, PeriodKind?, Int, DataFormat)
    /// Weeks by their Monday, weekends by their Friday: `week/2024-02-05/`, `weekend/2024-02-09/`.
    case period(PeriodKind, Day)
    case years, year(Int), records
    /// A day's or period's 한국영화, 외국영화 and 다양성영화 top 10s, one page (`date/…/filters/`).
    /// A chart's poster view is the same page at `#posters`.
    case dayFilters(Day), periodFilters(PeriodKind, Day)
    /// The market view: shares over time; each 시·도 by its slug; each 배급사 by its company code.
    case market, regions, region(String), distributors, distributor(String)
    /// The installable app: its manifest, its service worker (at the root, so its scope is the
    /// whole site) and the page it shows offline for a page it never kept.
    case manifest, serviceWorker, offline
    /// The films opening this week and next.
    case openings

    var path: String {
        switch self {
        case .home: "index.html"
        case .day(let d): "date/\(d.iso)/index.html"
        case .movie(let code): "movie/\(code)/index.html"
        case .person(let id): "person/\(id)/index.html"
        case .search: "search/index.html"
        case .searchIndex: "search/index.json"
        case .archive: "archive/index.html"
        case .archiveYear(let year): "archive/\(year)/index.html"
        case .notFound: "404.html"
        case .movieData(let code): "data/movie/\(code).json"
        case .poster(let code): "poster/\(code).svg"
        case .feed: "feed.xml"
        case .sitemap: "sitemap.xml"
        case .robots: "robots.txt"
        case .siteData: "data/index.json"
        case .period(let kind, let start): "\(kind.rawValue)/\(start.iso)/index.html"
        case .chartData(let scope, let kind, let year, let format):
            "data/" + (scope == .all ? "" : scope.slug + "/") + (kind.map { $0.rawValue + "/" } ?? "")
                + "\(year).\(format.rawValue)"
        case .years: "year/index.html"
        case .year(let year): "year/\(year)/index.html"
        case .records: "records/index.html"
        case .dayFilters(let d): "date/\(d.iso)/filters/index.html"
        case .periodFilters(let kind, let start): "\(kind.rawValue)/\(start.iso)/filters/index.html"
        case .market: "market/index.html"
        case .regions: "region/index.html"
        case .region(let slug): "region/\(slug)/index.html"
        case .distributors: "distributor/index.html"
        case .distributor(let code): "distributor/\(code)/index.html"
        case .manifest: "manifest.webmanifest"
        case .serviceWorker: "sw.js"
        case .offline: "offline/index.html"
        case .openings: "openings/index.html"
        }
    }

    /// Posters downloaded and resized by sitegen, named by a hash of their bytes: never changed in place.
    static let sizedPosterFolder = SizedPoster.folder

    /// The public URL path: folders end in "/" (what hosts serve and what people share).
    var prettyPath: String { Self.pretty(path) }

    /// A file's public URL path: `date/2024-02-10/index.html` is `date/2024-02-10/`.
    static func pretty(_ file: String) -> String {
        file.hasSuffix("index.html") ? String(file.dropLast("index.html".count)) : file
    }

    /// "../../" from `date/2024-02-10/index.html` back to the site root.
    var root: String {
        switch self {
        case .home, .notFound, .feed, .sitemap, .robots, .manifest, .serviceWorker: ""
        case .offline, .archive, .poster, .siteData, .search, .searchIndex, .years, .records, .market, .regions,
            .distributors, .openings:
            "../"
        case .day, .movie, .person, .movieData, .archiveYear, .period, .year, .region, .distributor:
            "../../"
        case .dayFilters, .periodFilters: "../../../"
        case .chartData: String(repeating: "../", count: path.utf8.filter { $0 == UInt8(ascii: "/") }.count)
        }
    }

    func href(from page: Route) -> String { page.root + path }

    /// A year of a day's or period's chart, the file a chart page offers for download.
    static func yearData(of date: Day, kind: PeriodKind? = nil, _ format: DataFormat) -> Route {
        .chartData(.all, kind, date.year, format)
    }

    /// A page each edition has its own of (under `en/` for English); data, posters, assets and
    /// the app's files are one for the whole site.
    var isPage: Bool {
        switch self {
        case .chartData, .movieData, .poster, .sitemap, .robots, .siteData, .manifest, .serviceWorker:
            false
        case .home, .day, .movie, .person, .archive, .archiveYear, .search, .notFound, .feed, .searchIndex, .period,
            .years, .year, .records, .dayFilters, .periodFilters, .market, .regions, .region, .distributors,
            .distributor, .offline, .openings:
            true
        }
    }

    func absolute(_ base: URL?) -> String? {
        guard let base else { return nil }
        return Self.joined(base, prettyPath)
    }

    /// `path` (from the site root) under the site's URL.
    static func joined(_ base: URL, _ path: String) -> String {
        var text = base.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        return text + path
    }
}

/// The data files' two forms: JSON for programs, CSV (with a BOM, for Excel) for spreadsheets.
enum DataFormat: String, Hashable, Sendable, CaseIterable { case json, csv }
