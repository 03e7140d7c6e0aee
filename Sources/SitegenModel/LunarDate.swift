import Foundation

/// Lunar dates from Foundation's Korean lunisolar calendar (단기, ICU's `dangi`), which is reckoned
/// on Korean time: it differs from the Chinese calendar in some years (설날 2027 is 2월 7일 in Korea,
/// 2월 6일 in China), so the Chinese calendar must not stand in for it.
enum LunarDate {
    private static let kst = TimeZone(secondsFromGMT: 9 * 3600)!

    /// The Gregorian day of lunar `month`/`day` (never a leap month) in the lunar year that begins
    /// in January or February of Gregorian `year`.
    static func day(year: Int, month: Int, day: Int) -> Day {
        var dangi = Calendar(identifier: .dangi)
        dangi.timeZone = kst
        // The lunar year is named by era (a 60-year cycle) and year in the cycle; 1 July always
        // lies in the lunar year that began that winter, so read both from it.
        let july = Day(year: year, month: 7, day: 1)!
        let named = dangi.dateComponents([.era, .year], from: noon(july))
        var wanted = DateComponents(era: named.era, year: named.year, month: month, day: day, hour: 12)
        wanted.isLeapMonth = false
        if let date = dangi.date(from: wanted), matches(dangi, date, month, day) { return Day(instant: date) }
        // Should ICU ever round-trip differently, find the day by reading the lunar date of each
        // day of the year instead: slower, same answer.
        let jan1 = Day(year: year, month: 1, day: 1)!
        for n in 0..<(jan1.adding(days: 400).ordinal - jan1.ordinal) {
            let candidate = jan1.adding(days: n)
            if matches(dangi, noon(candidate), month, day) { return candidate }
        }
        preconditionFailure("the dangi calendar has no lunar \(month)/\(day) near \(year)")
    }

    private static func noon(_ day: Day) -> Date { day.startInstantKST.addingTimeInterval(12 * 3600) }

    private static func matches(_ dangi: Calendar, _ date: Date, _ month: Int, _ day: Int) -> Bool {
        let c = dangi.dateComponents([.month, .day, .isLeapMonth], from: date)
        return c.month == month && c.day == day && c.isLeapMonth == false
    }
}
