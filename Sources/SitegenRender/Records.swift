import Foundation
import SitegenModel

/// Every film's audience milestones in the data, decided by RunFacts on the raw cumulative
/// figure, and what the range cannot say: a film already past a mark on the first day built
/// crossed it before the range, so no crossing day or day count is invented for it.
struct Records {
    struct Crossing {
        let code: String
        let threshold: Int64
        let milestone: RunFacts.Milestone
        /// Opened before the first day built (or the opening is unknown): its run is cut.
        let openedBeforeRange: Bool
    }

    struct Before {
        let code: String
        let firstDate: Day
        let firstTotal: Int64
    }

    let crossings: [Crossing]
    /// Films already at or past 10,000,000 when first seen in the range.
    let passedBeforeRange: [Before]

    static let tenMillion: Int64 = 10_000_000

    init(_ site: SiteModel) {
        let first = site.days.first?.date
        var crossings: [Crossing] = []
        var before: [Before] = []
        for code in site.movieCodes {
            let rows = site.history[code] ?? []
            let open = site.index.openDate(of: code)
            let cut: Bool
            if let open, let first { cut = open < first } else { cut = true }
            for m in RunFacts(rows: rows, openDate: open).milestones
            where m.threshold == Self.tenMillion || m.threshold == 5_000_000 || m.threshold == 1_000_000 {
                crossings.append(Crossing(code: code, threshold: m.threshold, milestone: m, openedBeforeRange: cut))
            }
            // Past it before its first day here (not on that day: that is a crossing, above).
            if let row = rows.first, row.entry.audienceTotal - row.entry.audience >= Self.tenMillion, row.date != open {
                before.append(Before(code: code, firstDate: row.date, firstTotal: row.entry.audienceTotal))
            }
        }
        self.crossings = crossings.sorted { ($0.milestone.date, $0.code) < ($1.milestone.date, $1.code) }
        passedBeforeRange = before.sorted { ($0.firstDate, $0.code) < ($1.firstDate, $1.code) }
    }

    /// The latest cumulative audience known for a film (see `FilmFacts`); a film seen only on
    /// weekly charts has its latest weekly row.
    static func latestTotal(_ site: SiteModel, _ code: String) -> (total: Int64, date: Day)? {
        if let film = site.films[code] { return (film.audienceTotal, film.asOf) }
        return site.index.latestRow(of: code).map { ($0.entry.audienceTotal, $0.date) }
    }
}
