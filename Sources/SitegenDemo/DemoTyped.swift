import Foundation
import SitegenBasics
import SitegenDecode
import SitegenFetch
import SitegenModel

/// The demo's answers as values: the same rows and credits its JSON is written from (`DemoAPI`),
/// turned into what `KOBISDecoder` reads back from that JSON, without writing and parsing the
/// text (most of a demo build's fetch time when it did). Made, not asked for: nothing fails, no
/// call is counted, and no poster is searched.
extension DemoSource {
    public func answer(_ plan: FetchPlan, jobs: Int, monitor: FetchMonitor) async throws -> FetchAnswers {
        // National charts first, then the filters', as a live source asks them round by round.
        let requests = plan.rounds.flatMap { $0.charts } + plan.rounds.flatMap { $0.scoped }
        monitor.plan(requests.count)
        // The memo's values where it has them, the rest simulated; the memo keeps this build's.
        let known = memo?.contents() ?? DemoMemo.Contents()
        // Looked up on every core: a whole history's 40,000 charts, every morning.
        var charts: [Chart?] = concurrentMap(requests.count, chunk: 1_024) { known.chart(requests[$0]) }
        let missingCharts = charts.indices.filter { charts[$0] == nil }
        let made = await simulate(missingCharts.map { requests[$0] }, parallelism: jobs)
        for (i, chart) in zip(missingCharts, made) { charts[i] = chart }
        requests.forEach { _ in monitor.finished() }
        var seen = Set<String>()
        let national = zip(requests, charts).compactMap { request, chart -> DayChart? in
            if request.scope == .all, case .day(let c)? = chart { c } else { nil }
        }
        // Then the films only the other charts bring (national weeks, the filters), as a live source
        // asks them after every national year.
        let films = FetchPlan.newFilms(in: national, seen: &seen)
            + FetchPlan.otherFilms(
                in: zip(requests, charts).compactMap { request, chart in
                    if request.scope == .all, case .day = chart { nil } else { chart.map { (request, $0) } }
                }, seen: &seen)
        monitor.plan(films.count)
        var movies = films.map { known.movies[$0.code] }
        let missingMovies = movies.indices.filter { movies[$0] == nil }
        let simulated = await simulateMovies(missingMovies.map { films[$0].code }, parallelism: jobs)
        for (i, movie) in zip(missingMovies, simulated) { movies[i] = .some(movie) }
        films.forEach { _ in monitor.finished() }
        // The memo's values are only read from here on: handed to another thread to be freed
        // (40,000 charts and 9,000 films' details let go one by one were a serial fiftieth of a
        // morning), and the answers made from the charts and films on every core, each once.
        FreeLater.inBackground(consume known)
        let (found, details) = (charts, movies)
        memo?.save(
            charts: Array(zip(requests, found.map { $0! })),
            movies: Dictionary(zip(films.map(\.code), details.map { $0! }), uniquingKeysWith: { a, _ in a }),
            answers: requests.count + films.count, simulated: missingCharts.count + missingMovies.count)
        var answers = FetchAnswers()
        answers.charts = concurrentMap(requests.count, chunk: 1_024) { (requests[$0], .fetched(found[$0]!, [])) }
        answers.films = concurrentMap(films.count, chunk: 512) { i in
            (films[i], details[i]!.map { FilmAnswer(movie: $0) } ?? .noDetails(films[i].code))
        }
        return answers
    }

    func simulate(_ requests: [ChartRequest], parallelism: Int) async -> [Chart] {
        // Every day a chart compares with: the day before a day, the week before a period.
        let spans = requests.map { request -> ClosedRange<Int> in
            switch request {
            case .day(let day, _): (day.ordinal - 1)...day.ordinal
            case .period(let kind, let start, _): (start.ordinal - 7)...(start.ordinal + kind.length - 1)
            }
        }
        guard let lo = spans.map(\.lowerBound).min(), let hi = spans.map(\.upperBound).max() else { return [] }
        let market = await DemoMarket.build(days: lo...hi, parallelism: parallelism, scale: scale)
        // Each period's market, summed once though most serve as one chart's and the next one's,
        // and as the national chart's and its filters'. A region's periods sum its own runs.
        var periods: [PeriodKey] = []
        for case .period(let kind, let start, let scope) in requests {
            if case .region = scope { continue }
            periods += [PeriodKey(kind: kind, start: start.ordinal - 7), PeriodKey(kind: kind, start: start.ordinal)]
        }
        let keys = Array(Set(periods))
        let sums = await chunked(keys.count, parallelism) { range in
            range.map { DemoRows.period(keys[$0].kind, startingAt: keys[$0].start, market: market) }
        }
        let figures = Dictionary(uniqueKeysWithValues: zip(keys, sums))
        return await chunked(requests.count, parallelism) { range in
            range.map { i -> Chart in
                switch requests[i] {
                case .day(let day, let scope): .day(Self.dayChart(day, scope: scope, market: market))
                case .period(let kind, let start, let scope):
                    if case .region = scope {
                        .period(Self.periodChart(
                            kind, start: start,
                            rows: DemoRows.period(kind, start: start, scope: scope, market: market)))
                    } else {
                        .period(
                            Self.periodChart(
                                kind, start: start,
                                rows: DemoRows.period(
                                    kind, start: start, current: figures[PeriodKey(kind: kind, start: start.ordinal)]!,
                                    previous: figures[PeriodKey(kind: kind, start: start.ordinal - 7)]!,
                                    keep: DemoFilter(scope))))
                    }
                }
            }
        }
    }

    struct PeriodKey: Hashable, Sendable { let kind: PeriodKind, start: Int }

    func simulateMovies(_ codes: [String], parallelism: Int) async -> [Movie?] {
        await chunked(codes.count, parallelism) { range in range.map { Self.movie(code: codes[$0], scale: scale) } }
    }

    static func dayChart(_ day: Day, scope: ChartScope = .all, market: some DemoMarketView) -> DayChart {
        DayChart(
            date: day, entries: DemoRows.daily(day.ordinal, scope: scope, market: market).map(entry),
            fetchedAt: collected(day, days: 1))
    }

    static func periodChart(_ kind: PeriodKind, start: Day, rows: [DemoRow]) -> PeriodChart {
        PeriodChart(kind: kind, start: start, entries: rows.map(entry), fetchedAt: collected(start, days: kind.length))
    }

    /// "Collected" at 09:00 KST the morning after the chart's last day, after KOBIS's overnight corrections.
    static func collected(_ start: Day, days: Int) -> Date {
        start.adding(days: days).startInstantKST.addingTimeInterval(9 * 3600)
    }

    static func entry(_ row: DemoRow) -> ChartEntry {
        let (run, sales, audience) = (row.run, row.sales, row.audience)
        return ChartEntry(
            rank: row.rank, rankChange: row.previousRank.map { $0 - row.rank } ?? 0,
            status: row.previousRank == nil ? .new : .old,
            movieCode: run.film.code, title: run.title, rawTitle: run.rawTitle, openDate: run.openDate,
            sales: sales.now, salesShare: shareValue(row.salesShare), salesChange: sales.now - sales.before,
            salesChangeRate: changeValue(sales.now, sales.before), salesTotal: sales.total,
            audience: audience.now, audienceChange: audience.now - audience.before,
            audienceChangeRate: changeValue(audience.now, audience.before), audienceTotal: audience.total,
            screens: row.screens, showings: row.showings)
    }

    /// What the decoder reads from `change(now, before)`, without writing the text. `percent`
    /// writes k/10 for k = (value * 10).rounded(), and k / 10 in floating point is the double
    /// nearest k/10, which is what parsing "k/10" gives; "-13.0" reads as -13 and "0" as +0.
    /// Past a trillion percent the text itself is read, as the digits could then be too many.
    static func changeValue(_ now: Int64, _ before: Int64) -> Double? {
        if before == 0 { return 100 }
        let value = Double(now - before) / Double(before) * 100
        let r = (value * 10).rounded() / 10
        if r == 0 { return 0 }
        return abs(r) < 1e12 ? r : KOBISNumber.decimal(percent(value))
    }

    /// What the decoder reads from `oneDecimal(share)`. `%.1f` rounds the exact binary value, ties
    /// to even, which `(share * 10).rounded()` matches unless share * 10 lies within rounding
    /// error of a half: then the text is written and read, as the JSON road does.
    static func shareValue(_ share: Double) -> Double? {
        let tenths = share * 10
        let fraction = tenths - tenths.rounded(.down)
        guard share.isFinite, abs(share) < 1e12, abs(fraction - 0.5) > 1e-6 else {
            return KOBISNumber.decimal(oneDecimal(share))
        }
        return tenths.rounded() / 10
    }

    /// Movie info as `KOBISDecoder.movieInfo` reads `movieInfoJSON(code)`: every text trimmed,
    /// show types as "2D 디지털", no date for a re-release (its `openDt` is empty).
    static func movie(code: String, scale: DemoScale = .small) -> Movie? {
        guard let film = DemoWorld.film(code: code, scale: scale) else { return nil }
        let c = DemoCatalog.credits(film)
        func clean(_ text: String) -> String { text.cleaned }  // as the decoder cleans every field
        return Movie(
            code: code, title: clean(c.movieNm), englishTitle: clean(c.title.en), originalTitle: "",
            runtimeMinutes: c.runtime > 0 ? c.runtime : nil,
            productionYear: c.productionYear > 0 ? c.productionYear : nil,
            openDate: film.isRerelease ? nil : film.open, productionStatus: "개봉", type: "장편",
            nations: [c.nation], genres: c.genres,
            directors: c.directors.map { Person(name: clean($0.0), englishName: clean($0.1)) },
            actors: c.actors.map {
                Person(name: clean($0.person.0), englishName: clean($0.person.1), role: clean($0.role))
            },
            showTypes: c.showTypes.map { [$0.group, $0.name].filter { !$0.isEmpty }.joined(separator: " ") },
            companies: c.companies, watchGrades: [c.grade])
    }
}
