import Testing
@testable import SitegenModel

@Suite struct OpeningsTests {
    @Test func theWindowIsThisWeekFromItsMondayAndTheNext() {
        for (today, monday) in [("2026-11-23", "2026-11-23"), ("2026-11-27", "2026-11-23"), ("2026-11-29", "2026-11-23"),
                                ("2026-11-30", "2026-11-30")] {
            let window = Openings.window(Day(iso: today)!)
            #expect(window.lowerBound.iso == monday && window.upperBound == Day(iso: monday)!.adding(days: 13), "\(today)")
        }
        #expect(Openings.years(Day(iso: "2025-12-26")!) == [2025, 2026])
        #expect(Openings.years(Day(iso: "2026-01-01")!) == [2025, 2026])
        #expect(Openings.years(Day(iso: "2026-06-10")!) == [2026])
    }

    @Test func onlyARangeReachingThisWeekListsOpenings() {
        let today = Day(iso: "2026-11-27")!
        #expect(Openings.apply(last: today.adding(days: -1), today: today))
        #expect(Openings.apply(last: today.adding(days: -7), today: today))
        #expect(!Openings.apply(last: today.adding(days: -8), today: today))
        #expect(!Openings.apply(last: today.adding(days: 1), today: today))
        #expect(!Openings.apply(last: nil, today: today) && !Openings.apply(last: today, today: nil))
    }

    @Test func keepsTheWindowsFilmsByDateThenTitle() {
        let today = Day(iso: "2026-11-27")!
        func film(_ code: String, _ title: String, _ iso: String?) -> ListedFilm {
            ListedFilm(code: code, title: title, openDate: iso.flatMap { Day(iso: $0) })
        }
        let openings = Openings(asOf: today, films: [
            film("1", "나", "2026-12-02"), film("2", "가", "2026-12-02"), film("3", "다", "2026-11-22"),
            film("4", "라", "2026-11-23"), film("5", "마", nil), film("6", "바", "2026-12-07"),
        ])
        #expect(openings.films.map(\.code) == ["4", "2", "1"])
    }
}
