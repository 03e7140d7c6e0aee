import Foundation
import SitegenBasics
import SitegenDecode
import SitegenModel

/// The KOBIS and Kakao APIs as a source of values: asks its client (the live APIs through the
/// cache, or a test's fake) for each chart, film and poster choice, and turns what fails into
/// what the Fetcher reports: a day not cached, calls used up, a film's warning, or the build's
/// error naming the item.
public struct APISource: BoxOfficeSource {
    public let client: any APIClient
    public let kind: DataSourceKind
    /// False when there is no poster service (no Kakao key): pages then use placeholders.
    public let searchesPosters: Bool

    public init(client: any APIClient, kind: DataSourceKind = .kobis, searchesPosters: Bool) {
        self.client = client; self.kind = kind; self.searchesPosters = searchesPosters
    }

    /// Errors that no other request can get past: stop everything at once.
    static func isFatal(_ error: Error) -> Bool { error is InvalidKeyError || error is QuotaError }

    public func answer(_ plan: FetchPlan, jobs: Int, monitor: FetchMonitor) async throws -> FetchAnswers {
        monitor.plan(plan.chartCount)
        monitor.planDays(plan.dayCount)
        var answers = FetchAnswers()
        var seen = Set<String>()
        var nationalPeriods: [[(ChartRequest, Chart)]] = []
        for round in plan.rounds {
            let results = try await charts(round.charts, jobs: jobs, monitor: monitor)
            answers.charts += zip(round.charts, results).map { ($0, $1) }
            let charted = results.compactMap { if case .fetched(.day(let chart), _) = $0 { chart } else { nil } }
            let films = FetchPlan.newFilms(in: charted, seen: &seen)
            answers.films += zip(films, try await details(films, jobs: jobs, monitor: monitor)).map { ($0, $1) }
            nationalPeriods.append(Self.fetched(Array(zip(round.charts, results))))
        }
        // The filters after every national year: a run stopped by its budget leaves filtered
        // charts for the next run, never a national day of an older year. The films only they
        // (or only the national weeks) bring come with each year's filters, newest year first.
        for (round, periods) in zip(plan.rounds, nationalPeriods) {
            let scoped = try await charts(round.scoped, jobs: jobs, monitor: monitor)
            answers.charts += zip(round.scoped, scoped).map { ($0, $1) }
            let films = FetchPlan.otherFilms(in: periods + Self.fetched(Array(zip(round.scoped, scoped))), seen: &seen)
            answers.films += zip(films, try await details(films, jobs: jobs, monitor: monitor)).map { ($0, $1) }
        }
        return answers
    }

    /// The charts that came back, with what was asked.
    static func fetched(_ answers: [(ChartRequest, ChartAnswer)]) -> [(ChartRequest, Chart)] {
        answers.compactMap { request, answer in
            if case .fetched(let chart, _) = answer { (request, chart) } else { nil }
        }
    }

    public func regions(monitor: FetchMonitor) async throws -> ([Region], [DataWarning]) {
        do {
            guard case .regions(let regions, let notes) = try await client.fetch(.regionCodes).value else {
                throw ResponseMismatchError(reason: "the answer to the region codes is not a code list")
            }
            return (regions, notes)
        } catch {
            throw FetchError(item: SourceRequest.regionCodes.label, cause: error)
        }
    }

    public func posterImage(url: String) async throws -> Data {
        try await client.fetch(.posterImage(url: url)).response.body
    }

    /// The original leaves the response cache once its copies are kept: a whole history's
    /// originals were 1.7 GB of a cache the workflow restores every morning. A lost store costs
    /// the download again, as a lost cache always did.
    public func keptCopies(ofPosterAt url: String) { (client as? CachingClient)?.forget(.posterImage(url: url)) }

    public func filmList(years: [Int], jobs: Int, monitor: FetchMonitor) async throws -> ([ListedFilm], [DataWarning]) {
        try await FilmList.read(years: years, client: client, jobs: jobs, monitor: monitor)
    }

    /// A round's charts in order: those the client holds (the cache's, on a morning all but the
    /// new day's) taken at once on every core, the rest asked for a task each.
    func charts(_ wanted: [ChartRequest], jobs: Int, monitor: FetchMonitor) async throws -> [ChartAnswer] {
        var results = [ChartAnswer?](repeating: nil, count: wanted.count)
        if let held = client as? any HeldAnswers {
            results = concurrentMap(wanted.count, chunk: 32) { i in
                held.held(wanted[i].request).flatMap { Self.chartAnswer($0, wanted[i], monitor) }
            }
        }
        let rest = results.indices.filter { results[$0] == nil }
        let asked = try await boundedMap(rest.map { wanted[$0] }, limit: jobs) {
            try await self.chart($0, monitor: monitor)
        }
        for (i, answer) in zip(rest, asked) { results[i] = answer }
        return results.map { $0! }
    }

    /// A chart's answer as the Fetcher takes it, counted; nil for one that is not a chart.
    static func chartAnswer(_ answer: APIAnswer, _ wanted: ChartRequest, _ monitor: FetchMonitor) -> ChartAnswer? {
        switch answer.value {
        case .day(let chart, let notes):
            monitor.finished()
            if wanted.scope == .all { monitor.dayFetched() }
            return .fetched(.day(chart), notes)
        case .period(let chart, let notes):
            monitor.finished()
            return .fetched(.period(chart), notes)
        case .movie, .poster, .image, .regions, .filmList: return nil
        }
    }

    func chart(_ wanted: ChartRequest, monitor: FetchMonitor) async throws -> ChartAnswer {
        do {
            let answer = try await client.fetch(wanted.request)
            guard let chart = Self.chartAnswer(answer, wanted, monitor) else {
                throw ResponseMismatchError(reason: "the answer to a chart request is not a chart")
            }
            return chart
        } catch let miss as CacheMiss {
            monitor.finished(failed: true)
            return .missing(miss.label)
        } catch is FetchStopped {
            monitor.finished()
            return .stopped
        } catch {
            monitor.finished(failed: true)
            // A filter's chart that fails costs its page and its share, never the morning's build.
            if wanted.scope != .all && !Self.isFatal(error) {
                return .failed(DataWarning(
                    context: "fetch \(wanted.request.label)",
                    message: "\(ErrorText.describe(error)); its page is left out until a later run fetches it"))
            }
            throw FetchError(item: wanted.request.label, cause: error)
        }
    }

    /// The info and poster of each film (nil where the run's calls ran out before its info).
    func details(_ films: [FilmRequest], jobs: Int, monitor: FetchMonitor) async throws -> [FilmAnswer?] {
        let posters = searchesPosters
        monitor.plan(films.count * (posters ? 2 : 1))
        // What the client holds, taken on every core first (as a round's charts are); a film's
        // poster search only once its details are held, so nothing is taken twice.
        var held = [Held](repeating: Held(), count: films.count)
        if let client = client as? any HeldAnswers {
            held = concurrentMap(films.count, chunk: 16) { i in
                guard let info = client.held(.movieInfo(code: films[i].code)) else { return Held() }
                let query = PosterQuery.make(title: films[i].chartTitle)
                return Held(info: info, poster: posters ? client.held(.posterSearch(query: query)) : nil)
            }
        }
        let ready = held
        var results = [FilmAnswer??](repeating: nil, count: films.count)
        // Those wholly held never wait: made here, in order, without a task each.
        for i in films.indices where ready[i].info != nil && (!posters || ready[i].poster != nil) {
            results[i] = .some(try await detail(films[i], ready[i], monitor: monitor))
        }
        let rest = films.indices.filter { results[$0] == nil }
        let asked = try await boundedMap(rest, limit: jobs) { i in
            try await self.detail(films[i], ready[i], monitor: monitor)
        }
        for (i, answer) in zip(rest, asked) { results[i] = .some(answer) }
        return results.map { $0! }
    }

    /// A film's answers the client held before it was asked (nil: to be asked for).
    struct Held: Sendable {
        var info: APIAnswer?
        var poster: APIAnswer?
    }

    /// The info and poster of one film (nil where the run's calls ran out before its info).
    func detail(_ film: FilmRequest, _ held: Held, monitor: FetchMonitor) async throws -> FilmAnswer? {
        let posters = searchesPosters, code = film.code
        var answer = FilmAnswer(movie: nil)
        do {
            let info = if let held = held.info { held } else { try await client.fetch(.movieInfo(code: code)) }
            guard case .movie(let movie) = info.value else {
                throw ResponseMismatchError(reason: "the answer to a movie request is not movie info")
            }
            monitor.finished()
            answer = movie.map { FilmAnswer(movie: $0) } ?? .noDetails(code)
        } catch is FetchStopped {
            monitor.finished()
            if posters { monitor.finished() }
            return nil
        } catch {
            monitor.finished(failed: true)
            if Self.isFatal(error) { throw FetchError(item: "movie \(code)", cause: error) }
            answer.warnings.append(
                DataWarning(
                    context: "fetch movie \(code)",
                    message: "\(ErrorText.describe(error)); the page shows chart figures only"))
        }
        guard posters else { return answer }
        do {
            let query = PosterQuery.make(title: film.chartTitle)
            let found = if let held = held.poster { held } else { try await client.fetch(.posterSearch(query: query)) }
            guard case .poster(let poster) = found.value else {
                throw ResponseMismatchError(reason: "the answer to a poster search is not a search result")
            }
            answer.poster = poster
            monitor.finished()
        } catch let refused as PosterKeyError {
            monitor.finished(failed: true)
            answer.warnings.append(DataWarning(context: "fetch posters", message: refused.description))
        } catch {
            monitor.finished(failed: true)
            answer.warnings.append(DataWarning(context: "fetch poster \(code)",
                                               message: "\(ErrorText.describe(error)); a placeholder is shown"))
        }
        return answer
    }
}
