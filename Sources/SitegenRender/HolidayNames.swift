import Foundation

/// Korean public holidays' names in English, for the English edition: the names the Korean
/// government's own English pages use, with Seollal and Chuseok kept as English-language media
/// write them. The calendar (`KoreanHolidays`) names each day in Korean; this translates those
/// names, including the composed ones (「설날 연휴」, 「대체공휴일(설날·삼일절)」, an election).
enum HolidayNames {
    static let names: [(String, String)] = [
        ("부처님오신날", "Buddha’s Birthday"), ("석가탄신일", "Buddha’s Birthday"), ("국군의 날", "Armed Forces Day"),
        ("신정", "New Year’s Day"), ("설날", "Seollal"), ("삼일절", "Independence Movement Day"),
        ("식목일", "Arbor Day"), ("어린이날", "Children’s Day"), ("현충일", "Memorial Day"),
        ("제헌절", "Constitution Day"), ("광복절", "Liberation Day"), ("추석", "Chuseok"),
        ("개천절", "National Foundation Day"), ("한글날", "Hangeul Day"), ("성탄절", "Christmas Day"),
        ("임시공휴일", "Temporary holiday"),
    ]

    static func english(_ korean: String) -> String {
        if korean.hasPrefix("대체공휴일(") && korean.hasSuffix(")") {
            let reasons = korean.dropFirst("대체공휴일(".count).dropLast().split(separator: "·").map { english(String($0)) }
            return "Substitute holiday (" + reasons.joined(separator: ", ") + ")"
        }
        if korean.hasSuffix(" 연휴") { return english(String(korean.dropLast(" 연휴".count))) + " holiday" }
        if korean.hasSuffix("국회의원선거") { return "National Assembly election" }
        if korean.hasSuffix("대통령선거") { return "Presidential election" }
        if korean.hasSuffix("지방선거") { return "Local elections" }
        if let pair = names.first(where: { $0.0 == korean }) { return pair.1 }
        // A name this table does not know yet stays Korean rather than being guessed at.
        return korean
    }
}
