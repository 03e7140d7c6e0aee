/// Korea's fixed-date public holidays (the lunar ones, 설날 and 추석, move every year and are not
/// listed). Calendars show them in red like Sundays.
public enum KoreanHolidays {
    public static let fixed: [Int: String] = [
        101: "신정", 301: "삼일절", 505: "어린이날", 606: "현충일", 815: "광복절", 1003: "개천절", 1009: "한글날", 1225: "성탄절",
    ]

    public static func name(of day: Day) -> String? { fixed[day.month * 100 + day.day] }
}
