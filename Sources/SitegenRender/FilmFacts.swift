import Foundation
import SitegenModel

/// What a person page and the search index say about a film: its latest known totals and best rank.
struct FilmFacts: Sendable {
    let code: String
    let title: String
    let englishTitle: String
    let originalTitle: String
    let openDate: Day?
    /// The opening date, or the first day on the charts for a film KOBIS gives none (re-releases).
    let date: Day
    /// The latest cumulative audience known: from its last daily row, or a weekly or weekend
    /// row that ends after it. A floor, since it may have sold more after leaving the charts.
    let audienceTotal: Int64
    let asOf: Day
    let bestRank: Int
    /// The chart `bestRank` is on: the national one, or for a film never on it, the filter's its
    /// page tells its run from (and every page that shows the rank names it).
    let rankScope: ChartScope

    /// The one place a film's opening date, latest total and best rank are worked out, so every
    /// page that shows them (film, person, search, year, records) agrees.
    init(
        code: String, movie: Movie?, rows: [(date: Day, entry: ChartEntry)], periods: [PeriodChart],
        scoped: (date: Day, entry: ChartEntry)?, rankScope: ChartScope = .all, title: String,
        listedEnglishTitle: String = ""
    ) {
        self.rankScope = rankScope
        self.code = code
        self.title = title
        // The openings list's while the details are not fetched: the rule `SiteModel.filmName` names it by.
        englishTitle = movie.map(\.englishTitle).flatMap { $0.isEmpty ? nil : $0 } ?? listedEnglishTitle
        originalTitle = movie?.originalTitle ?? ""
        openDate = movie?.openDate ?? rows.first?.entry.openDate
        date = openDate ?? rows.first!.date
        let latest = Self.latestTotal(code, rows: rows, periods: periods, scoped: scoped)!
        audienceTotal = latest.total
        asOf = latest.date
        bestRank = rows.map(\.entry.rank).min()!
    }

    /// The latest cumulative audience in the daily rows, any weekly row that ends after them, and
    /// the film's latest row on a filter's chart (`SiteIndex.latestScoped`) when that is later still.
    static func latestTotal(
        _ code: String, rows: [(date: Day, entry: ChartEntry)], periods: [PeriodChart],
        scoped: (date: Day, entry: ChartEntry)?
    ) -> (total: Int64, date: Day)? {
        latestRow(code, rows: rows, periods: periods, scoped: scoped).map { ($0.entry.audienceTotal, $0.date) }
    }

    /// The row that total comes from (its 누적 매출액 is as of the same day). On a tie the national
    /// chart's row is kept.
    static func latestRow(
        _ code: String, rows: [(date: Day, entry: ChartEntry)], periods: [PeriodChart],
        scoped: (date: Day, entry: ChartEntry)?
    ) -> (date: Day, entry: ChartEntry)? {
        var best = rows.last
        for chart in periods where best.map({ chart.end > $0.date }) ?? true {
            if let e = chart.entries.first(where: { $0.movieCode == code }), best.map({ chart.end > $0.date }) ?? true {
                best = (chart.end, e)
            }
        }
        if let scoped, best.map({ scoped.date > $0.date }) ?? true { best = scoped }
        return best
    }

    /// Every total a film's rows report, oldest first, for reading its 누적 as of a day: the total of
    /// its latest row dated on or before it, on any chart that lists it (the national daily one, the
    /// weekly and weekend ones as of their last day, the 한국·외국·다양성 ones). On one date the rows
    /// are ordered so the one `latestRow` would keep comes last (the national day's, then the first
    /// weekly or weekend row listed, then the first filter's row offered), so the film page's box
    /// and its pace, which reads this list, give one figure. `scoped` is in `latestScoped`'s order.
    static func datedTotals(
        _ code: String, rows: [(date: Day, entry: ChartEntry)], periods: [PeriodChart],
        scoped: [(date: Day, total: Int64)]
    ) -> [(date: Day, total: Int64)] {
        var all: [(date: Day, priority: Int, order: Int, total: Int64)] = []
        for row in rows { all.append((row.date, 2, 0, row.entry.audienceTotal)) }
        for (i, chart) in periods.enumerated() {
            if let e = chart.entries.first(where: { $0.movieCode == code }) {
                all.append((chart.end, 1, i, e.audienceTotal))
            }
        }
        for (i, row) in scoped.enumerated() { all.append((row.date, 0, i, row.total)) }
        all.sort { ($0.date, $0.priority, -$0.order) < ($1.date, $1.priority, -$1.order) }
        return all.map { ($0.date, $0.total) }
    }
}
