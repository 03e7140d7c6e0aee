import Foundation
import SitegenModel

/// What a film's run says beyond the daily figures: #1 streaks and audience milestones, as the
/// Korean press reports them ("7일 연속 1위", "개봉 4일 만에 100만 돌파").
struct RunFacts {
    struct Milestone: Equatable {
        let threshold: Int64
        let date: Day
        /// The day it was first seen past the threshold; nil when it crossed while out of the top 10,
        /// so the exact day is unknown and only this bound is.
        let exact: Bool
        let dayOfRun: Int?
    }

    let longestTopStreak: Int
    let currentTopStreak: Int
    let milestones: [Milestone]

    /// 100만 … 1,000만, then every 500만.
    static let thresholds: [Int64] = (1...10).map { Int64($0) * 1_000_000 } + (3...6).map { Int64($0) * 5_000_000 }

    /// `rows` in date order; a day missing between two rows (off the chart) ends a streak.
    init(rows: [(date: Day, entry: ChartEntry)], openDate: Day?) {
        var longest = 0, current = 0
        var previous: Day?
        for row in rows {
            let consecutive = previous.map { row.date.days(since: $0) == 1 } ?? false
            if row.entry.rank == 1 { current = (consecutive && current > 0) ? current + 1 : 1 } else { current = 0 }
            longest = max(longest, current)
            previous = row.date
        }
        longestTopStreak = longest
        currentTopStreak = current

        // Decided on the raw cumulative figure: never "100만 돌파" at 999,999.
        var found: [Milestone] = []
        var before: (date: Day, total: Int64)?
        for row in rows {
            let total = row.entry.audienceTotal
            for threshold in Self.thresholds where total >= threshold && (before?.total ?? 0) < threshold {
                // The day's own admissions say where its total stood the day before, so a crossing on
                // the first day built, or on a day back in the top 10, is known to the day.
                let crossedThatDay = total - row.entry.audience < threshold
                // Past it on the first day built: it happened before the range, unless that is the
                // opening day or the day's admissions took it over.
                guard before != nil || row.date == openDate || crossedThatDay else { continue }
                let exact = crossedThatDay || (before.map { row.date.days(since: $0.date) == 1 } ?? true)
                found.append(
                    Milestone(
                        threshold: threshold, date: row.date, exact: exact,
                        dayOfRun: openDate.map { row.date.days(since: $0) + 1 }.flatMap { $0 > 0 ? $0 : nil }))
            }
            before = (row.date, total)
        }
        milestones = found
    }
}
