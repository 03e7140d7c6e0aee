import Foundation
import SitegenBasics
import SitegenDecode
import SitegenModel

/// What a build asks its source for: the chart of every day, and of every week and weekend wholly
/// inside the range, in rounds of a year each, newest first. A source that can run out of calls
/// answers round by round, charts and then the films they bring, so a run stopped at its budget
/// has the latest days and whole years, not every chart of twenty years without one film's details.
public struct FetchPlan: Sendable {
    /// Newest year first: its national charts, then the films they bring; the filtered charts of
    /// every year come after all of those (a source asks them last).
    public let rounds: [Round]
    public let dayCount: Int

    public struct Round: Sendable {
        public let charts: [ChartRequest]
        /// The filters' charts of the same days and periods (한국, 외국, 다양성; regions): asked
        /// after every round's national charts and their films, so a run that stops at its budget
        /// has the whole national history before any filter's.
        public let scoped: [ChartRequest]
    }

    /// `scopes`: the filters to ask for beside the national chart. A region's weekly chart is
    /// asked, its weekend chart not (the region page shows the day and the week).
    public init(days: [Day], scopes: [ChartScope] = []) {
        var byYear: [Int: [ChartRequest]] = [:]
        for day in days { byYear[day.year, default: []].append(.day(day)) }
        for period in Self.periods(covering: days) {
            byYear[period.start.year, default: []].append(.period(period.kind, period.start))
        }
        rounds = byYear.keys.sorted(by: >).map { year in
            let charts = byYear[year]!.sorted { $0.sortKey > $1.sortKey }
            let scoped = charts.flatMap { chart in scopes.compactMap { chart.scoped($0) } }
            return Round(charts: charts, scoped: scoped)
        }
        dayCount = days.count
    }

    /// Every chart call the plan makes, filters' included (films come on top: one call each).
    public var chartCount: Int { rounds.reduce(0) { $0 + $1.charts.count + $1.scoped.count } }

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

    /// The films these charts bring that `seen` has not met, in first-appearance order, each
    /// with the title it first charted under (what its poster is searched by).
    public static func newFilms(in charts: [DayChart], seen: inout Set<String>) -> [FilmRequest] {
        var films: [FilmRequest] = []
        // The charts' places sorted and their rows read by place, neither copied (see `otherFilms`).
        for c in charts.indices.sorted(by: { charts[$0].date < charts[$1].date }) {
            let entries = charts[c].entries
            for i in entries.indices where seen.insert(entries[i].movieCode).inserted {
                films.append(FilmRequest(code: entries[i].movieCode, chartTitle: entries[i].rawTitle))
            }
        }
        return films
    }

    /// The films a round's other charts bring (the national weeks and weekends, and the 한국, 외국
    /// and 다양성 charts) that `seen` has not met: every film on a chart the site publishes has a
    /// page, so its details are asked for too, after the national days' films. A region's chart is
    /// not one of them: its rows are a region's figures and link a film only if it has a page.
    public static func otherFilms(in charts: [(ChartRequest, Chart)], seen: inout Set<String>) -> [FilmRequest] {
        var films: [FilmRequest] = []
        let wanted = charts.indices.filter { i in
            if case .region = charts[i].0.scope { false } else { true }
        }
        // Days before periods, each oldest first: the title a film first charted under. The
        // charts' places are sorted, not the charts: a chart moved was a chart copied.
        let orders = wanted.map { order(charts[$0].1) }
        // The rows whose film `seen` has not met, found on every core (most are the national
        // chart's films, met already); then taken in order, each film once. Rows are read by
        // place: each copied out was three strings retained, for 300,000 rows a morning.
        let met = seen
        let fresh = concurrentMap(wanted.count, chunk: 256) { j -> [Int] in
            let entries = entries(of: charts[wanted[j]].1)
            return entries.indices.filter { !met.contains(entries[$0].movieCode) }
        }
        for i in wanted.indices.sorted(by: { orders[$0] < orders[$1] }) {
            let entries = entries(of: charts[wanted[i]].1)
            for r in fresh[i] where seen.insert(entries[r].movieCode).inserted {
                films.append(FilmRequest(code: entries[r].movieCode, chartTitle: entries[r].rawTitle))
            }
        }
        return films
    }

    private static func entries(of chart: Chart) -> [ChartEntry] {
        switch chart {
        case .day(let c): c.entries
        case .period(let c): c.entries
        }
    }

    private static func order(_ chart: Chart) -> (Int, Int) {
        switch chart {
        case .day(let c): (0, c.date.ordinal)
        case .period(let c): (1, c.start.ordinal)
        }
    }
}

public enum ChartRequest: Sendable, Hashable {
    case day(Day, scope: ChartScope = .all)
    /// A weekly or weekend chart, by the period's first day (Monday or Friday).
    case period(PeriodKind, Day, scope: ChartScope = .all)

    public var request: SourceRequest {
        switch self {
        case .day(let day, let scope): .dailyChart(day, scope: scope)
        case .period(let kind, let start, let scope): .periodChart(kind, start, scope: scope)
        }
    }

    public var scope: ChartScope {
        switch self {
        case .day(_, let scope), .period(_, _, let scope): scope
        }
    }

    /// This national chart's counterpart under a filter; nil for a region's weekend.
    func scoped(_ scope: ChartScope) -> ChartRequest? {
        switch self {
        case .day(let day, _): .day(day, scope: scope)
        case .period(let kind, let start, _):
            if case .region = scope, kind == .weekend { nil } else { .period(kind, start, scope: scope) }
        }
    }

    /// Newest first, a day before the periods that end on it.
    var sortKey: (Int, Int) {
        switch self {
        case .day(let day, _): (day.ordinal, 1)
        case .period(let kind, let start, _): (start.ordinal + kind.length - 1, 0)
        }
    }
}

public enum Chart: Sendable, Equatable {
    case day(DayChart)
    case period(PeriodChart)
}

/// What one chart request came to.
public enum ChartAnswer: Sendable {
    case fetched(Chart, [DataWarning])
    /// Not in the cache (`--offline`): the label names it.
    case missing(String)
    /// Not asked: the run's KOBIS calls are used up.
    case stopped
    /// A filter's chart that could not be had (a national one fails the build instead).
    case failed(DataWarning)
}

public struct FilmRequest: Sendable, Hashable {
    public let code: String
    public let chartTitle: String
}

/// A film's details (nil: the source has none, and a warning says so) and poster choice.
public struct FilmAnswer: Sendable {
    public var movie: Movie?
    public var poster: Poster?
    public var warnings: [DataWarning]
    public init(movie: Movie?, poster: Poster? = nil, warnings: [DataWarning] = []) {
        self.movie = movie; self.poster = poster; self.warnings = warnings
    }

    /// A film the source knows nothing more of than the charts do.
    public static func noDetails(_ code: String) -> FilmAnswer {
        FilmAnswer(
            movie: nil,
            warnings: [
                DataWarning(
                    context: "fetch movie \(code)",
                    message: "KOBIS has no details; the page shows chart figures only")
            ])
    }
}

public struct FetchAnswers: Sendable {
    /// National and filtered alike; `ChartRequest.scope` tells them apart.
    public var charts: [(ChartRequest, ChartAnswer)] = []
    /// nil where the run's calls ran out before the film was asked for.
    public var films: [(FilmRequest, FilmAnswer?)] = []
    public init() {}
}
