/// What makes a day a Korean public holiday: usually one name, two when holidays coincide
/// (2025-05-05 was both 어린이날 and 부처님오신날).
public struct Holiday: Hashable, Sendable {
    public let names: [String]

    /// 「설날」, 「추석 연휴」, 「대체공휴일(어린이날·부처님오신날)」, 「어린이날·부처님오신날」.
    public var name: String { names.joined(separator: "·") }
}

/// The calendar of Korean public holidays (관공서의 공휴일, which 「공휴일에 관한 법률」 extends to
/// everyone from 2022) that every page colours and names by. Calendars show them red like
/// Sundays, even on a Saturday.
public enum KoreanHolidays {
    /// The years the calendar is right for: KOBIS data begins 2003-11-11, and election days and
    /// 임시공휴일 are known only so far ahead. Outside these years no day is a holiday.
    public static let years = 2003...2030

    public static func holiday(on day: Day) -> Holiday? { table[day.ordinal] }

    public static func isHoliday(_ day: Day) -> Bool { table[day.ordinal] != nil }

    public static func name(of day: Day) -> String? { table[day.ordinal]?.name }

    /// Every holiday of `years` by day ordinal: built once on first use (a few milliseconds, three
    /// lunar conversions a year) and immutable after, so a lookup per day of a long build is a
    /// dictionary read.
    static let table: [Int: Holiday] = KoreanHolidayRules.holidays(in: years)
}
