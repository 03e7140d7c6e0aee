import Foundation
import SitegenBasics
import SitegenDecode
import SitegenModel

/// An error of the fetch phase, naming the item: "fetch 2024-02-10: KOBIS said 320010 …".
public struct FetchError: Error, Sendable, CustomStringConvertible {
    public let item: String
    public let cause: String
    public let underlying: (any Error & Sendable)?
    public init(item: String, cause: any Error & Sendable) {
        self.item = item
        self.cause = ErrorText.describe(cause)
        self.underlying = cause
    }
    public var description: String { "fetch \(item): \(cause)" }
}

public struct FetchOutcome: Sendable {
    public var dataset: Dataset
    public var warnings: [DataWarning]
}

/// Turns a range of days into a Dataset: the daily charts and the weekly and weekend charts of
/// every period wholly inside the range (a day or week that fails fails the build), then the
/// info and poster of every movie on the daily charts (a movie that fails is a warning; its page uses what
/// the charts know).
public struct Fetcher: Sendable {
    public let source: any BoxOfficeSource
    public let jobs: Int
    public let monitor: FetchMonitor

    /// Days not in the cache are left out as gaps (a history being backfilled) instead of failing
    /// the build (a window must be whole).
    public let keepsGaps: Bool

    public init(source: any BoxOfficeSource, jobs: Int, monitor: FetchMonitor = FetchMonitor(), keepsGaps: Bool = false) {
        self.source = source
        self.jobs = max(1, jobs)
        self.monitor = monitor
        self.keepsGaps = keepsGaps
    }

    /// Errors that no other request can get past: stop everything at once.
    static func isFatal(_ error: Error) -> Bool { error is InvalidKeyError || error is QuotaError }

    /// The weekly and weekend periods whose every day is in `days`.
    public static func periods(covering days: [Day]) -> [(kind: PeriodKind, start: Day)] {
        guard let first = days.min(), let last = days.max() else { return [] }
        let present = Set(days)
        return PeriodKind.allCases.flatMap { kind in
            kind.periods(within: first, last)
                .filter { start in (0..<kind.length).allSatisfy { present.contains(start.adding(days: $0)) } }
                .map { (kind, $0) }
        }
    }

    enum Chart: Sendable { case day(DayChart), period(PeriodChart) }
    enum ChartRequest: Sendable {
        case day(Day), period(PeriodKind, Day)
        var request: SourceRequest {
            switch self {
            case .day(let day): .dailyChart(day)
            case .period(let kind, let start): .periodChart(kind, start)
            }
        }
        /// Newest first, a day before the periods that end on it.
        var sortKey: (Int, Int) {
            switch self {
            case .day(let day): (day.ordinal, 1)
            case .period(let kind, let start): (start.ordinal + kind.length - 1, 0)
            }
        }
    }

    public func fetch(days: [Day]) async throws -> FetchOutcome {
        if let simulated = source as? any SimulatedSource { return await fetchSimulated(days: days, simulated) }
        let periods = Self.periods(covering: days)
        monitor.plan(days.count + periods.count)
        monitor.planDays(days.count)
        // Year by year, newest first: a run that stops at its budget has then fetched the latest
        // days and whole years (charts, weeks and films together), not every chart of twenty
        // years without one film's details.
        var byYear: [Int: [ChartRequest]] = [:]
        for day in days { byYear[day.year, default: []].append(.day(day)) }
        for period in periods { byYear[period.start.year, default: []].append(.period(period.kind, period.start)) }
        var charts: [(Chart, [DataWarning])] = []
        var misses: [(ChartRequest, String)] = []
        var stoppedDays: [Day] = []
        var details: [(String, Movie?, Poster?, [DataWarning])] = []
        var stoppedMovies: [String] = []
        var seen = Set<String>()
        for year in byYear.keys.sorted(by: >) {
            let requests = byYear[year]!.sorted { $0.sortKey > $1.sortKey }
            let results = try await boundedMap(requests, limit: jobs) { try await self.chart($0) }
            var newCharts: [DayChart] = []
            for (request, result) in zip(requests, results) {
                switch result {
                case .fetched(let chart, let notes):
                    charts.append((chart, notes))
                    if case .day(let day) = chart { newCharts.append(day) }
                case .missing(let label): misses.append((request, label))
                case .stopped: if case .day(let day) = request { stoppedDays.append(day) }
                }
            }
            // Films in first-appearance order, as the whole range's list has them.
            var codes: [String] = []
            for chart in newCharts.sorted(by: { $0.date < $1.date }) {
                for e in chart.entries where seen.insert(e.movieCode).inserted { codes.append(e.movieCode) }
            }
            for (code, result) in zip(codes, try await self.details(codes, in: newCharts)) {
                if let result { details.append(result) } else { stoppedMovies.append(code) }
            }
        }
        func listed(_ labels: [String]) -> String {
            labels.prefix(8).joined(separator: ", ") + (labels.count > 8 ? " and \(labels.count - 8) more" : "")
        }
        // A missing day fails an offline window build; a missing week or weekend only loses its
        // page, so a cache filled before sitegen knew weeks still builds every day it holds.
        let missingDays = misses.compactMap { if case .day(let day) = $0.0 { day } else { nil } }
        if !missingDays.isEmpty && !keepsGaps {
            throw FetchError(item: "--offline", cause: OfflineMissing(message: "not in the cache: \(listed(missingDays.sorted().map(\.iso))); run `sitegen fetch` or build without --offline"))
        }
        var warnings = charts.flatMap(\.1)
        let missingPeriods = misses.filter { if case .period = $0.0 { true } else { false } }.map(\.1)
        if !missingPeriods.isEmpty {
            warnings.append(DataWarning(context: "--offline", message: "not in the cache, so left out: \(listed(missingPeriods)); run `sitegen fetch` to add them"))
        }
        let dayCharts = charts.compactMap { if case .day(let c) = $0.0 { c } else { nil } }
        let periodCharts = charts.compactMap { if case .period(let c) = $0.0 { c } else { nil } }
        var dataset = Dataset(source: source.kind, days: dayCharts, movies: [:], posters: [:], periods: periodCharts)
        var seenWarnings = Set<String>()
        for (code, movie, poster, notes) in details {
            dataset.movies[code] = movie
            dataset.posters[code] = poster
            // A refused key is said once, not once per movie.
            warnings += notes.filter { seenWarnings.insert($0.description).inserted }
        }
        // Movie info with an empty movieNm keeps the title the film first charted under.
        let untitled = dataset.movies.filter { $0.value.title.isEmpty }.map(\.key)
        for code in untitled {
            let title = Self.chartTitle(code, in: dataset)
            dataset.movies[code]?.title = title
        }
        dataset.gaps = HistoryGaps(days: stoppedDays + missingDays, movies: stoppedMovies)
        return outcome(dataset, warnings)
    }

    /// What one chart request came to.
    enum ChartResult: Sendable {
        case fetched(Chart, [DataWarning])
        /// Not in the cache (`--offline`).
        case missing(String)
        /// Not asked: the run's KOBIS calls are used up.
        case stopped
    }

    func chart(_ wanted: ChartRequest) async throws -> ChartResult {
        do {
            let response = try await source.fetch(wanted.request)
            monitor.finished()
            if case .day = wanted { monitor.dayFetched() }
            switch (wanted, response.decoded) {
            case (.day, .day(var chart, let notes)?):
                chart.fetchedAt = response.fetchedAt
                return .fetched(.day(chart), notes)
            case (.period, .period(var chart, let notes)?):
                chart.fetchedAt = response.fetchedAt
                return .fetched(.period(chart), notes)
            case (.day(let day), _):
                let (chart, notes) = try KOBISDecoder.dailyChart(response.body, date: day, fetchedAt: response.fetchedAt)
                return .fetched(.day(chart), notes)
            case (.period(let kind, let start), _):
                let (chart, notes) = try KOBISDecoder.periodChart(response.body, kind: kind, start: start, fetchedAt: response.fetchedAt)
                return .fetched(.period(chart), notes)
            }
        } catch let miss as CacheMiss {
            monitor.finished(failed: true)
            return .missing(miss.label)
        } catch is FetchStopped {
            monitor.finished()
            return .stopped
        } catch {
            monitor.finished(failed: true)
            throw FetchError(item: wanted.request.label, cause: error)
        }
    }

    /// The info and poster of each film (nil where the run's calls ran out before its info).
    func details(_ codes: [String], in charts: [DayChart]) async throws -> [(String, Movie?, Poster?, [DataWarning])?] {
        var titles: [String: String] = [:]
        for day in charts.sorted(by: { $0.date < $1.date }) {
            for e in day.entries where titles[e.movieCode] == nil { titles[e.movieCode] = e.rawTitle }
        }
        let posters = source.searchesPosters, source = self.source, monitor = self.monitor, firstTitles = titles
        monitor.plan(codes.count * (posters ? 2 : 1))
        return try await boundedMap(codes, limit: jobs) { code -> (String, Movie?, Poster?, [DataWarning])? in
            var notes: [DataWarning] = []
            var movie: Movie?
            do {
                let response = try await source.fetch(.movieInfo(code: code))
                if case .movie(let decoded)? = response.decoded { movie = decoded } else {
                    movie = try KOBISDecoder.movieInfo(response.body, code: code)
                }
                monitor.finished()
                if movie == nil { notes.append(Self.noDetails(code)) }
            } catch is FetchStopped {
                monitor.finished()
                if posters { monitor.finished() }
                return nil
            } catch {
                monitor.finished(failed: true)
                if Self.isFatal(error) { throw FetchError(item: "movie \(code)", cause: error) }
                notes.append(DataWarning(context: "fetch movie \(code)", message: "\(ErrorText.describe(error)); the page shows chart figures only"))
            }
            guard posters else { return (code, movie, nil, notes) }
            var poster: Poster?
            let query = PosterQuery.make(title: firstTitles[code] ?? movie?.title ?? code)
            do {
                poster = try KakaoDecoder.choosePoster(try await source.fetch(.posterSearch(query: query)).body)
                monitor.finished()
            } catch let refused as PosterKeyError {
                monitor.finished(failed: true)
                notes.append(DataWarning(context: "fetch posters", message: refused.description))
            } catch {
                monitor.finished(failed: true)
                notes.append(DataWarning(context: "fetch poster \(code)", message: "\(ErrorText.describe(error)); a placeholder is shown"))
            }
            return (code, movie, poster, notes)
        }
    }

    /// Made, not asked for: no requests to bound, and no poster search (the demo draws placeholders).
    func fetchSimulated(days: [Day], _ simulated: any SimulatedSource) async -> FetchOutcome {
        let requests = days.map { ChartRequest.day($0) } + Self.periods(covering: days).map { ChartRequest.period($0.kind, $0.start) }
        monitor.plan(requests.count)
        let charts = await simulated.charts(requests, parallelism: jobs)
        requests.forEach { _ in monitor.finished() }
        let dayCharts = charts.compactMap { if case .day(let c) = $0 { c } else { nil } }
        let periodCharts = charts.compactMap { if case .period(let c) = $0 { c } else { nil } }
        var dataset = Dataset(source: source.kind, days: dayCharts, movies: [:], posters: [:], periods: periodCharts)
        let codes = dataset.chartedMovieCodes
        monitor.plan(codes.count)
        let made = await simulated.movies(codes, parallelism: jobs)
        codes.forEach { _ in monitor.finished() }
        var warnings: [DataWarning] = []
        for (code, movie) in zip(codes, made) {
            guard var movie else { warnings.append(Self.noDetails(code)); continue }
            if movie.title.isEmpty { movie.title = Self.chartTitle(code, in: dataset) }
            dataset.movies[code] = movie
        }
        return outcome(dataset, warnings)
    }
}

extension Fetcher {
    func outcome(_ dataset: Dataset, _ warnings: [DataWarning]) -> FetchOutcome {
        // The monitor's lines name their own context ("cache 2024-02-05: …", "history: …").
        FetchOutcome(dataset: dataset, warnings: warnings + monitor.warnings.map { line in
            guard let cut = line.firstRange(of: ": ") else { return DataWarning(context: "cache", message: line) }
            return DataWarning(context: String(line[..<cut.lowerBound]), message: String(line[cut.upperBound...]))
        })
    }

    static func noDetails(_ code: String) -> DataWarning {
        DataWarning(context: "fetch movie \(code)", message: "KOBIS has no details; the page shows chart figures only")
    }

    /// The title a film first charted under, for movie info whose movieNm is empty.
    static func chartTitle(_ code: String, in dataset: Dataset) -> String {
        for day in dataset.days { if let e = day.entries.first(where: { $0.movieCode == code }) { return e.title } }
        return code
    }
}

public struct OfflineMissing: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

public enum PosterQuery {
    /// As the apps searched: 「<제목> 영화 포스터」, with KOBIS's stray spaces removed.
    public static func make(title: String) -> String {
        "\(title.trimmingCharacters(in: .whitespacesAndNewlines)) 영화 포스터"
    }
}

/// Maps with at most `limit` operations in flight, keeping input order. The first error cancels the rest.
func boundedMap<T: Sendable, R: Sendable>(_ items: [T], limit: Int, _ transform: @escaping @Sendable (T) async throws -> R) async throws -> [R] {
    try await withThrowingTaskGroup(of: (Int, R).self) { group in
        var results = [R?](repeating: nil, count: items.count)
        var next = 0
        func addNext() {
            let index = next
            let item = items[index]
            group.addTask { (index, try await transform(item)) }
            next += 1
        }
        while next < min(limit, items.count) { addNext() }
        while let (index, value) = try await group.next() {
            results[index] = value
            if next < items.count { addNext() }
        }
        return results.map { $0! }
    }
}
