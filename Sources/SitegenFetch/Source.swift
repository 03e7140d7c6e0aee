import Foundation
import SitegenDecode
import SitegenModel

/// One request to a data source, independent of transport. The live client turns it into a URL,
/// the cache into a file name (endpoint + sorted parameters, never the key), the demo source into bytes.
public enum SourceRequest: Hashable, Sendable {
    /// A day's top 10, of all films or of one filter's.
    case dailyChart(Day, scope: ChartScope = .all)
    /// A weekly or weekend chart, by the period's first day (Monday or Friday).
    case periodChart(PeriodKind, Day, scope: ChartScope = .all)
    /// The 시·도 codes the region charts take (common-code group 0105000000).
    case regionCodes
    case movieInfo(code: String)
    /// A page of the films KOBIS lists as opening in a year (`FilmList.pageSize` a page).
    case movieList(year: Int, page: Int)
    case posterSearch(query: String)
    /// The bytes of a chosen poster, from whatever host image search found it on.
    case posterImage(url: String)

    public var endpoint: String {
        switch self {
        case .dailyChart: "boxoffice/searchDailyBoxOfficeList"
        case .periodChart: "boxoffice/searchWeeklyBoxOfficeList"
        case .regionCodes: "code/searchCodeList"
        case .movieInfo: "movie/searchMovieInfo"
        case .movieList: "movie/searchMovieList"
        case .posterSearch: "v2/search/image"
        case .posterImage: "poster/image"
        }
    }

    /// Sorted by name, so the same request always has the same query string and cache name.
    public var parameters: [(name: String, value: String)] {
        switch self {
        case .dailyChart(let day, let scope): Self.sorted([("targetDt", day.compact)] + scope.parameters)
        case .periodChart(let kind, let start, let scope):
            Self.sorted([("targetDt", start.compact), ("weekGb", kind.weekGb)] + scope.parameters)
        case .regionCodes: [("comCode", Region.codeGroup)]
        case .movieInfo(let code): [("movieCd", code)]
        case .movieList(let year, let page):
            [("curPage", String(page)), ("itemPerPage", String(FilmList.pageSize)), ("openEndDt", String(year)),
             ("openStartDt", String(year))]
        case .posterSearch(let query): [("query", query), ("size", "20")]
        case .posterImage(let url): [("url", url)]
        }
    }

    /// How errors name the item: "2024-02-10", "movie 20124079".
    public var label: String {
        switch self {
        case .dailyChart(let day, let scope): day.iso + scope.labelSuffix
        case .periodChart(let kind, let start, let scope): "\(kind.rawValue) \(start.iso)" + scope.labelSuffix
        case .regionCodes: "region codes"
        case .movieInfo(let code): "movie \(code)"
        case .movieList(let year, let page): "film list \(year) page \(page)"
        case .posterSearch(let query): "poster search '\(query)'"
        case .posterImage(let url): "poster image \(url)"
        }
    }
}

extension SourceRequest {
    static func sorted(_ list: [(name: String, value: String)]) -> [(name: String, value: String)] {
        list.sorted { $0.name < $1.name }
    }
}

extension ChartScope {
    var parameters: [(name: String, value: String)] { parameter.map { [$0] } ?? [] }
    /// "2024-02-10 korean": how an error names a filtered chart.
    var labelSuffix: String { self == .all ? "" : " " + slug }
}

/// The bytes an API answered and when they were collected (a day's figures are provisional until
/// the next morning): what the cache and the history keep.
public struct SourceResponse: Sendable {
    public var body: Data
    public var fetchedAt: Date?
    public init(body: Data, fetchedAt: Date?) { self.body = body; self.fetchedAt = fetchedAt }
}

/// An API's answer with what it decodes to. Made only by decoding (`init(decoding:for:)`), so
/// whoever holds one holds bytes that decode, and nothing after it decodes them again: checking an
/// answer (before it is cached or trusted from the cache) and reading it are one step.
public struct APIAnswer: Sendable {
    public let response: SourceResponse
    public let value: Decoded
}

/// What an answer decodes to, by the request it answers.
public enum Decoded: Sendable {
    case day(DayChart, [DataWarning])
    case period(PeriodChart, [DataWarning])
    case regions([Region], [DataWarning])
    case movie(Movie?)
    case filmList(FilmListPage, [DataWarning])
    case poster(Poster?)
    case image
}

/// Where answers come from as bytes: the live KOBIS and Kakao client, the cache and history
/// over it, a test's fake API. Each checks what it hands on by decoding it.
public protocol APIClient: Sendable {
    func fetch(_ request: SourceRequest) async throws -> APIAnswer
}

/// A client that can answer from what it holds, at once and on any thread (the cache): a source
/// asks it for a whole round first, on every core, and sends only the rest out one task each. A
/// real site's morning takes 50,000 answers from its cache, and a task each, woken and waited for
/// in turn, left one of two cores idle for half the fetch.
public protocol HeldAnswers: APIClient {
    /// What `fetch` would answer without waiting for anyone, or nil when it must do more.
    func held(_ request: SourceRequest) -> APIAnswer?
}

/// The seam between the fetch stage and where data comes from, in values: the live APIs through
/// the cache (`APISource`) and the demo simulator (`DemoSource`) answer the same plan with the
/// same model values, so the Fetcher never asks which one it has.
public protocol BoxOfficeSource: Sendable {
    var kind: DataSourceKind { get }
    /// Names every answer this source can give for any request, when that is known without
    /// asking (the demo: the binary's own simulator). A rebuild whose inputs, this included, are
    /// the last build's then has nothing to do. nil: answers may change, so they are fetched.
    var snapshotIdentity: String? { get }
    /// Every chart of the plan, and the details and poster choice of every film on its daily
    /// charts, each reported to `monitor` as it is answered, at most `jobs` at a time.
    func answer(_ plan: FetchPlan, jobs: Int, monitor: FetchMonitor) async throws -> FetchAnswers
    /// The 시·도 the region charts are asked for, as the code service lists them.
    func regions(monitor: FetchMonitor) async throws -> ([Region], [DataWarning])
    /// Every film KOBIS's film list has opening in `years` (`FilmList`).
    func filmList(years: [Int], jobs: Int, monitor: FetchMonitor) async throws -> ([ListedFilm], [DataWarning])
    /// The bytes of a chosen poster, from whatever host image search found it on.
    func posterImage(url: String) async throws -> Data
    /// The poster's sized copies are kept in the store: its original (190 KB of a real poster,
    /// never read again while the copies are whole) need not be kept as well. Nothing by default.
    func keptCopies(ofPosterAt url: String)
}

extension BoxOfficeSource {
    public var snapshotIdentity: String? { nil }
    public func keptCopies(ofPosterAt url: String) {}
}
