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
    /// The served posters' bytes by path (`PosterFile.path`), when they are copied into the site:
    /// the image stage's, kept beside the dataset rather than in it.
    public var posterBytes: [String: Data] = [:]
}

/// Turns a range of days into a Dataset: the daily charts and the weekly and weekend charts of
/// every period wholly inside the range (a day or week that fails fails the build), then the
/// info and poster of every movie on the daily charts (a movie that fails is a warning; its page
/// uses what the charts know). Which source answers is not its business: both answer in values.
public struct Fetcher: Sendable {
    public let source: any BoxOfficeSource
    public let jobs: Int
    public let monitor: FetchMonitor

    /// Days not in the cache are left out as gaps (a history being backfilled) instead of failing
    /// the build (a window must be whole).
    public let keepsGaps: Bool

    public init(source: any BoxOfficeSource, jobs: Int, monitor: FetchMonitor = FetchMonitor(), keepsGaps: Bool = false)
    {
        self.source = source
        self.jobs = max(1, jobs)
        self.monitor = monitor
        self.keepsGaps = keepsGaps
    }

    /// `market`: the 한국, 외국 and 다양성 charts of every day and period too; `regions`: each
    /// 시·도's daily and weekly chart too (the region codes asked first). `today` (in Korea): the
    /// films opening this week and next are listed too when the range reaches this week.
    public func fetch(days: [Day], market: Bool = false, regions: Bool = false, today: Day? = nil)
        async throws -> FetchOutcome
    {
        var (regionList, warnings) = ([Region](), [DataWarning]())
        if regions {
            do { (regionList, warnings) = try await source.regions(monitor: monitor) } catch let error as FetchError
                where error.underlying is CacheMiss
            {
                warnings.append(DataWarning(
                    context: "--offline",
                    message: "the region codes are not in the cache, so region pages are left out"))
            }
        }
        let scopes = (market ? ChartScope.market : []) + regionList.map { .region($0.code) }
        let answers = try await source.answer(FetchPlan(days: days, scopes: scopes), jobs: jobs, monitor: monitor)
        var charts: [(Chart, [DataWarning])] = []
        var misses: [(ChartRequest, String)] = []
        var stoppedDays: [Day] = []
        var scoped: [ChartScope: (days: [DayChart], periods: [PeriodChart])] = [:]
        var scopedMisses: [String] = []
        var scopedStopped = 0
        // Every chart once more through the one check, however it arrived: a memo of decoded
        // answers skips decoding, and a re-signed one once published ranks 0 and trapped on a sum.
        // On every core: a real-sized history is 40,000 charts, checked on every morning's build.
        let all = answers.charts
        // The films' details and posters, beside the charts' check and sorting below (a whole
        // history's 9,000 films, one after another, while the other core waited).
        let filmAnswers = answers.films
        let films = Later { Self.films(filmAnswers) }
        let checkedCharts = concurrentMap(all.count) { i -> (ChartRequest, ChartAnswer) in
            let (request, answer) = all[i]
            guard case .fetched(let chart, let notes) = answer else { return (request, answer) }
            switch chart {
            case .day(let day):
                let (kept, said) = FigureBounds.checked(day)
                return (request, .fetched(.day(kept), notes + said))
            case .period(let period):
                let (kept, said) = FigureBounds.checked(period)
                return (request, .fetched(.period(kept), notes + said))
            }
        }
        // By place, each answer looked at only in its own loop: copying every (request, answer)
        // out in both loops was a serial fiftieth of a morning.
        for i in checkedCharts.indices where checkedCharts[i].0.scope != .all {
            let request = checkedCharts[i].0
            switch checkedCharts[i].1 {
            case .fetched(.day(let chart), let notes): scoped[request.scope, default: ([], [])].days.append(chart)
                warnings += notes
            case .fetched(.period(let chart), let notes): scoped[request.scope, default: ([], [])].periods.append(chart)
                warnings += notes
            case .missing(let label): scopedMisses.append(label)
            case .stopped: scopedStopped += 1
            case .failed(let warning): warnings.append(warning)
            }
        }
        for i in checkedCharts.indices where checkedCharts[i].0.scope == .all {
            let request = checkedCharts[i].0
            switch checkedCharts[i].1 {
            case .fetched(let chart, let notes): charts.append((chart, notes))
            case .missing(let label): misses.append((request, label))
            case .stopped: if case .day(let day, _) = request { stoppedDays.append(day) }
            case .failed(let warning): warnings.append(warning)
            }
        }
        func listed(_ labels: [String]) -> String {
            labels.prefix(8).joined(separator: ", ") + (labels.count > 8 ? " and \(labels.count - 8) more" : "")
        }
        // A missing day fails an offline window build; a missing week or weekend only loses its
        // page, so a cache filled before sitegen knew weeks still builds every day it holds.
        let missingDays = misses.compactMap { if case .day(let day, _) = $0.0 { day } else { nil } }
        if !missingDays.isEmpty && !keepsGaps {
            throw FetchError(
                item: "--offline",
                cause: OfflineMissing(
                    message:
                        "not in the cache: \(listed(missingDays.sorted().map(\.iso))); run `sitegen fetch` or build "
                            + "without --offline"
                ))
        }
        warnings = charts.flatMap(\.1) + warnings
        let missingPeriods = misses.filter { if case .period = $0.0 { true } else { false } }.map(\.1)
        if !scopedMisses.isEmpty {
            warnings.append(
                DataWarning(
                    context: "--offline",
                    message: "filtered charts not in the cache, so left out: \(listed(scopedMisses)); "
                        + "run `sitegen fetch` to add them"))
        }
        if !missingPeriods.isEmpty {
            warnings.append(
                DataWarning(
                    context: "--offline",
                    message: "not in the cache, so left out: \(listed(missingPeriods)); run `sitegen fetch` to add them"
                ))
        }
        let dayCharts = charts.compactMap { if case .day(let c) = $0.0 { c } else { nil } }
        let periodCharts = charts.compactMap { if case .period(let c) = $0.0 { c } else { nil } }
        let (movies, posters, stoppedMovies, filmWarnings) = films.value
        var dataset = Dataset(
            source: source.kind, days: dayCharts, movies: movies, posters: posters, periods: periodCharts)
        warnings += filmWarnings
        dataset.gaps = HistoryGaps(days: stoppedDays + missingDays, movies: stoppedMovies, scopedCharts: scopedStopped)
        dataset.scoped = scoped.mapValues { ScopedCharts(days: $0.days, periods: $0.periods) }
        // Movie info with an empty movieNm keeps the title the film first charted under.
        for code in dataset.movies.filter({ $0.value.title.isEmpty }).map(\.key) {
            let title = Self.chartTitle(code, in: dataset)
            dataset.movies[code]?.title = title
        }
        dataset.regions = regionList
        // Asked after the charts and their films: a backfill that spends its budget on history
        // leaves the list for a later run, never a day.
        if let today, Openings.apply(last: days.max(), today: today) {
            (dataset.openings, warnings) = try await openings(today, warnings)
        }
        return outcome(dataset, warnings)
    }

    /// This week's and next week's openings, or nil with a line saying why the page is left out.
    func openings(_ today: Day, _ warnings: [DataWarning]) async throws -> (Openings?, [DataWarning]) {
        do {
            let (films, notes) = try await source.filmList(years: Openings.years(today), jobs: jobs, monitor: monitor)
            return (Openings(asOf: today, films: films), warnings + notes)
        } catch let stopped as FetchStopped {
            let line = DataWarning(context: "openings", message: "\(stopped); left out until a later run")
            return (nil, warnings + [line])
        } catch is CacheMiss {
            let line = DataWarning(
                context: "--offline",
                message: "no film list from the last 6 hours is in the cache, so the openings page is left out")
            return (nil, warnings + [line])
        } catch let error as FetchError {
            return (nil, warnings + [DataWarning(
                context: "fetch \(error.item)",
                message: "\(error.cause); the openings page is left out until a later run fetches it")])
        } catch {
            throw FetchError(item: "film list", cause: error)
        }
    }
}

extension Fetcher {
    /// The films' answers as the dataset keeps them: details checked, posters, the films the run
    /// stopped before, and their warnings (a refused key said once, not once per movie).
    static func films(_ answers: [(FilmRequest, FilmAnswer?)])
        -> (movies: [String: Movie], posters: [String: Poster], stopped: [String], warnings: [DataWarning])
    {
        var (movies, posters) = ([String: Movie](), [String: Poster]())
        movies.reserveCapacity(answers.count)
        var stopped: [String] = [], warnings: [DataWarning] = []
        var seen = Set<String>()
        for (film, answer) in answers {
            guard let answer else { stopped.append(film.code); continue }
            // A code only a row that failed the check named (`a/b` from a re-signed memo) is no page.
            guard MovieCode.isValid(film.code) else { continue }
            movies[film.code] = answer.movie.map(FigureBounds.checked)
            posters[film.code] = answer.poster
            warnings += answer.warnings.filter { seen.insert($0.description).inserted }
        }
        return (movies, posters, stopped, warnings)
    }

    func outcome(_ dataset: Dataset, _ warnings: [DataWarning]) -> FetchOutcome {
        // The monitor's lines name their own context ("cache 2024-02-05: …", "history: …").
        let all = warnings + monitor.warnings.map { line in
            guard let cut = line.firstRange(of: ": ") else { return DataWarning(context: "cache", message: line) }
            return DataWarning(context: String(line[..<cut.lowerBound]), message: String(line[cut.upperBound...]))
        }
        // A row KOBIS sends wrong is wrong in each market's chart of the day too: said once.
        var seen = Set<String>()
        return FetchOutcome(dataset: dataset, warnings: all.filter { seen.insert($0.description).inserted })
    }

    /// The title a film first charted under, for movie info whose movieNm is empty.
    static func chartTitle(_ code: String, in dataset: Dataset) -> String {
        for day in dataset.days { if let e = day.entries.first(where: { $0.movieCode == code }) { return e.title } }
        // A film with a page from the national weeks or a filter's chart alone.
        let others = dataset.periods.map(\.entries)
            + ChartScope.market.flatMap { scope in
                (dataset.scoped[scope]?.days.map(\.entries) ?? [])
                    + (dataset.scoped[scope]?.periods.map(\.entries) ?? [])
            }
        for entries in others { if let e = entries.first(where: { $0.movieCode == code }) { return e.title } }
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
