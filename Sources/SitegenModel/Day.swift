import Foundation

/// A civil date in Korea (KOBIS dates carry no time zone). Stored as days since 1970-01-01 so
/// arithmetic, ordering and weekdays need no Calendar, no time zone and no clock.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let ordinal: Int

    public init(ordinal: Int) { self.ordinal = ordinal }

    /// Returns nil for impossible dates (2024-02-30), so validation never silently rolls over.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Day.daysIn(month: month, year: year)).contains(day) else { return nil }
        ordinal = Day.daysFromCivil(year, month, day)
    }

    /// `yyyy-MM-dd`, surrounding whitespace ignored.
    public init?(iso text: String) {
        let t = text.trimmingBlanks()
        let parts = t.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// `yyyyMMdd`, surrounding whitespace ignored.
    public init?(compact text: String) {
        let t = text.trimmingBlanks()
        guard t.count == 8, t.allSatisfy(\.isASCII), t.allSatisfy(\.isNumber) else { return nil }
        let y = Int(t.prefix(4))!, m = Int(t.dropFirst(4).prefix(2))!, d = Int(t.suffix(2))!
        self.init(year: y, month: m, day: d)
    }

    /// Either KOBIS format; `""` and `" "` are nil.
    public init?(kobis text: String) {
        if let d = Day(iso: text) { self = d } else if let d = Day(compact: text) { self = d } else { return nil }
    }

    /// The Korean calendar day of an instant: KST is UTC+9 all year (no DST since 1988).
    public init(instant: Date, utcOffsetSeconds: Int = 9 * 3600) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
        ordinal = Int((Double(seconds) / 86_400).rounded(.down))
    }

    public var year: Int { civil.y }
    public var month: Int { civil.m }
    public var day: Int { civil.d }
    /// 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday).
    public var weekday: Int { ((ordinal % 7) + 7 + 4) % 7 }
    public var isWeekend: Bool { weekday == 0 || weekday == 6 }

    public func adding(days n: Int) -> Day { Day(ordinal: ordinal + n) }
    public func days(since other: Day) -> Int { ordinal - other.ordinal }

    /// Written into the string's own (small, inline) storage: a 59,000-file site asks for these
    /// hundreds of thousands of times, and three paddings and concatenations were 3% of a build.
    public var iso: String { digits(separator: UInt8(ascii: "-")) }
    public var compact: String { digits(separator: nil) }

    private func digits(separator: UInt8?) -> String {
        let c = civil
        guard (0...9999).contains(c.y) else {
            let sep = separator.map { String(UnicodeScalar($0)) } ?? ""
            return Day.pad(c.y, 4) + sep + Day.pad(c.m, 2) + sep + Day.pad(c.d, 2)
        }
        let count = separator == nil ? 8 : 10
        return String(unsafeUninitializedCapacity: count) { buffer in
            var i = 0
            func put(_ n: Int, _ width: Int) {
                var divisor = width == 4 ? 1000 : 10
                while divisor > 0 { buffer[i] = UInt8(ascii: "0") + UInt8(n / divisor % 10); i += 1; divisor /= 10 }
            }
            put(c.y, 4)
            if let separator { buffer[i] = separator; i += 1 }
            put(c.m, 2)
            if let separator { buffer[i] = separator; i += 1 }
            put(c.d, 2)
            return i
        }
    }

    /// Zero-padding without Foundation's formatter, which is slow on Linux and used per link.
    public static func pad(_ n: Int, _ width: Int) -> String {
        let digits = String(n)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
    public var description: String { iso }

    /// The instant this day starts in KST.
    public var startInstantKST: Date { Date(timeIntervalSince1970: Double(ordinal * 86_400 - 9 * 3600)) }

    /// By arithmetic, so it holds for any ordinal (year 0 and before included), never traps.
    public var firstOfMonth: Day { adding(days: 1 - day) }

    /// January 1st of any year, even one `init(year:month:day:)` refuses.
    public static func januaryFirst(of year: Int) -> Day { Day(ordinal: daysFromCivil(year, 1, 1)) }
    public var daysInMonth: Int { Day.daysIn(month: month, year: year) }

    public static func < (a: Day, b: Day) -> Bool { a.ordinal < b.ordinal }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's civil-date algorithms: exact over the proleptic Gregorian calendar.
    private static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private var civil: (y: Int, m: Int, d: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
