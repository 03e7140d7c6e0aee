import Foundation
@testable import SitegenModel
import Testing

@Suite struct DayTests {
    @Test func parsesBothKOBISFormatsAndRejectsImpossibleDates() {
        #expect(Day(iso: "2024-02-10")?.compact == "20240210")
        #expect(Day(compact: "20240210")?.iso == "2024-02-10")
        #expect(Day(kobis: " ") == nil)
        #expect(Day(kobis: "") == nil)
        #expect(Day(iso: "2024-02-30") == nil)
        #expect(Day(iso: "2023-02-29") == nil)
        #expect(Day(iso: "2024-02-29") != nil)
        #expect(Day(iso: "2024-2-10") == nil)
        #expect(Day(iso: "2024-13-01") == nil)
        #expect(Day(compact: "2024021") == nil)
    }

    @Test func monthAndYearStartsNeverTrapEvenBeforeYearOne() {
        let early = Day(ordinal: Day.januaryFirst(of: 0).ordinal + 40)
        #expect(early.firstOfMonth.day == 1 && early.firstOfMonth.month == 2)
        #expect(Day.januaryFirst(of: -5).month == 1)
        #expect(Day(iso: "2024-02-10")!.firstOfMonth.iso == "2024-02-01")
    }

    @Test func knowsWeekdaysAndArithmetic() {
        let d = Day(iso: "2024-02-10")!
        #expect(d.weekday == 6) // Saturday
        #expect(Day(iso: "1970-01-01")!.weekday == 4)
        #expect(d.adding(days: 20).iso == "2024-03-01")
        #expect(Day(iso: "2024-12-31")!.adding(days: 1).iso == "2025-01-01")
        #expect(Day(iso: "1900-03-01")!.adding(days: -1).iso == "1900-02-28")
        #expect(d.days(since: Day(iso: "2024-01-31")!) == 10)
    }

    @Test func takesTheKoreanDateOfAnInstantWhateverTheMachineZone() {
        // 2024-02-11 08:00 KST is still 2024-02-10 in UTC; Korea's calendar says the 11th.
        let instant = Date(timeIntervalSince1970: 1_707_606_000) // 2024-02-10T23:00:00Z
        #expect(Day(instant: instant).iso == "2024-02-11")
        #expect(Day(instant: Date(timeIntervalSince1970: 1_707_577_199)).iso == "2024-02-10") // 23:59:59 KST
        #expect(Day(iso: "2024-02-11")!.startInstantKST == Date(timeIntervalSince1970: 1_707_577_200))
    }

    @Test func writesInstantsAsUTCAndAsKoreanTimeWhateverTheMachineZone() {
        let instant = Date(timeIntervalSince1970: 1_707_606_000.9) // 2024-02-10T23:00:00.9Z
        #expect(InstantText.iso8601(instant) == "2024-02-10T23:00:00Z")
        #expect(InstantText.kst(instant) == "2024-02-11 08:00 KST")
        #expect(InstantText.iso8601(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(InstantText.kst(Date(timeIntervalSince1970: 15 * 3600 - 1)) == "1970-01-01 23:59 KST")
        #expect(InstantText.kst(Date(timeIntervalSince1970: 15 * 3600)) == "1970-01-02 00:00 KST")
    }
}
