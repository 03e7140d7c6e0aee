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

    public init(source: any BoxOfficeSource, jobs: Int, monitor: FetchMonitor = FetchMonitor()) {
        self.source = source
        self.jobs = max(1, jobs)
        self.monitor = monitor
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
    }

    public func fetch(days: [Day]) async throws -> FetchOutcome {
        let source = self.source, monitor = self.monitor
        let requests = days.map { ChartRequest.day($0) } + Self.periods(covering: days).map { ChartRequest.period($0.kind, $0.start) }
        monitor.plan(requests.count)
        let simulated = source as? any SimulatedSource
        let results: [Result<(Chart, [DataWarning]), CacheMiss>]
        if let simulated {
            results = await simulated.charts(requests, parallelism: jobs).map { .success(($0, [])) }
            requests.forEach { _ in monitor.finished() }
        } else { results = try await boundedMap(requests, limit: jobs) { wanted -> Result<(Chart, [DataWarning]), CacheMiss> in
            do {
                let response = try await source.fetch(wanted.request)
                monitor.finished()
                switch (wanted, response.decoded) {
                case (.day, .day(var chart, let notes)?):
                    chart.fetchedAt = response.fetchedAt
                    return .success((.day(chart), notes))
                case (.period, .period(var chart, let notes)?):
                    chart.fetchedAt = response.fetchedAt
                    return .success((.period(chart), notes))
                case (.day(let day), _):
                    let (chart, notes) = try KOBISDecoder.dailyChart(response.body, date: day, fetchedAt: response.fetchedAt)
                    return .success((.day(chart), notes))
                case (.period(let kind, let start), _):
                    let (chart, notes) = try KOBISDecoder.periodChart(response.body, kind: kind, start: start, fetchedAt: response.fetchedAt)
                    return .success((.period(chart), notes))
                }
            } catch let miss as CacheMiss {
                monitor.finished(failed: true)
                return .failure(miss)
            } catch {
                monitor.finished(failed: true)
                throw FetchError(item: wanted.request.label, cause: error)
            }
        } }
        func listed(_ labels: [String]) -> String {
            labels.prefix(8).joined(separator: ", ") + (labels.count > 8 ? " and \(labels.count - 8) more" : "")
        }
        // A missing day fails an offline build; a missing week or weekend only loses its page, so
        // a cache filled before sitegen knew weeks still builds every day it holds.
        let misses = zip(requests, results).compactMap { request, result -> (ChartRequest, String)? in
            if case .failure(let miss) = result { (request, miss.label) } else { nil }
        }
        let missingDays = misses.filter { if case .day = $0.0 { true } else { false } }.map(\.1)
        if !missingDays.isEmpty {
            throw FetchError(item: "--offline", cause: OfflineMissing(message: "not in the cache: \(listed(missingDays)); run `sitegen fetch` or build without --offline"))
        }
        let charts = results.compactMap { try? $0.get() }
        var warnings = charts.flatMap(\.1)
        let missingPeriods = misses.map(\.1)
        if !missingPeriods.isEmpty {
            warnings.append(DataWarning(context: "--offline", message: "not in the cache, so left out: \(listed(missingPeriods)); run `sitegen fetch` to add them"))
        }
        let dayCharts = charts.compactMap { if case .day(let c) = $0.0 { c } else { nil } }
        let periodCharts = charts.compactMap { if case .period(let c) = $0.0 { c } else { nil } }
        let partial = Dataset(source: source.kind, days: dayCharts, movies: [:], posters: [:], periods: periodCharts)
        let codes = partial.chartedMovieCodes
        let posters = source.searchesPosters
        monitor.plan(codes.count * (posters ? 2 : 1))
        if let simulated {
            // Made, not asked for: no requests to bound, and no poster search (the demo draws placeholders).
            let made = await simulated.movies(codes, parallelism: jobs)
            codes.forEach { _ in monitor.finished(); if posters { monitor.finished() } }
            var dataset = partial
            for (code, movie) in zip(codes, made) {
                guard var movie else { warnings.append(Self.noDetails(code)); continue }
                if movie.title.isEmpty { movie.title = Self.chartTitle(code, in: partial) }
                dataset.movies[code] = movie
            }
            return outcome(dataset, warnings)
        }
        var firstTitles: [String: String] = [:], cleanTitles: [String: String] = [:]
        for day in partial.days {
            for e in day.entries where firstTitles[e.movieCode] == nil { firstTitles[e.movieCode] = e.rawTitle; cleanTitles[e.movieCode] = e.title }
        }
        let titles = firstTitles, chartTitles = cleanTitles
        let details = try await boundedMap(codes, limit: jobs) { code -> (String, Movie?, Poster?, [DataWarning]) in
            var notes: [DataWarning] = []
            var movie: Movie?
            do {
                let response = try await source.fetch(.movieInfo(code: code))
                if case .movie(let decoded)? = response.decoded { movie = decoded } else {
                    movie = try KOBISDecoder.movieInfo(response.body, code: code)
                }
                // Movie info with an empty movieNm keeps the chart's (never empty) title.
                if movie?.title.isEmpty == true, let title = chartTitles[code] { movie?.title = title }
                monitor.finished()
                if movie == nil { notes.append(Self.noDetails(code)) }
            } catch {
                monitor.finished(failed: true)
                if Self.isFatal(error) { throw FetchError(item: "movie \(code)", cause: error) }
                notes.append(DataWarning(context: "fetch movie \(code)", message: "\(ErrorText.describe(error)); the page shows chart figures only"))
            }
            guard posters else { return (code, movie, nil, notes) }
            var poster: Poster?
            let query = PosterQuery.make(title: titles[code] ?? movie?.title ?? code)
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
        var movies: [String: Movie] = [:]
        var chosen: [String: Poster] = [:]
        var seen = Set<String>()
        for (code, movie, poster, notes) in details {
            movies[code] = movie
            chosen[code] = poster
            // A refused key is said once, not once per movie.
            warnings += notes.filter { seen.insert($0.description).inserted }
        }
        var dataset = partial
        dataset.movies = movies
        dataset.posters = chosen
        return outcome(dataset, warnings)
    }
}

extension Fetcher {
    func outcome(_ dataset: Dataset, _ warnings: [DataWarning]) -> FetchOutcome {
        FetchOutcome(dataset: dataset, warnings: warnings + monitor.warnings.map { DataWarning(context: "cache", message: $0) })
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
