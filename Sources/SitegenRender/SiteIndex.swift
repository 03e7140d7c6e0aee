import Foundation
import SitegenBasics
import SitegenModel

/// The dataset indexed for rendering: plain data, no template values. Built once per render and
/// shared by every page builder. A class: pages read its fields through `SiteModel`'s key paths,
/// and as a struct each read copied all fourteen of them (a twentieth of a rebuild's page keys).
final class SiteIndex: Sendable {
    let dataset: Dataset
    let days: [DayChart]
    let dayIndex: [Day: Int]
    /// Each movie's chart rows in date order.
    let history: [String: [(date: Day, entry: ChartEntry)]]
    /// Every film with a page, sorted: those on the national daily chart and those only on a
    /// filter's (`filterRuns`).
    let movieCodes: [String]
    /// Films on no national daily chart but on a 한국, 외국 or 다양성 one: each has a page too,
    /// its run told from the filter's chart it spent most days on (its ranks are that chart's).
    let filterRuns: [String: FilmRun]
    /// Each charted film's latest totals and best rank.
    let films: [String: FilmFacts]
    let people: PeopleIndex
    /// Weekly and weekend charts, oldest first, and where each start day is among them.
    let periods: [PeriodKind: [PeriodChart]]
    let periodIndex: [PeriodKind: [Day: Int]]
    /// Films on a weekly chart but on no daily one (national or a filter's), with their latest weekly row.
    let periodTitles: [String: ChartEntry]
    var periodOnlyCodes: [String] { periodTitles.keys.sorted() }
    /// The weekly and weekend charts listing each film, in the dataset's order: a film's facts
    /// look through its own few charts, not all two thousand of a ten-year site.
    let chartsListing: [String: [PeriodChart]]
    /// Each film's latest row on a 한국, 외국 or 다양성 chart (a day's, or a week's or weekend's
    /// as of its last day): a film out of the national top 10 stays on them for weeks, and its
    /// total there is the film's own (the filters choose films, not audiences; a region's is not).
    let latestScoped: [String: (date: Day, entry: ChartEntry)]
    /// The largest day total: the archive tints each day against it.
    let busiestDayTotal: Int64
    /// Films by the year they opened (`openDate(of:)`), in code order, for the year pages.
    let openedIn: [Int: [String]]
    /// The filtered charts, shares, regions and distributors.
    let market: MarketIndex
    /// The openings list's films by code: KOBIS's film list gives a film's English title and
    /// nations before its details are fetched, so a film is named alike on every page meanwhile.
    let listed: [String: ListedFilm]
    /// Films whose details a backfill has not fetched yet (`HistoryGaps.movies`): their pages say
    /// the details are coming, not that they failed.
    let pendingDetails: Set<String>
    /// Every film opened inside the history, by day of release (`PaceTable`).
    let pace: PaceTable

    init(_ dataset: Dataset) {
        self.dataset = dataset
        let listed = Dictionary(
            (dataset.openings?.films ?? []).map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })
        self.listed = listed
        pendingDetails = Set(dataset.gaps.movies)
        // The people and market indexes need only the dataset: built on other cores meanwhile (the
        // market's is a third of a morning's index, which the pages' keys wait for).
        let nationalCodes = Set(dataset.chartedMovieCodes)
        // First, as it needs only the dataset: begun last, inside the market's, it was the last
        // of a real-sized morning's index to end, worked out by the market's thread alone.
        let distributors = Later { DistributorIndex(dataset) }
        // Beside the national rows' history, below (both read every row of their charts).
        let filterOnly = Later { Self.filterRuns(dataset, national: nationalCodes) }
        // A film with a page from a filter's chart alone credits its people as the others do.
        let people = Later { PeopleIndex(dataset, codes: dataset.chartedMovieCodes + filterOnly.value.keys.sorted()) }
        let market = Later {
            let national = nationalCodes
            var periodOnly = Set<String>()
            for chart in dataset.periods {
                for e in chart.entries where !national.contains(e.movieCode) { periodOnly.insert(e.movieCode) }
            }
            return MarketIndex(dataset, nationalCodes: national, periodCodes: periodOnly, distributors: distributors)
        }
        // Each reads the filters' charts alone (a real-sized history's 240,000 rows): beside the rest.
        let scoped = Later { Self.latestScoped(dataset) }
        let scopedTotals = Later { Self.scopedTotals(dataset, of: nationalCodes) }
        days = dataset.days
        var index: [Day: Int] = [:]
        var history: [String: [(date: Day, entry: ChartEntry)]] = [:]
        for (i, chart) in days.enumerated() {
            index[chart.date] = i
            for entry in chart.entries { history[entry.movieCode, default: []].append((chart.date, entry)) }
        }
        dayIndex = index
        self.history = history
        let filterRuns = filterOnly.value
        self.filterRuns = filterRuns
        let movieCodes = (Array(history.keys) + filterRuns.keys).sorted()
        self.movieCodes = movieCodes
        var listing: [String: [PeriodChart]] = [:]
        for chart in dataset.periods {
            for code in Set(chart.entries.map(\.movieCode)) { listing[code, default: []].append(chart) }
        }
        chartsListing = listing
        let latestScoped = scoped.value
        self.latestScoped = latestScoped
        let runs = history.map { ($0, FilmRun(scope: .all, rows: $1)) } + filterRuns.map { ($0, $1) }
        let films = Dictionary(
            uniqueKeysWithValues: runs.map { code, run in
                // An empty movieNm in movie info must not blank a title the chart knows.
                (
                    code,
                    FilmFacts(
                        code: code, movie: dataset.movies[code], rows: run.rows, periods: listing[code] ?? [],
                        scoped: latestScoped[code], rankScope: run.scope,
                        title: [dataset.movies[code]?.title, run.rows.last!.entry.title].compactMap { $0 }.first {
                            !$0.isEmpty
                        } ?? code, listedEnglishTitle: listed[code]?.englishTitle ?? "")
                )
            })
        self.films = films
        var periods: [PeriodKind: [PeriodChart]] = [.week: [], .weekend: []]
        for chart in dataset.periods { periods[chart.kind, default: []].append(chart) }
        for kind in PeriodKind.allCases { periods[kind]!.sort { $0.start < $1.start } }
        self.periods = periods
        var periodTitles: [String: ChartEntry] = [:]
        for chart in dataset.periods {
            for e in chart.entries where history[e.movieCode] == nil && filterRuns[e.movieCode] == nil {
                periodTitles[e.movieCode] = e
            }
        }
        self.periodTitles = periodTitles
        // The films the pace compares (those on the national chart), each with every total it reports:
        // its 누적 as of a day is read as its page's box reads it.
        // (The national chart's films are `history`'s keys.)
        let totals = scopedTotals.value
        var paceTotals: [String: [(date: Day, total: Int64)]] = [:]
        for (code, rows) in history {
            paceTotals[code] = FilmFacts.datedTotals(
                code, rows: rows, periods: listing[code] ?? [], scoped: totals[code] ?? [])
        }
        pace = PaceTable(
            totals: paceTotals, openDate: { Self.openDate($0, films: films, periodTitles: periodTitles) },
            days: dataset.days)
        periodIndex = periods.mapValues { charts in
            Dictionary(uniqueKeysWithValues: charts.enumerated().map { ($1.start, $0) })
        }
        var opened: [Int: [String]] = [:]
        for code in Set(movieCodes).union(periodTitles.keys).sorted() {
            if let year = Self.openDate(code, films: films, periodTitles: periodTitles)?.year {
                opened[year, default: []].append(code)
            }
        }
        openedIn = opened
        busiestDayTotal = days.map(\.audienceSum).max() ?? 0
        self.market = market.value
        self.people = people.value
    }

    /// When a film opened: its movie info's date, else the one its weekly rows carry (a film seen
    /// only on weekly charts). The year pages and the records page both count by it.
    func openDate(of code: String) -> Day? { Self.openDate(code, films: films, periodTitles: periodTitles) }

    private static func openDate(_ code: String, films: [String: FilmFacts], periodTitles: [String: ChartEntry]) -> Day?
    {
        films[code]?.openDate ?? periodTitles[code]?.openDate
    }
}

/// The chart rows a film's page tells its run from: the national daily chart's, or for a film
/// never on it, one filter's (`scope`), whose ranks are that chart's and are said so.
struct FilmRun: Sendable {
    let scope: ChartScope
    let rows: [(date: Day, entry: ChartEntry)]
}

extension SiteIndex {
    /// Whether a film has a page: every film on a daily chart the site publishes has one.
    func hasPage(_ code: String) -> Bool { history[code] != nil || filterRuns[code] != nil }

    /// The rows its page tells the run from.
    func run(of code: String) -> FilmRun? {
        if let rows = history[code] { return FilmRun(scope: .all, rows: rows) }
        return filterRuns[code]
    }

    /// Each film on a filter's daily chart and on no national one, with the filter it spent the
    /// most days on (the first in tab order on a tie, so the choice never depends on dictionary
    /// order).
    static func filterRuns(
        _ dataset: Dataset, national: Set<String>
    ) -> [String: FilmRun] {
        var best: [String: FilmRun] = [:]
        for scope in ChartScope.market {
            guard let charts = dataset.scoped[scope] else { continue }
            var rows: [String: [(date: Day, entry: ChartEntry)]] = [:]
            // By place: most rows are a national film's, and each copied out to be looked at was three
            // strings retained and released (240,000 filter rows in a whole history).
            for chart in charts.days {
                for i in chart.entries.indices where !national.contains(chart.entries[i].movieCode) {
                    rows[chart.entries[i].movieCode, default: []].append((chart.date, chart.entries[i]))
                }
            }
            for (code, list) in rows where list.count > (best[code]?.rows.count ?? 0) {
                best[code] = FilmRun(scope: scope, rows: list.sorted { $0.date < $1.date })
            }
        }
        return best
    }

    /// The row a film's latest total comes from, as every page gives it (`FilmFacts.latestRow`).
    func latestRow(of code: String) -> (date: Day, entry: ChartEntry)? {
        FilmFacts.latestRow(
            code, rows: history[code] ?? [], periods: chartsListing[code] ?? [], scoped: latestScoped[code])
    }

    /// Each of `codes`' rows on the 한국·외국·다양성 charts as (date, total), in the order
    /// `latestScoped` offers them (a week's or weekend's as of its last day).
    static func scopedTotals(_ dataset: Dataset, of codes: Set<String>) -> [String: [(date: Day, total: Int64)]] {
        var rows: [String: [(date: Day, total: Int64)]] = [:]
        for scope in ChartScope.market {
            guard let charts = dataset.scoped[scope] else { continue }
            for chart in charts.days {
                for i in chart.entries.indices where codes.contains(chart.entries[i].movieCode) {
                    rows[chart.entries[i].movieCode, default: []].append((chart.date, chart.entries[i].audienceTotal))
                }
            }
            for chart in charts.periods {
                for i in chart.entries.indices where codes.contains(chart.entries[i].movieCode) {
                    rows[chart.entries[i].movieCode, default: []].append((chart.end, chart.entries[i].audienceTotal))
                }
            }
        }
        return rows
    }

    /// See `latestScoped`. The first filter in tab order wins a tie (a film on the 한국 and 다양성
    /// charts the same day has one total), so the choice never depends on dictionary order.
    static func latestScoped(_ dataset: Dataset) -> [String: (date: Day, entry: ChartEntry)] {
        var latest: [String: (date: Day, entry: ChartEntry)] = [:]
        // Each film's date so far, apart: reading it from `latest` copied the row stored there.
        var dates: [String: Day] = [:]
        // Each filter's charts latest first, so a film's row is stored once, not once per day of
        // its run (240,000 rows of a real-sized history, each a copy of the row); rows are read by
        // place, and only the one stored is copied.
        for scope in ChartScope.market {
            guard let charts = dataset.scoped[scope] else { continue }
            var dated: [(date: Day, entries: [ChartEntry])] = charts.days.map { ($0.date, $0.entries) }
            dated += charts.periods.map { ($0.end, $0.entries) }
            for chart in dated.sorted(by: { $0.date > $1.date }) {
                for i in chart.entries.indices {
                    let code = chart.entries[i].movieCode
                    if let known = dates[code], known >= chart.date { continue }
                    dates[code] = chart.date
                    latest[code] = (chart.date, chart.entries[i])
                }
            }
        }
        return latest
    }
}
