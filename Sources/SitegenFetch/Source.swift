import Foundation
import SitegenDecode
import SitegenModel

/// One request to a data source, independent of transport. The live client turns it into a URL,
/// the cache into a file name (endpoint + sorted parameters, never the key), the demo source into bytes.
public enum SourceRequest: Hashable, Sendable {
    case dailyChart(Day)
    /// A weekly or weekend chart, by the period's first day (Monday or Friday).
    case periodChart(PeriodKind, Day)
    case movieInfo(code: String)
    case posterSearch(query: String)
    /// The bytes of a chosen poster, from whatever host image search found it on.
    case posterImage(url: String)

    public var endpoint: String {
        switch self {
        case .dailyChart: "boxoffice/searchDailyBoxOfficeList"
        case .periodChart: "boxoffice/searchWeeklyBoxOfficeList"
        case .movieInfo: "movie/searchMovieInfo"
        case .posterSearch: "v2/search/image"
        case .posterImage: "poster/image"
        }
    }

    /// Sorted by name, so the same request always has the same query string and cache name.
    public var parameters: [(name: String, value: String)] {
        switch self {
        case .dailyChart(let day): [("targetDt", day.compact)]
        case .periodChart(let kind, let start): [("targetDt", start.compact), ("weekGb", kind.weekGb)]
        case .movieInfo(let code): [("movieCd", code)]
        case .posterSearch(let query): [("query", query), ("size", "20")]
        case .posterImage(let url): [("url", url)]
        }
    }

    /// How errors name the item: "2024-02-10", "movie 20124079".
    public var label: String {
        switch self {
        case .dailyChart(let day): day.iso
        case .periodChart(let kind, let start): "\(kind.rawValue) \(start.iso)"
        case .movieInfo(let code): "movie \(code)"
        case .posterSearch(let query): "poster search '\(query)'"
        case .posterImage(let url): "poster image \(url)"
        }
    }
}

public struct SourceResponse: Sendable {
    public var body: Data
    /// When the bytes were collected (a day's figures are provisional until the next morning).
    public var fetchedAt: Date?
    /// What the body decoded to when a source already decoded it (the cache checks every file
    /// it reads): the Fetcher takes it instead of decoding the same bytes twice.
    public var decoded: Decoded?
    public init(body: Data, fetchedAt: Date?) { self.body = body; self.fetchedAt = fetchedAt }
}

/// A body decoded as the pipeline decodes it, before `fetchedAt` is set.
public enum Decoded: Sendable {
    case day(DayChart, [DataWarning])
    case period(PeriodChart, [DataWarning])
    case movie(Movie?)
    case other
}

/// The seam between the pipeline and where data comes from. The demo simulator and the live
/// KOBIS/Kakao client both answer with the APIs' raw bytes, so both go through one decoding path
/// (a build takes the demo's values without the bytes: see `SimulatedSource`).
public protocol BoxOfficeSource: Sendable {
    var kind: DataSourceKind { get }
    /// False when there is no poster service (no Kakao key): pages then use placeholders.
    var searchesPosters: Bool { get }
    func fetch(_ request: SourceRequest) async throws -> SourceResponse
    /// Names every answer this source can give for any request, when that is known without
    /// asking (the demo: the binary's own simulator). A rebuild whose inputs, this included, are
    /// the last build's then has nothing to do. nil: answers may change, so they are fetched.
    var snapshotIdentity: String? { get }
}

extension BoxOfficeSource {
    public var snapshotIdentity: String? { nil }
}

/// A source whose answers are made, not fetched: the demo simulator. Its KOBIS JSON would only
/// be parsed again at once, and writing and reading it was most of a demo build's fetch time,
/// so the Fetcher takes the values that decoding those bytes gives (warnings none, posters
/// none) straight from it. `fetch` still answers with the bytes (kobis-standin, tests), and
/// DemoTypedTests checks the two roads give equal charts and movies.
protocol SimulatedSource: BoxOfficeSource {
    /// What `KOBISDecoder` makes of `fetch`'s answer to each request, in order.
    func charts(_ requests: [Fetcher.ChartRequest], parallelism: Int) async -> [Fetcher.Chart]
    /// What `KOBISDecoder.movieInfo` makes of `fetch(.movieInfo(code:))`, in order.
    func movies(_ codes: [String], parallelism: Int) async -> [Movie?]
}
