/// The rules of 「관공서의 공휴일에 관한 규정」 as they stood each year, applied to build the
/// holidays of a range of years.
enum KoreanHolidayRules {
    /// Whether a holiday that lands on a weekend or on another holiday earns a 대체공휴일: the next
    /// weekday that is no holiday.
    enum Substitution {
        case never
        /// 설날 and 추석 (from 2014): only when the three days overlap a Sunday or another holiday.
        case whenOnSundayOrHoliday(since: Day)
        /// 어린이날 (from 2014), 국경일 (from 2021-08-04), 부처님오신날 and 성탄절 (from 2023-05-04).
        case whenOnWeekendOrHoliday(since: Day)
    }

    struct Fixed {
        let month: Int, day: Int, name: String
        let years: ClosedRange<Int>
        let substitution: Substitution
    }

    static let from2014 = Day(year: 2014, month: 1, day: 1)!        // 2013-11-05 개정, 대체공휴일 도입
    static let from2021 = Day(year: 2021, month: 8, day: 4)!        // 2021-08-04 개정, 국경일로 확대
    static let from2023 = Day(year: 2023, month: 5, day: 4)!        // 2023-05-04 개정, 부처님오신날·성탄절로 확대
    static let always = 1949...9999

    static let fixed: [Fixed] = [
        Fixed(month: 1, day: 1, name: "신정", years: always, substitution: .never),   // 1월 2일은 1998년까지
        Fixed(month: 3, day: 1, name: "삼일절", years: always, substitution: .whenOnWeekendOrHoliday(since: from2021)),
        Fixed(month: 4, day: 5, name: "식목일", years: 1949...2005, substitution: .never),   // 2005-06-30 개정으로 2006년부터 제외
        Fixed(month: 5, day: 5, name: "어린이날", years: always, substitution: .whenOnWeekendOrHoliday(since: from2014)),
        Fixed(month: 6, day: 6, name: "현충일", years: always, substitution: .never),
        Fixed(month: 7, day: 17, name: "제헌절", years: 1949...2007, substitution: .never),  // 2007-12-21 개정으로 2008년부터 제외
        Fixed(month: 8, day: 15, name: "광복절", years: always, substitution: .whenOnWeekendOrHoliday(since: from2021)),
        Fixed(month: 10, day: 3, name: "개천절", years: always, substitution: .whenOnWeekendOrHoliday(since: from2021)),
        // Not a holiday 1991–2012; restored by the 2012-12-28 개정 from 2013.
        Fixed(
            month: 10, day: 9, name: "한글날", years: 2013...9999, substitution: .whenOnWeekendOrHoliday(since: from2021)),
        Fixed(month: 12, day: 25, name: "성탄절", years: always, substitution: .whenOnWeekendOrHoliday(since: from2023))
    ]

    fileprivate struct Trigger {
        let days: ClosedRange<Int>      // ordinals: one day, or the three days of 설날/추석
        let name: String
        let substitution: Substitution
    }

    static func holidays(in years: ClosedRange<Int>) -> [Int: Holiday] {
        var names: [Int: [String]] = [:]
        var triggers: [Trigger] = []
        func add(_ day: Day, _ name: String) { names[day.ordinal, default: []].append(name) }

        for year in years {
            for f in fixed where f.years.contains(year) {
                let day = Day(year: year, month: f.month, day: f.day)!
                add(day, f.name)
                triggers.append(Trigger(days: day.ordinal...day.ordinal, name: f.name, substitution: f.substitution))
            }
            for (name, month, day) in [("설날", 1, 1), ("추석", 8, 15)] {
                let main = LunarDate.day(year: year, month: month, day: day)
                add(main.adding(days: -1), name + " 연휴")
                add(main, name)
                add(main.adding(days: 1), name + " 연휴")
                triggers.append(Trigger(days: main.ordinal - 1...main.ordinal + 1, name: name,
                                        substitution: .whenOnSundayOrHoliday(since: from2014)))
            }
            // Renamed from 석가탄신일 by the 2017-10-17 개정.
            let buddha = LunarDate.day(year: year, month: 4, day: 8)
            let buddhaName = year <= 2017 ? "석가탄신일" : "부처님오신날"
            add(buddha, buddhaName)
            triggers.append(Trigger(days: buddha.ordinal...buddha.ordinal, name: buddhaName,
                                    substitution: .whenOnWeekendOrHoliday(since: from2023)))
        }
        for (day, name) in KoreanDatedHolidays.all where years.contains(day.year) { add(day, name) }

        // Each 대체공휴일 is counted from the holidays themselves, not from other 대체공휴일: when
        // 어린이날 and 부처님오신날 share a day (2025-05-05) both point at the same next day, and
        // there is one 대체공휴일 for the two, as announced.
        var substitutes: [Int: [String]] = [:]
        for t in triggers where t.earnsSubstitute(names) {
            var next = t.days.upperBound + 1
            // A Saturday is no 공휴일 but a day off already, so it never serves as the substitute.
            while names[next] != nil || Day(ordinal: next).isWeekend { next += 1 }
            substitutes[next, default: []].append(t.name)
        }
        for (ordinal, reasons) in substitutes { names[ordinal] = ["대체공휴일(" + reasons.joined(separator: "·") + ")"] }
        return names.mapValues(Holiday.init(names:))
    }
}

extension KoreanHolidayRules.Trigger {
    fileprivate func earnsSubstitute(_ names: [Int: [String]]) -> Bool {
        let first = Day(ordinal: days.lowerBound)
        func sharedWithAnother(_ o: Int) -> Bool { (names[o]?.count ?? 0) > 1 }
        switch substitution {
        case .never:
            return false
        case .whenOnSundayOrHoliday(let since):
            return first >= since && days.contains { Day(ordinal: $0).weekday == 0 || sharedWithAnother($0) }
        case .whenOnWeekendOrHoliday(let since):
            return first >= since && days.contains { Day(ordinal: $0).isWeekend || sharedWithAnother($0) }
        }
    }
}
