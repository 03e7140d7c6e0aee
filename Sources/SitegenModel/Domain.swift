import Foundation

/// Where a dataset came from. Demo data must be labelled as such on every page.
public enum DataSourceKind: String, Sendable {
    case demo, kobis
}

/// KOBIS's `rankOldAndNew`, with a fallback so an unexpected value never fails a whole chart.
public enum RankStatus: String, Sendable {
    case old = "OLD", new = "NEW", unknown
}

/// One row of a daily top 10, every figure parsed and validated.
public struct ChartEntry: Sendable, Equatable {
    public var rank: Int
    /// Positive means the film moved up. Meaningless for NEW rows (KOBIS sends 0).
    public var rankChange: Int
    public var status: RankStatus
    public var movieCode: String
    public var title: String
    /// The title exactly as KOBIS sent it (stray spaces included), kept for poster queries.
    public var rawTitle: String
    public var openDate: Day?
    public var sales: Int64
    public var salesShare: Double?
    public var salesChange: Int64?
    public var salesChangeRate: Double?
    public var salesTotal: Int64
    public var audience: Int64
    public var audienceChange: Int64?
    public var audienceChangeRate: Double?
    public var audienceTotal: Int64
    public var screens: Int
    public var showings: Int

    public init(rank: Int, rankChange: Int, status: RankStatus, movieCode: String, title: String, rawTitle: String,
                openDate: Day?, sales: Int64, salesShare: Double?, salesChange: Int64?, salesChangeRate: Double?,
                salesTotal: Int64, audience: Int64, audienceChange: Int64?, audienceChangeRate: Double?,
                audienceTotal: Int64, screens: Int, showings: Int) {
        self.rank = rank; self.rankChange = rankChange; self.status = status; self.movieCode = movieCode
        self.title = title; self.rawTitle = rawTitle; self.openDate = openDate; self.sales = sales
        self.salesShare = salesShare; self.salesChange = salesChange; self.salesChangeRate = salesChangeRate
        self.salesTotal = salesTotal; self.audience = audience; self.audienceChange = audienceChange
        self.audienceChangeRate = audienceChangeRate; self.audienceTotal = audienceTotal
        self.screens = screens; self.showings = showings
    }

    public var isNew: Bool { status == .new }
}

/// A day's chart. An empty `entries` is a real state (KOBIS had nothing for that day).
public struct DayChart: Sendable, Equatable {
    public var date: Day
    public var entries: [ChartEntry]
    /// When the figures were collected; KOBIS corrects a day until the next morning.
    public var fetchedAt: Date?
    /// Rows KOBIS sent that were left out (unparseable, rank outside 1–10, a rank twice): the
    /// day's page says so, since its totals and its 1위 then miss them.
    public var rejectedRows: Int

    public init(date: Day, entries: [ChartEntry], fetchedAt: Date?, rejectedRows: Int = 0) {
        self.date = date; self.entries = entries; self.fetchedAt = fetchedAt; self.rejectedRows = rejectedRows
    }

    /// The rank-1 film, if its row made it: never another film standing in for it.
    public var first: ChartEntry? { entries.first { $0.rank == 1 } }
}

public struct Person: Sendable, Equatable {
    public var name: String
    public var englishName: String
    /// An actor's role (`cast`); usually empty.
    public var role: String
    public init(name: String, englishName: String = "", role: String = "") {
        self.name = name; self.englishName = englishName; self.role = role
    }
}

public struct Company: Sendable, Equatable {
    public var code: String
    public var name: String
    public var englishName: String
    /// 배급사, 제작사, 수입사, 제공 …; the same company can appear under several parts.
    public var part: String
    public init(code: String, name: String, englishName: String, part: String) {
        self.code = code; self.name = name; self.englishName = englishName; self.part = part
    }
}

/// KOBIS movie info, cleaned.
public struct Movie: Sendable, Equatable {
    public var code: String
    public var title: String
    public var englishTitle: String
    public var originalTitle: String
    public var runtimeMinutes: Int?
    public var productionYear: Int?
    public var openDate: Day?
    public var productionStatus: String
    public var type: String
    public var nations: [String]
    public var genres: [String]
    public var directors: [Person]
    public var actors: [Person]
    public var showTypes: [String]
    public var companies: [Company]
    public var watchGrades: [String]

    public init(code: String, title: String, englishTitle: String = "", originalTitle: String = "",
                runtimeMinutes: Int? = nil, productionYear: Int? = nil, openDate: Day? = nil,
                productionStatus: String = "", type: String = "", nations: [String] = [], genres: [String] = [],
                directors: [Person] = [], actors: [Person] = [], showTypes: [String] = [],
                companies: [Company] = [], watchGrades: [String] = []) {
        self.code = code; self.title = title; self.englishTitle = englishTitle; self.originalTitle = originalTitle
        self.runtimeMinutes = runtimeMinutes; self.productionYear = productionYear; self.openDate = openDate
        self.productionStatus = productionStatus; self.type = type; self.nations = nations; self.genres = genres
        self.directors = directors; self.actors = actors; self.showTypes = showTypes
        self.companies = companies; self.watchGrades = watchGrades
    }

    /// Distributors in KOBIS order, each name once.
    public var distributors: [String] {
        var seen = Set<String>()
        return companies.filter { $0.part == "배급사" }.map(\.name).filter { seen.insert($0).inserted }
    }
}

/// The poster chosen for a movie from image search.
public struct Poster: Sendable, Equatable {
    public var url: String
    public var width: Int
    public var height: Int
    public init(url: String, width: Int, height: Int) { self.url = url; self.width = width; self.height = height }
}

/// A poster downloaded and resized by sitegen, to be served from the site itself: a copy for the
/// grid card and one for the film page, each with a copy twice as wide for 2× screens when the
/// original was large enough.
public struct SizedPoster: Sendable, Equatable {
    /// Where the sized copies live in the site; `_headers` caches this folder for a year.
    public static let folder = "poster/img"
    public var card: [PosterFile]
    public var page: [PosterFile]
    public init(card: [PosterFile], page: [PosterFile]) { self.card = card; self.page = page }
    public var files: [PosterFile] { card + page }

    /// CSS pixels the stock layout shows posters at, at most: a grid card (two a row on a phone,
    /// up to six on a desktop) and the film page's poster column.
    public static let cardWidth = 200
    public static let pageWidth = 260
}

/// One encoded poster file, named by its contents under `poster/img/`: where it is and how big,
/// what pages lay out. Its bytes stay with the image stage (`PosterCopies`), which hands them to
/// the writer and the card painter: the model carries no image.
public struct PosterFile: Sendable, Equatable {
    public var path: String
    public var width: Int
    public var height: Int
    public init(path: String, width: Int, height: Int) {
        self.path = path; self.width = width; self.height = height
    }
}

/// Everything render needs from the fetch stage.
public struct Dataset: Sendable {
    public var source: DataSourceKind
    /// Every requested day, oldest first, even the ones whose chart came back empty.
    public var days: [DayChart] { didSet { chartedMovieCodes = Self.chartedMovieCodes(days) } }
    public var movies: [String: Movie]
    public var posters: [String: Poster]
    /// Weekly and weekend charts of the periods wholly inside the range, by kind then start.
    public var periods: [PeriodChart]
    /// Posters served from the site (absent when hot-linked or when the download failed).
    public var sizedPosters: [String: SizedPoster] = [:]
    /// Posters are served from the site: one that could not be copied is the drawn placeholder,
    /// never a hot-link.
    public var postersServedFromSite = false
    /// What the range still lacks while its history is being backfilled.
    public var gaps = HistoryGaps()
    /// The filtered charts (한국, 외국, 다양성 and, with `--regions`, each 시·도), by filter.
    public var scoped: [ChartScope: ScopedCharts] = [:]
    /// The 시·도 of the region charts, in the code service's order; empty without `--regions`.
    public var regions: [Region] = []
    /// The films opening this week and next (KOBIS's film list); nil when not asked (an old
    /// window) or not had (the list failed, or `--offline` without it cached).
    public var openings: Openings?

    public init(source: DataSourceKind, days: [DayChart], movies: [String: Movie], posters: [String: Poster],
                periods: [PeriodChart] = []) {
        self.source = source
        self.days = days.sorted { $0.date < $1.date }
        chartedMovieCodes = Self.chartedMovieCodes(self.days)
        self.movies = movies
        self.posters = posters
        self.periods = periods.sorted { ($0.kind, $0.start) < ($1.kind, $1.start) }
    }

    /// Every movie code that appears on any chart, in first-appearance order then code. Kept
    /// with the days: fetch, index and summary each ask, and each walk of a ten-year site's
    /// 36,000 rows cost 2 ms.
    public private(set) var chartedMovieCodes: [String]

    static func chartedMovieCodes(_ days: [DayChart]) -> [String] {
        var seen = Set<String>()
        var codes: [String] = []
        for day in days { for e in day.entries where seen.insert(e.movieCode).inserted { codes.append(e.movieCode) } }
        return codes
    }
}

/// The days and films of a range not fetched yet: a backfill stopped at its budget or at the
/// day's quota, or an offline build found them not cached. The site is built from what there is
/// and says which years are complete; the next run fetches the rest.
public struct HistoryGaps: Sendable, Equatable {
    /// Oldest first.
    public var days: [Day]
    /// Charted films whose details are not fetched yet, sorted.
    public var movies: [String]
    /// Filtered charts not fetched yet (their pages and shares are left out until they are).
    public var scopedCharts: Int
    public init(days: [Day] = [], movies: [String] = [], scopedCharts: Int = 0) {
        self.days = days.sorted(); self.movies = movies.sorted(); self.scopedCharts = scopedCharts
    }
    public var isEmpty: Bool { days.isEmpty && movies.isEmpty }
}

/// The top 10's totals, the figures a chart's page, its data file and the archive all print.
/// Read in place where the rows lie in one buffer (an array or a slice of one): `reduce` copies
/// each row out, retaining and releasing its three strings, and a whole history's market shares
/// sum 240,000 rows (a third of their index).
extension Sequence where Element == ChartEntry {
    public var audienceSum: Int64 { sum { $0.audience } }
    public var salesSum: Int64 { sum { $0.sales } }

    /// Each row borrowed where it lies, not copied out.
    @inline(__always)
    private func sum(_ figure: (borrowing ChartEntry) -> Int64) -> Int64 {
        withContiguousStorageIfAvailable { rows in
            var sum: Int64 = 0
            for i in rows.indices { sum += figure(rows[i]) }
            return sum
        } ?? reduce(0) { $0 + figure($1) }
    }
}

extension DayChart {
    public var audienceSum: Int64 { entries.audienceSum }
    public var salesSum: Int64 { entries.salesSum }
}

extension PeriodChart {
    public var audienceSum: Int64 { entries.audienceSum }
    public var salesSum: Int64 { entries.salesSum }
}
