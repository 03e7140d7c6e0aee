import Foundation
import SitegenModel

/// An error of the fetch phase, naming the item: "fetch 2024-02-10: KOBIS said 320010 …".
public struct FetchError: Error, Sendable, CustomStringConvertible {
    public let item: String
    public let cause: String
    public let underlying: (any Error & Sendable)?
    public init(item: String, cause: any Error & Sendable) {
        self.item = item
        self.cause = String(describing: cause)
        self.underlying = cause
    }
    public var description: String { "fetch \(item): \(cause)" }
}

public struct FetchOutcome: Sendable {
    public var dataset: Dataset
    public var warnings: [DataWarning]
    public var requestCount: Int
}

/// Turns a range of days into a Dataset: the charts (a day that fails fails the build), then the
/// info and poster of every movie on them (a movie that fails is a warning; its page uses what
/// the charts know).
public struct Fetcher: Sendable {
    public let source: any BoxOfficeSource
    public let jobs: Int

    public init(source: any BoxOfficeSource, jobs: Int) {
        self.source = source
        self.jobs = max(1, jobs)
    }

    public func fetch(days: [Day]) async throws -> FetchOutcome {
        let source = self.source
        let charts = try await boundedMap(days, limit: jobs) { day in
            do {
                let response = try await source.fetch(.dailyChart(day))
                return try KOBISDecoder.dailyChart(response.body, date: day, fetchedAt: response.fetchedAt)
            } catch {
                throw FetchError(item: day.iso, cause: error)
            }
        }
        var warnings = charts.flatMap(\.1)
        let partial = Dataset(source: source.kind, days: charts.map(\.0), movies: [:], posters: [:])
        let codes = partial.chartedMovieCodes
        var firstTitles: [String: String] = [:]
        for day in partial.days { for e in day.entries where firstTitles[e.movieCode] == nil { firstTitles[e.movieCode] = e.rawTitle } }
        let titles = firstTitles

        let details = try await boundedMap(codes, limit: jobs) { code -> (String, Movie?, Poster?, [DataWarning]) in
            var notes: [DataWarning] = []
            var movie: Movie?
            do {
                movie = try KOBISDecoder.movieInfo(try await source.fetch(.movieInfo(code: code)).body, code: code)
                if movie == nil { notes.append(DataWarning(context: "fetch movie \(code)", message: "KOBIS has no details; the page shows chart figures only")) }
            } catch let fault as KOBISFault where fault.isInvalidKey || fault.isQuota {
                throw FetchError(item: "movie \(code)", cause: fault)
            } catch {
                notes.append(DataWarning(context: "fetch movie \(code)", message: "\(error); the page shows chart figures only"))
            }
            var poster: Poster?
            let query = PosterQuery.make(title: titles[code] ?? movie?.title ?? code)
            do {
                poster = try KakaoDecoder.choosePoster(try await source.fetch(.posterSearch(query: query)).body)
            } catch {
                notes.append(DataWarning(context: "fetch poster \(code)", message: "\(error); a placeholder is shown"))
            }
            return (code, movie, poster, notes)
        }
        var movies: [String: Movie] = [:]
        var posters: [String: Poster] = [:]
        for (code, movie, poster, notes) in details {
            movies[code] = movie
            posters[code] = poster
            warnings += notes
        }
        let dataset = Dataset(source: source.kind, days: partial.days, movies: movies, posters: posters)
        return FetchOutcome(dataset: dataset, warnings: warnings, requestCount: days.count + codes.count * 2)
    }
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
