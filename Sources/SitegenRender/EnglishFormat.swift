import Foundation
import SitegenModel

/// How the English edition writes figures and dates: admissions in full with thousands
/// separators in tables and "1.2M" where room is tight, sales in won as "₩3.1B", dates as
/// "Wed, Dec 31, 2025". Compact figures are floored like the Korean 만/억 ones, never rounded up
/// into a milestone not yet reached. Written out rather than through Foundation's formatters,
/// which vary with the machine's ICU data and cost far more per call across a long site.
public enum EnglishFormat {
    public static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    public static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    public static let fullMonthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                        "September", "October", "November", "December"]

    public static func grouped(_ n: Int64) -> String { KoreanFormat.grouped(n) }

    /// 977 · 8K · 97.1K · 878K · 1.2M · 10M · 12.8B: one decimal below a hundred thousand and from
    /// a million, a trailing .0 dropped. Every compact figure is scaled, so a column of them reads
    /// one way (「878K」 under 「4M」, never 「878,487」), as the Korean 만 does; 97.1K keeps what
    /// a Korean reader sees in 9.7만.
    public static func compact(_ n: Int64) -> String {
        let sign = n < 0 ? KoreanFormat.minus : ""
        let m = n.magnitude
        switch m {
        case ..<1_000: return sign + "\(m)"
        case ..<100_000: return sign + tenths(m / 100) + "K"
        case ..<1_000_000: return sign + "\(m / 1_000)K"
        // Below ten of a unit, hundredths: ₩6.01B is the Korean page's 60.1억 (₩6B lost a figure).
        case ..<10_000_000: return sign + hundredths(m / 10_000) + "M"
        case ..<1_000_000_000: return sign + tenths(m / 100_000) + "M"
        case ..<10_000_000_000: return sign + hundredths(m / 10_000_000) + "B"
        case ..<1_000_000_000_000: return sign + tenths(m / 100_000_000) + "B"
        default: return sign + tenths(m / 100_000_000_000) + "T"
        }
    }

    /// Sales in won: "₩1,502,114,078" in full, "₩1.5B" compact.
    public static func won(_ n: Int64, compact: Bool = false) -> String {
        let text = compact ? self.compact(n) : grouped(n)
        return text.hasPrefix(KoreanFormat.minus) ? KoreanFormat.minus + "₩" + text.dropFirst() : "₩" + text
    }

    /// 601 hundredths → "6.01"; 180 → "1.8"; 200 → "2" (trailing zeros dropped).
    static func hundredths(_ h: UInt64) -> String {
        guard h % 10 != 0 else { return tenths(h / 10) }
        let part = h % 100
        return KoreanFormat.grouped(Int64(h / 100)) + "." + (part < 10 ? "0" : "") + "\(part)"
    }

    /// "12" + "8" tenths → "12.8"; "10" + "0" → "10".
    static func tenths(_ t: UInt64) -> String {
        let whole = KoreanFormat.grouped(Int64(t / 10))
        return t % 10 == 0 ? whole : "\(whole).\(t % 10)"
    }

    /// "Wed, Dec 31, 2025"
    public static func longDate(_ d: Day) -> String {
        "\(weekdayNames[d.weekday]), \(monthNames[d.month - 1]) \(d.day), \(d.year)"
    }

    /// "Dec 31"
    public static func monthDay(_ d: Day) -> String { "\(monthNames[d.month - 1]) \(d.day)" }

    /// "December 2025"
    public static func month(_ d: Day) -> String { "\(fullMonthNames[d.month - 1]) \(d.year)" }

    /// "Day 1" on the opening day; previews before it read "3 days before opening".
    public static func dayOfRun(_ k: Int) -> String {
        k >= 0 ? "Day \(k + 1)" : (k == -1 ? "1 day before opening" : "\(-k) days before opening")
    }
}
