import Foundation
import Testing
@testable import SitegenModel
@testable import SitegenRender

@Suite struct FilmFactsTests {
    func row(_ iso: String, total: Int64) -> (date: Day, entry: ChartEntry) {
        (Day(iso: iso)!, ChartEntry(rank: 3, rankChange: 0, status: .old, movieCode: "20240001", title: "영화", rawTitle: "영화",
                                    openDate: Day(iso: "2024-01-31"), sales: 0, salesShare: nil, salesChange: nil, salesChangeRate: nil,
                                    salesTotal: 0, audience: 1, audienceChange: nil, audienceChangeRate: nil, audienceTotal: total,
                                    screens: 1, showings: 1))
    }

    /// Every page that shows a film's latest total (person, search, year, records) gets it here:
    /// a week that ends after the film's last daily row is newer, one that ends before is not.
    @Test func theLatestTotalIsTheNewestOfTheDailyAndWeeklyRows() {
        let rows = [row("2024-02-06", total: 100), row("2024-02-07", total: 120)]
        let newer = PeriodChart(kind: .week, start: Day(iso: "2024-02-05")!, entries: [row("2024-02-11", total: 150).entry], fetchedAt: nil)
        let older = PeriodChart(kind: .week, start: Day(iso: "2024-01-29")!, entries: [row("2024-02-04", total: 90).entry], fetchedAt: nil)
        let latest = FilmFacts.latestTotal("20240001", rows: rows, periods: [older, newer], scoped: nil)
        #expect(latest?.total == 150 && latest?.date.iso == "2024-02-11")
        let daily = FilmFacts.latestTotal("20240001", rows: rows, periods: [older], scoped: nil)
        #expect(daily?.total == 120 && daily?.date.iso == "2024-02-07")
        let film = FilmFacts(code: "20240001", movie: Movie(code: "20240001", title: ""), rows: rows, periods: [older, newer], scoped: nil, title: "영화")
        #expect(film.audienceTotal == 150 && film.asOf.iso == "2024-02-11" && film.openDate?.iso == "2024-01-31")
    }

    /// A film out of the national top 10 stays on the 한국, 외국 or 다양성 chart: its latest row there
    /// is its latest total when it is later than every national row (the film page said 4,952 as of
    /// the 4th while the 다양성 chart of the 31st said 65,062); an earlier or same-day one is not.
    @Test func aLaterRowOnAFiltersChartIsTheLatestTotal() {
        let rows = [row("2024-02-06", total: 100), row("2024-02-07", total: 120)]
        let week = PeriodChart(kind: .week, start: Day(iso: "2024-02-05")!, entries: [row("2024-02-11", total: 150).entry], fetchedAt: nil)
        let later = row("2024-02-20", total: 400)
        let film = FilmFacts(code: "20240001", movie: nil, rows: rows, periods: [week], scoped: later, title: "영화")
        #expect(film.audienceTotal == 400 && film.asOf.iso == "2024-02-20")
        let earlier = row("2024-02-09", total: 140)
        #expect(FilmFacts.latestTotal("20240001", rows: rows, periods: [week], scoped: earlier)?.total == 150)
        let sameDay = row("2024-02-11", total: 999)
        #expect(FilmFacts.latestTotal("20240001", rows: rows, periods: [week], scoped: sameDay)?.total == 150,
                "on a tie the national chart's row is kept")
    }
}
