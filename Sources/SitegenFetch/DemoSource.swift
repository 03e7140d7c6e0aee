import Foundation
import SitegenBasics
import SitegenDecode
import SitegenModel

/// The built-in demo source: KOBIS- and Kakao-shaped JSON bytes from the simulated market, for
/// any date. Posters are never found (no network), so pages draw their local placeholder.
public struct DemoSource: BoxOfficeSource {
    let cache = DemoCache()

    public init() {}

    public var kind: DataSourceKind { .demo }
    public var searchesPosters: Bool { true }
    /// The simulator is part of the binary, which the build manifest names.
    public var snapshotIdentity: String? { "demo" }

    public func fetch(_ request: SourceRequest) async throws -> SourceResponse {
        switch request {
        case .dailyChart(let day):
            // "Collected" at 09:00 KST the next morning, after KOBIS's overnight corrections.
            let collected = day.adding(days: 1).startInstantKST.addingTimeInterval(9 * 3600)
            return SourceResponse(body: Data(Self.dailyChartJSON(day, cache: cache).utf8), fetchedAt: collected)
        case .periodChart(let kind, let start):
            let collected = start.adding(days: kind.length).startInstantKST.addingTimeInterval(9 * 3600)
            return SourceResponse(body: Data(Self.periodChartJSON(kind, start: start, cache: cache).utf8), fetchedAt: collected)
        case .movieInfo(let code):
            return SourceResponse(body: Data(Self.movieInfoJSON(code).utf8), fetchedAt: nil)
        case .posterSearch:
            let empty = JSONWriter.text(.object([
                ("documents", .array([])),
                ("meta", .object([("is_end", .bool(true)), ("pageable_count", .int(0)), ("total_count", .int(0))])),
            ]))
            return SourceResponse(body: Data(empty.utf8), fetchedAt: nil)
        case .posterImage:
            // Never asked: the demo finds no posters, so every film gets the drawn placeholder.
            throw ResponseMismatchError(reason: "the demo source has no poster images")
        }
    }

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

    public static func dailyChartJSON(_ day: Day) -> String { dailyChartJSON(day, cache: DemoCache()) }

    static func dailyChartJSON(_ day: Day, cache: DemoCache) -> String {
        let t = day.ordinal
        let today = DemoWorld.ranking(t, cache: cache)
        let yesterday = DemoWorld.ranking(t - 1, cache: cache)
        var previousRank: [String: Int] = [:]
        var previousAudience: [String: Int64] = [:]
        for (i, entry) in yesterday.enumerated() {
            previousRank[entry.film.code] = i + 1
            previousAudience[entry.film.code] = entry.audience
        }
        // Films outside the top 10 still take their share of the day's revenue (and a long tail
        // of small films the simulation does not model), so the top 10 never sums to 100%.
        let marketSales = today.reduce(0.0) { $0 + Double($1.run.sales[t - $1.run.first]) } * 1.035

        var rows: [JSONWriter.Value] = []
        for (i, entry) in today.prefix(10).enumerated() {
            let (run, film, audience) = (entry.run, entry.film, entry.audience)
            let rank = i + 1
            let code = film.code
            let sales = run.sales[t - run.first]
            let prevAudience = previousAudience[code] ?? 0
            // Yesterday's audience is the run's own (a film on no chart yesterday sold nothing).
            let prevSales = prevAudience > 0 ? run.sales[t - 1 - run.first] : 0
            let (audienceTotal, salesTotal) = run.totals(through: t)
            let screens = run.screens[t - run.first]
            func change(_ now: Int64, _ before: Int64) -> String {
                before == 0 ? "100" : percent(Double(now - before) / Double(before) * 100)
            }
            rows.append(chartRow(rank: rank, film: film, previousRank: previousRank[code], change: change,
                                 sales: (sales, prevSales, salesTotal), salesShare: oneDecimal(Double(sales) / marketSales * 100),
                                 audience: (audience, prevAudience, audienceTotal), screens: screens, showings: run.showings[t - run.first]))
        }
        return JSONWriter.text(.object([("boxOfficeResult", .object([
            ("boxofficeType", .string("일별 박스오피스")),
            ("showRange", .string("\(day.compact)~\(day.compact)")),
            ("dailyBoxOfficeList", .array(rows)),
        ]))]))
    }

    /// One KOBIS chart row, daily or weekly: the same fields in the same order, every value a
    /// string. `change` writes a percentage change as that chart does.
    static func chartRow(rank: Int, film: DemoFilm, previousRank: Int?, change: (Int64, Int64) -> String,
                         sales: (now: Int64, before: Int64, total: Int64), salesShare: String,
                         audience: (now: Int64, before: Int64, total: Int64), screens: Int, showings: Int) -> JSONWriter.Value {
        .object([
            ("rnum", .string(String(rank))),
            ("rank", .string(String(rank))),
            ("rankInten", .string(String(previousRank.map { $0 - rank } ?? 0))),
            ("rankOldAndNew", .string(previousRank == nil ? "NEW" : "OLD")),
            ("movieCd", .string(film.code)),
            ("movieNm", .string(DemoCatalog.title(film).ko + (film.trailingSpaceInTitle ? " " : ""))),
            ("openDt", .string(film.isRerelease ? " " : film.open.iso)),
            ("salesAmt", .string(String(sales.now))),
            ("salesShare", .string(salesShare)),
            ("salesInten", .string(String(sales.now - sales.before))),
            ("salesChange", .string(change(sales.now, sales.before))),
            ("salesAcc", .string(String(sales.total))),
            ("audiCnt", .string(String(audience.now))),
            ("audiInten", .string(String(audience.now - audience.before))),
            ("audiChange", .string(change(audience.now, audience.before))),
            ("audiAcc", .string(String(audience.total))),
            ("scrnCnt", .string(String(screens))),
            ("showCnt", .string(String(showings))),
        ])
    }

    public static func movieInfoJSON(_ code: String) -> String {
        let source: (String, JSONWriter.Value) = ("source", .string("sitegen 데모 (가상 데이터)"))
        guard let film = DemoWorld.film(code: code) else {
            return JSONWriter.text(.object([("movieInfoResult", .object([("movieInfo", .object([])), source]))]))
        }
        return JSONWriter.text(.object([("movieInfoResult", .object([("movieInfo", DemoCatalog.movieInfo(film)), source]))]))
    }
}
