import Foundation
import SitegenBasics
import SitegenModel

/// What the real-sized world adds to the small one: each week's extra films (mostly small
/// releases: KOFIC counts over a thousand openings a year, most of them tiny), drawn from
/// generators of their own so that every draw of the small world's films stays as it was. The
/// numbers are calibrated in docs/data.md ("The real-sized world"); `DemoCensus` counts them.
enum DemoRealWorld {
    /// Extra films take slots from 7 on (the small world's are 0 to 4, its codes end 11 … 63).
    static let firstSlot = 7
    /// The last two digits of an extra film's code: every number the small world's never uses
    /// (11 + 13k), so one parse tells the worlds apart.
    static let slotCodes: [Int] = (0...99).filter { $0 < 11 || ($0 - 11) % 13 != 0 }

    /// Extra films opening in the week: more each year (KOFIC's count of openings more than
    /// doubled from 2004 to the 2010s, most of the growth in small releases).
    static func extraCount(inWeek week: Int) -> Int {
        var r = SeededRandom(week, 19)
        let year = Day(ordinal: DemoWorld.epoch + 7 * week).year
        let growth = min(1, max(0, Double(year - 2004) / 14))
        let mean = 3.2 + 3.8 * growth
        return max(0, min(slotCodes.count, Int((mean + r.range(-2, 2)).rounded())))
    }

    /// An extra film's opening-day audience range and weekly drop, by its tier draw: no
    /// blockbusters, a few mid-sized films, mostly small and tiny releases.
    static func tier(_ tier: Double) -> (Double, Double, Double, Double) {
        tier < 0.12 ? (30_000, 120_000, 0.30, 0.55)
            : tier < 0.45 ? (6_000, 30_000, 0.35, 0.60)
            : tier < 0.70 ? (1_200, 6_000, 0.40, 0.70)
            : (60, 1_200, 0.45, 0.75)
    }

    /// Small releases are mostly independent and art films (다양성영화).
    static func diversityShare(opening: Double) -> Double {
        opening < 6_000 ? 0.6 : opening < 30_000 ? 0.15 : 0
    }

    /// Most small releases are foreign.
    static let koreanShare = 0.35
}
