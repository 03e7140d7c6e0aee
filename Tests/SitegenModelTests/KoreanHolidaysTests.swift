import Foundation
import Testing
@testable import SitegenModel

@Suite struct KoreanHolidaysTests {
    @Test func matchesTheOfficialListOfEveryYear2014Through2026() {
        let official = OfficialHolidays.byDay
        for year in 2014...2026 {
            let jan1 = Day(year: year, month: 1, day: 1)!
            var missing: [String] = [], extra: [String] = [], misnamed: [String] = []
            for n in 0..<(Day(year: year + 1, month: 1, day: 1)!.days(since: jan1)) {
                let day = jan1.adding(days: n)
                switch (official[day], KoreanHolidays.holiday(on: day)?.name) {
                case (nil, nil): break
                case (let want?, nil): missing.append("\(day) \(want)")
                case (nil, let got?): extra.append("\(day) \(got)")
                case (let want?, let got?) where want != got: misnamed.append("\(day) \(got), officially \(want)")
                default: break
                }
            }
            #expect(missing.isEmpty, "\(year) misses \(missing)")
            #expect(extra.isEmpty, "\(year) adds \(extra)")
            #expect(misnamed.isEmpty, "\(year) names \(misnamed)")
            #expect(official.keys.contains { $0.year == year }, "the official list has \(year)")
        }
    }

    @Test func leavesTrickyOrdinaryDaysAlone() {
        // 제헌절 after 2007, 한글날 before 2013, 부처님오신날 on a Sunday before substitutes reached
        // it, 근로자의 날 (a paid day off by another law, not a 공휴일), the day after a 대체공휴일.
        for iso in ["2008-07-17", "2012-10-09", "2019-05-13", "2023-05-01", "2024-02-13",
                    "2006-04-05", "2022-05-09", "2022-12-26", "2021-12-27", "2016-10-10"] {
            #expect(KoreanHolidays.holiday(on: Day(iso: iso)!) == nil, "\(iso) is an ordinary day")
        }
    }

    @Test func knowsTheHolidaysOfYearsBeforeSubstitutes() {
        let expected = [
            "2004-04-05": "식목일", "2005-04-05": "식목일", "2007-07-17": "제헌절", "2004-04-15": "제17대 국회의원선거",
            "2007-12-19": "제17대 대통령선거", "2012-12-19": "제18대 대통령선거", "2013-10-09": "한글날",
            "2006-05-05": "어린이날·석가탄신일", "2012-05-28": "석가탄신일", "2008-09-13": "추석 연휴",
            "2003-12-25": "성탄절", "2004-01-22": "설날",
        ]
        for (iso, name) in expected { #expect(KoreanHolidays.name(of: Day(iso: iso)!) == name, "\(iso)") }
        // 추석 2008 ran into a Sunday and 설날 2013 began on one, but 대체공휴일 began in 2014.
        #expect(!KoreanHolidays.isHoliday(Day(iso: "2008-09-16")!))
        #expect(!KoreanHolidays.isHoliday(Day(iso: "2013-02-12")!))
    }

    @Test func computesLunarHolidaysFromTheKoreanNotTheChineseCalendar() {
        #expect(KoreanHolidays.name(of: Day(iso: "2024-02-10")!) == "설날")
        #expect(KoreanHolidays.name(of: Day(iso: "2025-10-06")!) == "추석")
        #expect(KoreanHolidays.name(of: Day(iso: "2026-05-24")!) == "부처님오신날")
        // The Chinese new year of 2027 is 2월 6일; Korea's is the 7th, a Sunday, hence a 대체공휴일.
        #expect(KoreanHolidays.name(of: Day(iso: "2027-02-07")!) == "설날")
        #expect(KoreanHolidays.name(of: Day(iso: "2027-02-09")!) == "대체공휴일(설날)")
        #expect(!KoreanHolidays.isHoliday(Day(iso: "2027-02-05")!))
        for year in KoreanHolidays.years {
            let names = KoreanHolidays.table.filter { Day(ordinal: $0.key).year == year }.flatMap(\.value.names)
            #expect(names.filter { $0.hasPrefix("설날") }.count == 3 || year == 2003, "\(year) has three days of 설날")
            #expect(names.filter { $0.hasPrefix("추석") }.count == 3, "\(year) has three days of 추석")
        }
    }

    @Test func neverPutsASubstituteOnAWeekendOrAnotherHoliday() {
        for (ordinal, holiday) in KoreanHolidays.table where holiday.name.hasPrefix("대체공휴일") {
            let day = Day(ordinal: ordinal)
            #expect(!day.isWeekend, "\(day) \(holiday.name)")
            #expect(holiday.names.count == 1, "\(day) \(holiday.names)")
        }
    }

    @Test func knowsNothingOutsideItsYears() {
        #expect(!KoreanHolidays.isHoliday(Day(iso: "2002-12-25")!))
        #expect(!KoreanHolidays.isHoliday(Day(iso: "2031-01-01")!))
        #expect(KoreanHolidays.isHoliday(Day(iso: "2030-12-25")!))
    }

    /// Every lookup reads one table built once for all the years (so a 3,650-day build pays for the
    /// lunar conversions once); what a lookup costs is the benchmark's to say, not a test's.
    @Test func everyLookupReadsTheOneTable() {
        let start = Day(iso: "2004-01-01")!, days = Day(iso: "2031-01-01")!.days(since: start)
        let inSpan = KoreanHolidays.table.keys.filter { $0 >= start.ordinal }.count
        var count = 0
        for n in 0..<days where KoreanHolidays.isHoliday(start.adding(days: n)) { count += 1 }
        #expect(count == inSpan && inSpan > 27 * 15)
    }
}
