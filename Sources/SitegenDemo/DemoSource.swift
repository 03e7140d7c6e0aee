import Foundation
import SitegenBasics
import SitegenDecode
import SitegenFetch
import SitegenModel

/// The built-in demo source: the simulated market's charts and films as the model's values, for
/// any date, exactly as decoding `DemoAPI`'s KOBIS-shaped JSON gives them (DemoTypedTests holds
/// the two roads equal). Posters are never found (no network), so pages draw their placeholder.
public struct DemoSource: BoxOfficeSource {
    let memo: DemoMemo?
    public let scale: DemoScale

    public init(scale: DemoScale = .small) { memo = nil; self.scale = scale }

    /// Keeps what it simulated in `folder` (the cache folder) for the next build of the same
    /// binary, named by `identity` (see `DemoMemo`), in a file of the world's own.
    public init(memoIn folder: URL, identity: String, scale: DemoScale = .small) {
        memo = DemoMemo(
            file: folder.appendingPathComponent(scale.memoName),
            identity: scale == .small ? identity : identity + " " + scale.rawValue)
        self.scale = scale
    }

    public var kind: DataSourceKind { .demo }
    /// The simulator is part of the binary, which the build manifest names; the world is an input.
    public var snapshotIdentity: String? { scale == .small ? "demo" : "demo " + scale.rawValue }

    public func regions(monitor: FetchMonitor) async throws -> ([Region], [DataWarning]) {
        (DemoRegions.regions, [])
    }

    public func filmList(years: [Int], jobs: Int, monitor: FetchMonitor) async throws -> ([ListedFilm], [DataWarning]) {
        try await FilmList.read(years: years, client: DemoAPI(scale: scale), jobs: jobs, monitor: monitor)
    }

    public func posterImage(url: String) async throws -> Data {
        // Never asked: the demo finds no posters, so every film gets the drawn placeholder.
        throw ResponseMismatchError(reason: "the demo source has no poster images")
    }
}

/// The demo as KOBIS and Kakao would send it: their JSON for any request, for the stand-in
/// server the benchmark fills a cache from, and for tests that take the bytes road.
public struct DemoAPI: APIClient {
    let cache: DemoCache
    var scale: DemoScale { cache.scale }

    public init(scale: DemoScale = .small) { cache = DemoCache(scale: scale) }

    public func fetch(_ request: SourceRequest) async throws -> APIAnswer {
        try APIAnswer(decoding: try response(request), for: request)
    }

    public func response(_ request: SourceRequest) throws -> SourceResponse {
        switch request {
        case .dailyChart(let day, let scope):
            return SourceResponse(
                body: Data(DemoSource.dailyChartJSON(day, scope: scope, market: cache).utf8),
                fetchedAt: DemoSource.collected(day, days: 1))
        case .periodChart(let kind, let start, let scope):
            return SourceResponse(
                body: Data(DemoSource.periodChartJSON(kind, start: start, scope: scope, market: cache).utf8),
                fetchedAt: DemoSource.collected(start, days: kind.length))
        case .movieInfo(let code):
            return SourceResponse(body: Data(DemoSource.movieInfoJSON(code, scale: scale).utf8), fetchedAt: nil)
        case .movieList(let year, let page):
            return SourceResponse(
                body: Data(DemoFilmList.json(year: year, page: page, scale: scale).utf8), fetchedAt: nil)
        case .posterSearch:
            let empty = JSONWriter.text(.object([
                ("documents", .array([])),
                ("meta", .object([("is_end", .bool(true)), ("pageable_count", .int(0)), ("total_count", .int(0))])),
            ]))
            return SourceResponse(body: Data(empty.utf8), fetchedAt: nil)
        case .posterImage:
            throw ResponseMismatchError(reason: "the demo source has no poster images")
        case .regionCodes:
            return SourceResponse(body: Data(DemoSource.regionCodesJSON().utf8), fetchedAt: nil)
        }
    }
}

extension DemoSource {
    /// KOBIS's percentage style: one decimal, but "-13" and "100" when the decimal is zero.
    static func percent(_ value: Double) -> String {
        let r = (value * 10).rounded() / 10
        if r == 0 { return "0" }
        return r == r.rounded() ? String(Int64(r)) : oneDecimal(r)
    }

    /// `String(format: "%.1f", value)` through C's formatter directly, without Foundation's
    /// CVarArg boxing and NSString: the demo writes a few of these for every row of every chart.
    static func oneDecimal(_ value: Double) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            _ = withVaList([value]) { vsnprintf(buffer.baseAddress!, 64, "%.1f", $0) }
            return String(cString: buffer.baseAddress!)
        }
    }

    public static func dailyChartJSON(_ day: Day, scope: ChartScope = .all) -> String {
        dailyChartJSON(day, scope: scope, market: DemoCache())
    }

    static func dailyChartJSON(_ day: Day, scope: ChartScope = .all, market: some DemoMarketView) -> String {
        let rows = DemoRows.daily(day.ordinal, scope: scope, market: market).map { chartRow($0, change: change) }
        return JSONWriter.text(.object([("boxOfficeResult", .object([
            ("boxofficeType", .string("일별 박스오피스")),
            ("showRange", .string("\(day.compact)~\(day.compact)")),
            ("dailyBoxOfficeList", .array(rows)),
        ]))]))
    }

    /// KOBIS's percentage change, "100" from nothing.
    static func change(_ now: Int64, _ before: Int64) -> String {
        before == 0 ? "100" : percent(Double(now - before) / Double(before) * 100)
    }

    /// One KOBIS chart row, daily or weekly: the same fields in the same order, every value a
    /// string. `change` writes a percentage change as that chart does.
    static func chartRow(_ row: DemoRow, change: (Int64, Int64) -> String) -> JSONWriter.Value {
        let (rank, run, sales, audience) = (row.rank, row.run, row.sales, row.audience)
        return .object([
            ("rnum", .string(String(rank))),
            ("rank", .string(String(rank))),
            ("rankInten", .string(String(row.previousRank.map { $0 - rank } ?? 0))),
            ("rankOldAndNew", .string(row.previousRank == nil ? "NEW" : "OLD")),
            ("movieCd", .string(run.film.code)),
            ("movieNm", .string(run.rawTitle)),
            ("openDt", .string(run.openDt)),
            ("salesAmt", .string(String(sales.now))),
            ("salesShare", .string(oneDecimal(row.salesShare))),
            ("salesInten", .string(String(sales.now - sales.before))),
            ("salesChange", .string(change(sales.now, sales.before))),
            ("salesAcc", .string(String(sales.total))),
            ("audiCnt", .string(String(audience.now))),
            ("audiInten", .string(String(audience.now - audience.before))),
            ("audiChange", .string(change(audience.now, audience.before))),
            ("audiAcc", .string(String(audience.total))),
            ("scrnCnt", .string(String(row.screens))),
            ("showCnt", .string(String(row.showings))),
        ])
    }

    /// `code/searchCodeList`'s answer for the regions: no `…Result` wrapper, as KOBIS sends it.
    public static func regionCodesJSON() -> String {
        JSONWriter.text(.object([("codes", .array(DemoRegions.table.map {
            .object([("fullCd", .string($0.code)), ("korNm", .string($0.name)), ("engNm", .string($0.english))])
        }))]))
    }

    public static func movieInfoJSON(_ code: String, scale: DemoScale = .small) -> String {
        let source: (String, JSONWriter.Value) = ("source", .string("sitegen 데모 (가상 데이터)"))
        guard let film = DemoWorld.film(code: code, scale: scale) else {
            return JSONWriter.text(.object([("movieInfoResult", .object([("movieInfo", .object([])), source]))]))
        }
        return JSONWriter.text(
            .object([("movieInfoResult", .object([("movieInfo", DemoCatalog.movieInfo(film)), source]))]))
    }
}
