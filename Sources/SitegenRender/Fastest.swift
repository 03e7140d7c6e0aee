import Foundation
import SitegenModel

/// The fastest films to 100만, 300만, 500만, 700만 and 1,000만, counted as the Korean press counts
/// them (「개봉 12일 만에 500만」): the days from the opening day (day 1, 개봉 1일차) to the day the
/// cumulative audience reached the mark, previews (개봉 전 상영) counted in the total. A mark
/// passed before the opening day, on previews alone, is day 0 (「개봉 전」).
///
/// Only films whose opening day is inside the site's history are ranked: a film opened before the
/// first day built is seen from the middle of its run, and its crossing day may be out of reach.
/// A crossing seen only when the film came back into the top 10 (`RunFacts.Milestone.exact`
/// false) is left out too: its day is a bound, not the day.
struct Fastest {
    struct Entry {
        let code: String
        /// 1 on the opening day; 0 when passed on previews before it.
        let days: Int
        let date: Day
        let openDate: Day
        /// Equal days share a rank (공동 순위), as the press writes them.
        let rank: Int
    }

    static let thresholds: [Int64] = [1_000_000, 3_000_000, 5_000_000, 7_000_000, 10_000_000]
    /// How many places each list shows.
    static let shown = 10

    /// Each threshold's films, fastest first; within equal days, the earlier date, then the code.
    let lists: [(threshold: Int64, entries: [Entry])]
    /// The first day built: films opened before it are not ranked.
    let since: Day?

    init(_ site: SiteModel) {
        let first = site.days.first?.date
        since = first
        var found: [Int64: [(code: String, days: Int, date: Day, open: Day)]] = [:]
        for code in site.movieCodes {
            guard let first, let rows = site.history[code], let open = site.index.openDate(of: code), open >= first
            else { continue }
            for m in RunFacts(rows: rows, openDate: open).milestones
            where m.exact && Self.thresholds.contains(m.threshold) {
                found[m.threshold, default: []].append((code, max(0, m.date.days(since: open) + 1), m.date, open))
            }
        }
        lists = Self.thresholds.map { threshold in
            let sorted = (found[threshold] ?? []).sorted { ($0.days, $0.date, $0.code) < ($1.days, $1.date, $1.code) }
            var entries: [Entry] = []
            // The first ten places, a tie at the tenth kept whole.
            for (i, f) in sorted.enumerated() {
                let rank = i > 0 && sorted[i - 1].days == f.days ? entries[i - 1].rank : i + 1
                if rank > Self.shown { break }
                entries.append(Entry(code: f.code, days: f.days, date: f.date, openDate: f.open, rank: rank))
            }
            return (threshold, entries)
        }
    }
}
