import Foundation

/// KOBIS's two multi-day charts (`searchWeeklyBoxOfficeList`): `weekGb=0` is the week Monday to
/// Sunday, `weekGb=1` the weekend Friday to Sunday (the API's default, so it is always sent).
public enum PeriodKind: String, Sendable, CaseIterable, Comparable {
    case week, weekend

    public var weekGb: String { self == .week ? "0" : "1" }
    public var length: Int { self == .week ? 7 : 3 }
    /// Monday for a week, Friday for a weekend (Day.weekday: 0 = Sunday).
    var startWeekday: Int { self == .week ? 1 : 5 }

    /// The period of this kind that contains `day`, by its first day; nil when a weekend does not
    /// contain it (Monday to Thursday).
    public func start(containing day: Day) -> Day? {
        let fromMonday = (day.weekday + 6) % 7
        let monday = day.adding(days: -fromMonday)
        let start = monday.adding(days: self == .week ? 0 : 4)
        return day >= start ? start : nil
    }

    /// Every period of this kind that lies wholly inside `first`…`last`: KOBIS
    /// publishes a week only once it is over, so a week cut by either end of the range is no week.
    public func periods(within first: Day, _ last: Day) -> [Day] {
        var start = first.adding(days: (startWeekday - first.weekday + 7) % 7)
        var out: [Day] = []
        while start.adding(days: length - 1) <= last {
            out.append(start)
            start = start.adding(days: 7)
        }
        return out
    }

    public static func < (a: PeriodKind, b: PeriodKind) -> Bool { a == .week && b == .weekend }
}

/// A weekly or weekend top 10. Its rows have the daily fields; the changes compare with the
/// previous period of the same kind.
public struct PeriodChart: Sendable, Equatable {
    public var kind: PeriodKind
    public var start: Day
    public var entries: [ChartEntry]
    public var fetchedAt: Date?

    public init(kind: PeriodKind, start: Day, entries: [ChartEntry], fetchedAt: Date?) {
        self.kind = kind; self.start = start; self.entries = entries; self.fetchedAt = fetchedAt
    }

    public var end: Day { start.adding(days: kind.length - 1) }
    public var days: [Day] { (0..<kind.length).map { start.adding(days: $0) } }
    /// The rank-1 film, if its row survived decoding: nothing else is ever called 1위.
    public var first: ChartEntry? { entries.first { $0.rank == 1 } }
}

/// Korean press weeks: a week belongs to the month of its Thursday and is numbered within it, so
/// the week of Monday 2024-02-05 is 「2024년 2월 2주」 (ISO 8601's rule, applied per month).
public struct MonthWeek: Equatable, Sendable {
    public let year: Int
    public let month: Int
    public let number: Int

    public init(monday: Day) {
        let thursday = monday.adding(days: 3)
        year = thursday.year
        month = thursday.month
        number = (thursday.day - 1) / 7 + 1
    }

    /// ISO 8601 year and week, as KOBIS's `yearWeekTime` ("202106").
    public static func isoYearWeek(monday: Day) -> (year: Int, week: Int) {
        let thursday = monday.adding(days: 3)
        let jan1 = Day(year: thursday.year, month: 1, day: 1)!
        return (thursday.year, thursday.days(since: jan1) / 7 + 1)
    }
}
