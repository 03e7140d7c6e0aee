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
    let movieCodes: [String]
    /// Each charted film's latest totals and best rank.
    let films: [String: FilmFacts]
    let people: PeopleIndex
    /// Weekly and weekend charts, oldest first, and where each start day is among them.
    let periods: [PeriodKind: [PeriodChart]]
    let periodIndex: [PeriodKind: [Day: Int]]
    /// Films on a weekly chart but on no daily one, with their latest weekly row.
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

    init(_ dataset: Dataset) {
        self.dataset = dataset
        // The people and market indexes need only the dataset: built on other cores meanwhile (the
        // market's is a third of a morning's index, which the pages' keys wait for).
        let people = Later { PeopleIndex(dataset, codes: dataset.chartedMovieCodes) }
        let market = Later {
            let national = Set(dataset.chartedMovieCodes)
            var periodOnly = Set<String>()
            for chart in dataset.periods {
                for e in chart.entries where !national.contains(e.movieCode) { periodOnly.insert(e.movieCode) }
            }
            return MarketIndex(dataset, nationalCodes: national, periodCodes: periodOnly)
        }
        days = dataset.days
        var index: [Day: Int] = [:]
        var history: [String: [(date: Day, entry: ChartEntry)]] = [:]
        for (i, chart) in days.enumerated() {
            index[chart.date] = i
            for entry in chart.entries { history[entry.movieCode, default: []].append((chart.date, entry)) }
        }
        dayIndex = index
        self.history = history
        let movieCodes = history.keys.sorted()
        self.movieCodes = movieCodes
        var listing: [String: [PeriodChart]] = [:]
        for chart in dataset.periods {
            for code in Set(chart.entries.map(\.movieCode)) { listing[code, default: []].append(chart) }
        }
        chartsListing = listing
        let latestScoped = Self.latestScoped(dataset)
        self.latestScoped = latestScoped
        let films = Dictionary(
            uniqueKeysWithValues: history.map { code, rows in
                // An empty movieNm in movie info must not blank a title the chart knows.
                (
                    code,
                    FilmFacts(
                        code: code, movie: dataset.movies[code], rows: rows, periods: listing[code] ?? [],
                        scoped: latestScoped[code],
                        title: [dataset.movies[code]?.title, rows.last!.entry.title].compactMap { $0 }.first {
                            !$0.isEmpty
                        } ?? code)
                )
            })
        self.films = films
        var periods: [PeriodKind: [PeriodChart]] = [.week: [], .weekend: []]
        for chart in dataset.periods { periods[chart.kind, default: []].append(chart) }
        for kind in PeriodKind.allCases { periods[kind]!.sort { $0.start < $1.start } }
        self.periods = periods
        var periodTitles: [String: ChartEntry] = [:]
        for chart in dataset.periods {
            for e in chart.entries where history[e.movieCode] == nil { periodTitles[e.movieCode] = e }
        }
        self.periodTitles = periodTitles
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

extension SiteIndex {
    /// The row a film's latest total comes from, as every page gives it (`FilmFacts.latestRow`).
    func latestRow(of code: String) -> (date: Day, entry: ChartEntry)? {
        FilmFacts.latestRow(
            code, rows: history[code] ?? [], periods: chartsListing[code] ?? [], scoped: latestScoped[code])
    }

    /// See `latestScoped`. The first filter in tab order wins a tie (a film on the 한국 and 다양성
    /// charts the same day has one total), so the choice never depends on dictionary order.
    static func latestScoped(_ dataset: Dataset) -> [String: (date: Day, entry: ChartEntry)] {
        var latest: [String: (date: Day, entry: ChartEntry)] = [:]
        func offer(_ date: Day, _ entry: ChartEntry) {
            if let known = latest[entry.movieCode], known.date >= date { return }
            latest[entry.movieCode] = (date, entry)
        }
        for scope in ChartScope.market {
            guard let charts = dataset.scoped[scope] else { continue }
            for chart in charts.days { for e in chart.entries { offer(chart.date, e) } }
            for chart in charts.periods { for e in chart.entries { offer(chart.end, e) } }
        }
        return latest
    }
}
