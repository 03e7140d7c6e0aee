import Foundation

/// The one way from an instant to text: by arithmetic on `Day`, so it is the same on every
/// machine whatever its zone or locale (Foundation's formatters depend on both, and are slow on Linux).
public enum InstantText {
    /// "2024-02-11T00:00:00Z"
    public static func iso8601(_ date: Date) -> String {
        let (day, s) = split(date, utcOffsetSeconds: 0)
        return "\(day.iso)T\(Day.pad(s / 3600, 2)):\(Day.pad(s % 3600 / 60, 2)):\(Day.pad(s % 60, 2))Z"
    }

    /// "2024-02-11 09:00 KST", whatever the build machine's zone.
    public static func kst(_ date: Date) -> String {
        let (day, s) = split(date, utcOffsetSeconds: 9 * 3600)
        return "\(day.iso) \(Day.pad(s / 3600, 2)):\(Day.pad(s % 3600 / 60, 2)) KST"
    }

    /// The calendar day at that offset and the seconds since its midnight.
    private static func split(_ date: Date, utcOffsetSeconds: Int) -> (Day, Int) {
        let day = Day(instant: date, utcOffsetSeconds: utcOffsetSeconds)
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
        return (day, seconds - day.ordinal * 86_400)
    }
}
