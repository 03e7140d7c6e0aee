import Foundation
import SitegenBasics
import SitegenModel

/// Korean presentation conventions: full figures with separators in tables, 만/억 in cards and
/// prose, unit nouns attached after a digit ("8,000명") and spaced after a 만/억 word ("818만 명").
public enum KoreanFormat {
    public static let weekdayNames = ["일", "월", "화", "수", "목", "금", "토"]
    /// U+2212, the typographic minus, reads better than a hyphen in tables.
    public static let minus = "\u{2212}"

    public static func grouped(_ n: Int64) -> String {
        var magnitude = n.magnitude
        if magnitude < 1000 { return n < 0 ? minus + String(magnitude) : String(magnitude) }
        // Digits written straight into the string's storage (no buffer array to allocate): this
        // runs for every figure of every page.
        var digits = 0
        var rest = magnitude
        repeat { digits += 1; rest /= 10 } while rest > 0
        let length = digits + (digits - 1) / 3
        let text = String(unsafeUninitializedCapacity: length) { bytes in
            var i = length
            var count = 0
            repeat {
                if count > 0 && count % 3 == 0 { i -= 1; bytes[i] = UInt8(ascii: ",") }
                i -= 1
                bytes[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            return length
        }
        return n < 0 ? minus + text : text
    }

    public static func grouped(_ n: Int) -> String { grouped(Int64(n)) }

    public static func signed(_ n: Int64) -> String { n > 0 ? "+" + grouped(n) : grouped(n) }

    /// "28.5" — one decimal, rounded half away from zero, without Foundation's slow formatter.
    public static func oneDecimal(_ value: Double) -> String {
        var bytes: [UInt8] = []
        appendOneDecimal(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `oneDecimal` written into a byte buffer (the data files' rates).
    static func appendOneDecimal(_ value: Double, to out: inout [UInt8]) {
        let tenths = Int64((abs(value) * 10).rounded())
        if value < 0 && tenths > 0 { out.append(UInt8(ascii: "-")) }
        DecimalDigits.append(tenths / 10, to: &out)
        out.append(UInt8(ascii: "."))
        out.append(UInt8(ascii: "0") &+ UInt8(tenths % 10))
    }

    public static func percent(_ value: Double) -> String { oneDecimal(value) + "%" }

    public static func signedPercent(_ value: Double) -> String {
        let r = (value * 10).rounded() / 10
        if r == 0 { return "0.0%" }
        return (r > 0 ? "+" : minus) + oneDecimal(abs(r)) + "%"
    }

    /// 8,000 · 9.7만 · 818만 · 1,000만 · 12.8억 · 1.1조, for cards, prose and tight cells. Always
    /// floored, never rounded: 97,095 is 9.7만, not 10만, which would read as a milestone the film
    /// has not reached. One decimal below 100만, whole 만 up to 1억, then 억 and 조 with one decimal
    /// (a trailing .0 dropped). Integer arithmetic only, so no figure is nudged up by a Double.
    public static func compact(_ n: Int64) -> String {
        let sign = n < 0 ? minus : ""
        let m = n.magnitude
        switch m {
        case ..<10_000: return sign + grouped(Int64(m))
        case ..<1_000_000: return sign + tenths(m / 1_000) + "만"
        case ..<100_000_000: return sign + grouped(Int64(m / 10_000)) + "만"
        case ..<1_000_000_000_000: return sign + tenths(m / 10_000_000) + "억"
        default: return sign + tenths(m / 100_000_000_000) + "조"
        }
    }

    /// "9.7" from 97 tenths, "1" from 10.
    private static func tenths(_ t: UInt64) -> String {
        let whole = grouped(Int64(t / 10))
        return t % 10 == 0 ? whole : whole + "." + String(t % 10)
    }

    /// "8,000명" but "818만 명".
    public static func people(_ n: Int64, compact useCompact: Bool = false) -> String {
        let text = useCompact ? compact(n) : grouped(n)
        return text.last?.isNumber == true ? text + "명" : text + " 명"
    }

    /// "1,502,114,078원" or "15억 원".
    public static func won(_ n: Int64, compact useCompact: Bool = false) -> String {
        let text = useCompact ? compact(n) : grouped(n)
        return text.last?.isNumber == true ? text + "원" : text + " 원"
    }

    /// "2024년 2월 10일 (토)"
    public static func longDate(_ d: Day) -> String { "\(d.year)년 \(d.month)월 \(d.day)일 (\(weekdayNames[d.weekday]))" }
    /// "2024.02.10"
    public static func shortDate(_ d: Day) -> String {
        Day.pad(d.year, 4) + "." + Day.pad(d.month, 2) + "." + Day.pad(d.day, 2)
    }
    /// "2월 10일"
    public static func monthDay(_ d: Day) -> String { "\(d.month)월 \(d.day)일" }
    /// "2024년 2월"
    public static func month(_ d: Day) -> String { "\(d.year)년 \(d.month)월" }

    /// 개봉 1일차 on the opening day; previews before it read "개봉 3일 전".
    public static func dayOfRun(open: Day?, on date: Day) -> String? {
        guard let open else { return nil }
        let k = date.days(since: open)
        return k >= 0 ? "개봉 \(k + 1)일차" : "개봉 \(-k)일 전"
    }

    public struct RankChange: Sendable, Equatable {
        /// CSS class: up (red), down (blue), same, new.
        public let kind: String
        public let symbol: String
        /// What a screen reader says, since colour and arrows alone carry no meaning to it.
        public let spoken: String
    }

    /// `versus` is what the change is against: 「전일」 on a day, 「지난주」 on a week, 「지난 주말」 on a weekend.
    public static func rankChange(_ entry: ChartEntry, versus: String = "전일") -> RankChange {
        if entry.isNew { return RankChange(kind: "new", symbol: "신작", spoken: "신규 진입") }
        let n = entry.rankChange
        if n > 0 { return RankChange(kind: "up", symbol: "▲\(n)", spoken: "\(versus) 대비 \(n)계단 상승") }
        if n < 0 { return RankChange(kind: "down", symbol: "▼\(-n)", spoken: "\(versus) 대비 \(-n)계단 하락") }
        return RankChange(kind: "same", symbol: "–", spoken: "변동 없음")
    }

    /// The CSS class a date is coloured by: "holiday" (red, even on a Saturday), "sun" (red),
    /// "sat" (blue) or "" for an ordinary weekday.
    public static func dayClass(_ d: Day) -> String {
        KoreanHolidays.isHoliday(d) ? "holiday" : d.weekday == 0 ? "sun" : d.weekday == 6 ? "sat" : ""
    }

    /// "up"/"down"/"same", for colouring a signed figure.
    public static func trend(_ n: Int64?) -> String {
        guard let n else { return "same" }
        return n > 0 ? "up" : n < 0 ? "down" : "same"
    }

    /// 이 or 가 after `word`, by whether its last syllable ends in a consonant (「청람시네마(주)가」:
    /// what is in brackets at the end is read too, as 「주」). A word that does not end in Hangul
    /// (「CJ ENM」) gets 「이(가)」, as Korean writes when it cannot tell.
    static func subjectParticle(after word: String) -> String {
        let last = word.unicodeScalars.last { !")]） ".unicodeScalars.contains($0) }
        guard let v = last?.value, (0xAC00...0xD7A3).contains(v) else { return "이(가)" }
        return (v - 0xAC00) % 28 == 0 ? "가" : "이"
    }
}
