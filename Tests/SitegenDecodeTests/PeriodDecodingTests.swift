import Foundation
@testable import SitegenDecode
@testable import SitegenModel
import Testing

@Suite struct PeriodDecodingTests {
    let monday = Day(iso: "2024-02-05")!

    @Test func decodesEveryQuirkOfTheWeeklyChart() throws {
        let (chart, warnings) = try KOBISDecoder.periodChart(try Fixture.data("weekly-quirks.json"), kind: .week, start: monday, fetchedAt: nil)
        #expect(warnings.isEmpty)
        #expect(chart.end.iso == "2024-02-11")
        #expect(chart.entries.map(\.rank) == [1, 2, 3, 4])
        #expect(chart.entries[0].audienceChangeRate == -24.8 && chart.entries[0].salesShare == 41.0)
        #expect(chart.entries[0].audienceTotal == 10_003_456)
        #expect(chart.entries[0].salesTotal == 61_234_567_890)
        #expect(chart.entries[1].movieCode == "2023C168" && chart.entries[1].title == "열린 문" && chart.entries[1].rawTitle == "열린 문 ")
        #expect(chart.entries[1].rankChange == 17)
        #expect(chart.entries[2].isNew && chart.entries[2].openDate == nil)
        #expect(chart.entries[3].rankChange == -2)
    }

    @Test func refusesAChartOfAnotherPeriod() throws {
        let friday = Day(iso: "2024-02-09")!
        let error = #expect(throws: ResponseMismatchError.self) {
            try KOBISDecoder.periodChart(try Fixture.data("weekend-other-range.json"), kind: .weekend, start: friday, fetchedAt: nil)
        }
        #expect(error?.reason == "asked for 2024-02-09~2024-02-11 but KOBIS answered with the range '20240202~20240204'")
    }

    @Test func checksFaultsBeforeTheWeeklyShape() throws {
        let fault = #expect(throws: KOBISFault.self) {
            try KOBISDecoder.periodChart(try Fixture.data("fault-invalid-key.json"), kind: .week, start: monday, fetchedAt: nil)
        }
        #expect(fault?.isInvalidKey == true)
        #expect(throws: ResponseFormatError.self) {
            try KOBISDecoder.periodChart(try Fixture.data("truncated.json"), kind: .week, start: monday, fetchedAt: nil)
        }
    }

    @Test func findsOnlyPeriodsWhollyInsideTheRange() {
        // Tuesday 2024-01-30 … Sunday 2024-02-11: the week of 1-29 is cut, its weekend is not.
        let first = Day(iso: "2024-01-30")!, last = Day(iso: "2024-02-11")!
        #expect(PeriodKind.week.periods(within: first, last).map(\.iso) == ["2024-02-05"])
        #expect(PeriodKind.weekend.periods(within: first, last).map(\.iso) == ["2024-02-02", "2024-02-09"])
        // Ending on a Saturday cuts that weekend too.
        #expect(PeriodKind.weekend.periods(within: first, Day(iso: "2024-02-10")!).map(\.iso) == ["2024-02-02"])
        #expect(PeriodKind.weekend.start(containing: Day(iso: "2024-02-07")!) == nil)
        #expect(PeriodKind.week.start(containing: Day(iso: "2024-02-11")!)?.iso == "2024-02-05")
    }

    @Test func namesWeeksAsThePressDoes() {
        let w = MonthWeek(monday: monday)
        #expect((w.year, w.month, w.number) == (2024, 2, 2))
        // 2024-01-29's Thursday is 2-1, so it is February's first week, not January's fifth.
        let jan = MonthWeek(monday: Day(iso: "2024-01-29")!)
        #expect((jan.month, jan.number) == (2, 1))
        // 2020-12-28's Thursday is 2020-12-31: ISO week 53 of 2020.
        #expect(MonthWeek.isoYearWeek(monday: Day(iso: "2020-12-28")!) == (2020, 53))
        #expect(MonthWeek.isoYearWeek(monday: Day(iso: "2021-01-04")!) == (2021, 1))
    }
}
