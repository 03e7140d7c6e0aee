import Foundation
import SitegenModel

/// Where every page lives. Links are relative and name `index.html` explicitly, so the site works
/// at a domain root, under any sub-path, and opened straight from disk.
enum Route: Hashable {
    case home, homeGrid, day(Day), dayGrid(Day), movie(String), person(String), archive, archiveYear(Int), search,
        notFound
    case dayData(Day), movieData(String), dayCSV(Day), movieCSV(String), poster(String), feed, sitemap, robots,
        siteData, searchIndex
    /// Weeks by their Monday, weekends by their Friday: `week/2024-02-05/`, `weekend/2024-02-09/`.
    case period(PeriodKind, Day), periodGrid(PeriodKind, Day), periodData(PeriodKind, Day), periodCSV(PeriodKind, Day)
    case years, year(Int), records
    /// A filter's chart of a day or period (`date/2024-02-10/korean/`), its poster view and data
    /// (`data/korean/2024-02-10.json`, `data/korean/week/2024-02-05.json`).
    case scopedDay(ChartScope, Day), scopedDayGrid(ChartScope, Day), scopedDayData(ChartScope, Day),
        scopedDayCSV(ChartScope, Day)
    case scopedPeriod(ChartScope, PeriodKind, Day), scopedPeriodGrid(ChartScope, PeriodKind, Day),
        scopedPeriodData(ChartScope, PeriodKind, Day), scopedPeriodCSV(ChartScope, PeriodKind, Day)
    /// The market view: shares over time; each 시·도 by its slug; each 배급사 by its company code.
    case market, regions, region(String), distributors, distributor(String)
    /// The installable app: its manifest, its service worker (at the root, so its scope is the
    /// whole site) and the page it shows offline for a page it never kept.
    case manifest, serviceWorker, offline

    var path: String {
        switch self {
        case .home: "index.html"
        case .homeGrid: "grid/index.html"
        case .day(let d): "date/\(d.iso)/index.html"
        case .dayGrid(let d): "date/\(d.iso)/grid/index.html"
        case .movie(let code): "movie/\(code)/index.html"
        case .person(let id): "person/\(id)/index.html"
        case .search: "search/index.html"
        case .searchIndex: "search/index.json"
        case .archive: "archive/index.html"
        case .archiveYear(let year): "archive/\(year)/index.html"
        case .notFound: "404.html"
        case .dayData(let d): "data/\(d.iso).json"
        case .movieData(let code): "data/movie/\(code).json"
        case .dayCSV(let d): "data/\(d.iso).csv"
        case .movieCSV(let code): "data/movie/\(code).csv"
        case .poster(let code): "poster/\(code).svg"
        case .feed: "feed.xml"
        case .sitemap: "sitemap.xml"
        case .robots: "robots.txt"
        case .siteData: "data/index.json"
        case .period(let kind, let start): "\(kind.rawValue)/\(start.iso)/index.html"
        case .periodGrid(let kind, let start): "\(kind.rawValue)/\(start.iso)/grid/index.html"
        case .periodData(let kind, let start): "data/\(kind.rawValue)/\(start.iso).json"
        case .periodCSV(let kind, let start): "data/\(kind.rawValue)/\(start.iso).csv"
        case .years: "year/index.html"
        case .year(let year): "year/\(year)/index.html"
        case .records: "records/index.html"
        case .scopedDay(let scope, let d): "date/\(d.iso)/\(scope.slug)/index.html"
        case .scopedDayGrid(let scope, let d): "date/\(d.iso)/\(scope.slug)/grid/index.html"
        case .scopedDayData(let scope, let d): "data/\(scope.slug)/\(d.iso).json"
        case .scopedDayCSV(let scope, let d): "data/\(scope.slug)/\(d.iso).csv"
        case .scopedPeriod(let scope, let kind, let start): "\(kind.rawValue)/\(start.iso)/\(scope.slug)/index.html"
        case .scopedPeriodGrid(let scope, let kind, let start):
            "\(kind.rawValue)/\(start.iso)/\(scope.slug)/grid/index.html"
        case .scopedPeriodData(let scope, let kind, let start): "data/\(scope.slug)/\(kind.rawValue)/\(start.iso).json"
        case .scopedPeriodCSV(let scope, let kind, let start): "data/\(scope.slug)/\(kind.rawValue)/\(start.iso).csv"
        case .market: "market/index.html"
        case .regions: "region/index.html"
        case .region(let slug): "region/\(slug)/index.html"
        case .distributors: "distributor/index.html"
        case .distributor(let code): "distributor/\(code)/index.html"
        case .manifest: "manifest.webmanifest"
        case .serviceWorker: "sw.js"
        case .offline: "offline/index.html"
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
        case .homeGrid, .offline, .archive, .dayData, .dayCSV, .poster, .siteData, .search, .searchIndex, .years,
            .records, .market, .regions, .distributors:
            "../"
        case .day, .movie, .person, .movieData, .movieCSV, .archiveYear, .period, .periodData, .periodCSV, .year,
            .scopedDayData, .scopedDayCSV, .region, .distributor:
            "../../"
        case .dayGrid, .periodGrid, .scopedDay, .scopedPeriod, .scopedPeriodData, .scopedPeriodCSV: "../../../"
        case .scopedDayGrid, .scopedPeriodGrid: "../../../../"
        }
    }

    func href(from page: Route) -> String { page.root + path }

    /// A page each edition has its own of (under `en/` for English); data, posters, assets and
    /// the app's files are one for the whole site.
    var isPage: Bool {
        switch self {
        case .dayData, .movieData, .dayCSV, .movieCSV, .poster, .sitemap, .robots, .siteData, .periodData, .periodCSV,
            .scopedDayData, .scopedDayCSV, .scopedPeriodData, .scopedPeriodCSV, .manifest, .serviceWorker:
            false
        case .home, .homeGrid, .day, .dayGrid, .movie, .person, .archive, .archiveYear, .search, .notFound, .feed,
            .searchIndex, .period, .periodGrid, .years, .year, .records, .scopedDay, .scopedDayGrid, .scopedPeriod,
            .scopedPeriodGrid, .market, .regions, .region, .distributors, .distributor, .offline:
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
