import Foundation
import SitegenModel

/// How many films a demo world charts in a year, on each chart the site publishes: the national
/// top 10 (daily, weekly, weekend) and the 한국, 외국 and 다양성 top 10s. Counted from the very
/// rankings the charts are cut from, so it is what a build of the year would list; it is how the
/// real-sized world is calibrated (docs/data.md) and what its test holds.
public enum DemoCensus {
    public struct Year: Sendable, Equatable {
        public let year: Int
        /// Films on the national top 10 of some day, week or weekend of the year.
        public let national: Int
        /// Films on each filter's top 10 of some day, week or weekend of the year.
        public let korean: Int, foreign: Int, diversity: Int
        /// Films on a 한국, 외국 or 다양성 top 10 but on no national one: pages only the filters reach.
        public let filterOnly: Int
        /// Every film charted somewhere: `national + filterOnly`.
        public var charted: Int { national + filterOnly }
    }

    public static func count(year: Int, scale: DemoScale, parallelism: Int = 4) async -> Year {
        let first = Day(year: year, month: 1, day: 1)!, last = Day(year: year, month: 12, day: 31)!
        let market = await DemoMarket.build(days: first.ordinal...last.ordinal, parallelism: parallelism, scale: scale)
        let scopes: [ChartScope] = [.all, .korean, .foreign, .diversity]
        var codes = [Set<String>](repeating: [], count: scopes.count)
        func add(_ films: [some DemoFilmed]) {
            for (i, scope) in scopes.enumerated() {
                for f in DemoFilter(scope).apply(films).prefix(10) { codes[i].insert(f.film.code) }
            }
        }
        for t in first.ordinal...last.ordinal { add(market.ranking(t)) }
        for kind in PeriodKind.allCases {
            // A period is the year's when it starts in it, as the site files it.
            for start in kind.periods(within: first, last.adding(days: kind.length - 1)) {
                add(DemoRows.period(kind, startingAt: start.ordinal, market: market))
            }
        }
        let filters = codes[1].union(codes[2]).union(codes[3])
        return Year(
            year: year, national: codes[0].count, korean: codes[1].count, foreign: codes[2].count,
            diversity: codes[3].count, filterOnly: filters.subtracting(codes[0]).count)
    }
}
