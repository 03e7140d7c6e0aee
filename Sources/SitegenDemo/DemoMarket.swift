import Foundation
import SitegenModel

/// Where chart builders get the simulated market from: each week's films with their runs, and
/// each day's ranking. Two ways to have it, the same values either way: `DemoCache` works them
/// out lazily, one request at a time (the JSON answers); `DemoMarket` works out a whole span at
/// once, in parallel (a build's typed charts).
protocol DemoMarketView: Sendable {
    func runs(inWeek week: Int) -> [DemoRun]
    func ranking(_ ordinal: Int) -> [DemoRanked]
    /// Which world's films play.
    var scale: DemoScale { get }
    /// The regions' share of each run, worked out when a region's chart first asks.
    var regional: DemoRegional { get }
}

/// Memo of the simulation for one source: each week's films with their runs, each day's ranking.
/// Only a speed-up: every value is still a pure function of its inputs.
final class DemoCache: DemoMarketView, @unchecked Sendable {
    private let lock = NSLock()
    private var weeks: [Int: [DemoRun]] = [:]
    private var rankings: [Int: [DemoRanked]] = [:]
    let regional = DemoRegional()
    let scale: DemoScale

    init(scale: DemoScale = .small) { self.scale = scale }

    func runs(inWeek week: Int) -> [DemoRun] {
        if let known = lock.withLock({ weeks[week] }) { return known }
        let runs = DemoWorld.films(inWeek: week, scale: scale).map { DemoRun($0) }
        lock.withLock { weeks[week] = runs }
        return runs
    }

    func ranking(_ ordinal: Int) -> [DemoRanked] {
        if let known = lock.withLock({ rankings[ordinal] }) { return known }
        let ranking = DemoWorld.ranking(ordinal, runs: runs(inWeek:))
        lock.withLock { rankings[ordinal] = ranking }
        return ranking
    }
}

/// The market over a span of days, worked out up front: a table of what each day is, every run
/// that can play in the span, and each day's ranking, swept from the runs instead of scanning
/// 34 weeks of films per day. Immutable once built, so chart builders share it without locks.
final class DemoMarket: DemoMarketView, Sendable {
    let days: ClosedRange<Int>
    let weeks: ClosedRange<Int>
    private let runsByWeek: [[DemoRun]]
    private let rankings: [[DemoRanked]]
    let regional = DemoRegional()
    let scale: DemoScale

    private init(
        days: ClosedRange<Int>, weeks: ClosedRange<Int>, runsByWeek: [[DemoRun]], rankings: [[DemoRanked]],
        scale: DemoScale
    ) {
        self.days = days; self.weeks = weeks; self.runsByWeek = runsByWeek; self.rankings = rankings
        self.scale = scale
    }

    /// Asked outside its span (never, for the charts it was built for) it works the answer out.
    func runs(inWeek week: Int) -> [DemoRun] {
        weeks.contains(week)
            ? runsByWeek[week - weeks.lowerBound] : DemoWorld.films(inWeek: week, scale: scale).map { DemoRun($0) }
    }

    func ranking(_ ordinal: Int) -> [DemoRanked] {
        days.contains(ordinal) ? rankings[ordinal - days.lowerBound] : DemoWorld.ranking(ordinal, runs: runs(inWeek:))
    }

    /// `parallelism` tasks at most; the result does not depend on it.
    static func build(days: ClosedRange<Int>, parallelism: Int, scale: DemoScale = .small) async -> DemoMarket {
        let weeks =
            DemoWorld.weeksPlaying(on: days.lowerBound)
            .lowerBound...DemoWorld.weeksPlaying(on: days.upperBound).upperBound
        // Runs reach back before the first week's Wednesday (previews) and past the span's end.
        let calendarStart = DemoWorld.epoch + 7 * weeks.lowerBound - 21
        let calendarEnd = DemoWorld.epoch + 7 * weeks.upperBound + 7 + DemoWorld.maxRun
        let calendar = await chunked(calendarEnd - calendarStart + 1, parallelism) { range in
            range.map { DemoDay(Day(ordinal: calendarStart + $0)) }
        }
        let dayOf: @Sendable (Int) -> DemoDay = { t in
            t >= calendarStart && t <= calendarEnd ? calendar[t - calendarStart] : DemoDay(Day(ordinal: t))
        }
        let runsByWeek = await chunked(weeks.count, parallelism) { range in
            range.map { DemoWorld.films(inWeek: weeks.lowerBound + $0, scale: scale).map { DemoRun($0, days: dayOf) } }
        }
        let rankings = await chunked(days.count, parallelism) { range -> [[DemoRanked]] in
            let lo = days.lowerBound + range.lowerBound, hi = days.lowerBound + range.upperBound - 1
            var out = [[DemoRanked]](repeating: [], count: range.count)
            let weekSpan = DemoWorld.weeksPlaying(on: lo).lowerBound...DemoWorld.weeksPlaying(on: hi).upperBound
            for w in weekSpan {
                for run in runsByWeek[w - weeks.lowerBound] where run.first <= hi && run.last >= lo {
                    for t in max(lo, run.first)...min(hi, run.last) {
                        let a = run.audience[t - run.first]
                        // Exactly the films `DemoWorld.ranking` would find on day t.
                        guard a > 0, DemoWorld.weeksPlaying(on: t).contains(w) else { continue }
                        out[t - lo].append(DemoRanked(run: run, audience: a))
                    }
                }
            }
            for i in out.indices { out[i].sort(by: DemoWorld.ranksBefore) }
            return out
        }
        return DemoMarket(days: days, weeks: weeks, runsByWeek: runsByWeek, rankings: rankings, scale: scale)
    }
}

/// `0..<count` cut into at most `parallelism` contiguous ranges, each mapped by its own task and
/// joined in order: the same array as one `transform(0..<count)`.
func chunked<T: Sendable>(
    _ count: Int, _ parallelism: Int, _ transform: @escaping @Sendable (Range<Int>) -> [T]
) async -> [T] {
    let size = (count + max(1, min(parallelism, count)) - 1) / max(1, min(parallelism, count))
    // Recounted from the size, so no range is empty.
    let pieces = size == 0 ? 1 : (count + size - 1) / size
    guard pieces > 1 else { return transform(0..<count) }
    return await withTaskGroup(of: (Int, [T]).self) { group in
        for p in 0..<pieces {
            let range = (p * size)..<min(count, (p + 1) * size)
            group.addTask { (p, transform(range)) }
        }
        var parts = [[T]](repeating: [], count: pieces)
        for await (p, part) in group { parts[p] = part }
        return parts.flatMap { $0 }
    }
}
