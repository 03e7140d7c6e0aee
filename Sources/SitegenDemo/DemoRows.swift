import Foundation
import SitegenModel

/// One row of a demo chart, daily or weekly, as figures. Both roads out of the demo start here:
/// `DemoSource` writes it as KOBIS JSON, `DemoTyped` makes the `ChartEntry` the decoder would
/// read from that JSON, so the two cannot drift apart.
struct DemoRow {
    let rank: Int
    let run: DemoRun
    /// The rank in the previous day's (or period's) whole market; nil for a NEW entry.
    let previousRank: Int?
    let sales: (now: Int64, before: Int64, total: Int64)
    /// The unrounded percentage of the market's sales.
    let salesShare: Double
    let audience: (now: Int64, before: Int64, total: Int64)
    let screens: Int
    let showings: Int
    var film: DemoFilm { run.film }
}

/// One film's audience and sales over a week or weekend, summed over every day it played in
/// the whole simulated market (not only the days it made the daily top 10), as KOBIS sums them.
struct DemoPeriodFigures: Sendable {
    let run: DemoRun
    var film: DemoFilm { run.film }
    let audience: Int64
    let sales: Int64
}

enum DemoRows {
    static func sameFilm(_ a: DemoRun, _ b: DemoRun) -> Bool {
        a.film.week == b.film.week && a.film.slot == b.film.slot
    }

    /// The day's top 10 against the day before: of every film, or of those `keep` keeps (the
    /// 한국, 외국 and 다양성 charts), ranked among themselves with the very figures of the whole
    /// market's chart, the sales share of the whole market included.
    static func daily(_ t: Int, market: some DemoMarketView, keep: DemoFilter = .all) -> [DemoRow] {
        let today = keep.apply(market.ranking(t))
        let yesterday = keep.apply(market.ranking(t - 1))
        // Films outside the top 10 still take their share of the day's revenue (and a long tail
        // of small films the simulation does not model), so the top 10 never sums to 100%.
        let marketSales = market.ranking(t).reduce(0.0) { $0 + Double($1.run.sales[t - $1.run.first]) } * 1.035
        return today.prefix(10).enumerated().map { i, entry in
            let run = entry.run
            // A scan of yesterday's few dozen films beats hashing codes into a dictionary per day.
            let before = yesterday.firstIndex { sameFilm($0.run, run) }
            let prevAudience = before.map { yesterday[$0].audience } ?? 0
            // Yesterday's audience is the run's own (a film on no chart yesterday sold nothing).
            let prevSales = prevAudience > 0 ? run.sales[t - 1 - run.first] : 0
            let sales = run.sales[t - run.first]
            let (audienceTotal, salesTotal) = run.totals(through: t)
            return DemoRow(rank: i + 1, run: run, previousRank: before.map { $0 + 1 },
                           sales: (sales, prevSales, salesTotal), salesShare: Double(sales) / marketSales * 100,
                           audience: (entry.audience, prevAudience, audienceTotal),
                           screens: run.screens[t - run.first], showings: run.showings[t - run.first])
        }
    }

    /// The whole market over the period starting at `start`, highest audience first (ties by
    /// code). A run's running totals give its sums in two lookups; they equal adding up the
    /// period's daily rankings, since a film off a day's ranking sold nothing that day, and a
    /// film of a week outside `weeksPlaying` never plays then.
    static func period(_ kind: PeriodKind, startingAt start: Int, market: some DemoMarketView) -> [DemoPeriodFigures] {
        let end = start + kind.length - 1
        var figures: [DemoPeriodFigures] = []
        for w in DemoWorld.weeksPlaying(on: start).lowerBound...DemoWorld.weeksPlaying(on: end).upperBound {
            for run in market.runs(inWeek: w) where run.first <= end && run.last >= start {
                let (audienceBefore, salesBefore) = run.totals(through: start - 1),
                    (audience, sales) = run.totals(through: end)
                if audience > audienceBefore {
                    figures.append(
                        DemoPeriodFigures(run: run, audience: audience - audienceBefore, sales: sales - salesBefore))
                }
            }
        }
        return figures.sorted { $0.audience != $1.audience ? $0.audience > $1.audience : $0.film.code < $1.film.code }
    }

    /// A charted film's screens and showings over a period: only the top 10 show them.
    static func screensAndShowings(_ run: DemoRun, from start: Int, through end: Int) -> (screens: Int, showings: Int) {
        var screens = 0, showings = 0
        for t in max(start, run.first)...min(end, run.last) where run.audience[t - run.first] > 0 {
            // KOBIS does not document how a week's screens are counted; the widest day is used.
            screens = max(screens, run.screens[t - run.first])
            showings += run.showings[t - run.first]
        }
        return (screens, showings)
    }

    /// The period's top 10 against the previous period of the same kind.
    static func period(
        _ kind: PeriodKind, start: Day, market: some DemoMarketView, keep: DemoFilter = .all
    ) -> [DemoRow] {
        period(kind, start: start, current: period(kind, startingAt: start.ordinal, market: market),
               previous: period(kind, startingAt: start.ordinal - 7, market: market), keep: keep)
    }

    /// `current` and `previous` are the market over the period and over the one a week before,
    /// for a caller that sums each period once though it serves as both.
    static func period(
        _ kind: PeriodKind, start: Day, current all: [DemoPeriodFigures], previous: [DemoPeriodFigures],
        keep: DemoFilter = .all
    ) -> [DemoRow] {
        let marketSales = Double(all.reduce(Int64(0)) { $0 + $1.sales }) * 1.035
        let end = start.ordinal + kind.length - 1
        let current = keep.apply(all), previous = keep.apply(previous)
        return current.prefix(10).enumerated().map { i, f in
            let before = previous.firstIndex { sameFilm($0.run, f.run) }
            let (audienceTotal, salesTotal) = f.run.totals(through: end)
            let (screens, showings) = screensAndShowings(f.run, from: start.ordinal, through: end)
            return DemoRow(rank: i + 1, run: f.run, previousRank: before.map { $0 + 1 },
                           sales: (f.sales, before.map { previous[$0].sales } ?? 0, salesTotal),
                           salesShare: Double(f.sales) / marketSales * 100,
                           audience: (f.audience, before.map { previous[$0].audience } ?? 0, audienceTotal),
                           screens: screens, showings: showings)
        }
    }
}
