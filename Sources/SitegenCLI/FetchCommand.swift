import ArgumentParser
import Foundation
import SitegenBasics
import SitegenBuild
import SitegenFetch
import SitegenModel

public struct FetchCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fill the cache with the charts, movie info and posters of a range, without rendering.",
        discussion: """
        Needs KOBIS_API_KEY (and KAKAO_REST_API_KEY for posters). First says what the range will cost (days, weeks \
        and films not held yet, as KOBIS calls and days of quota), then spends at most --budget calls, newest year \
        first, and stops cleanly at the budget or at KOBIS's daily quota (320011) with everything fetched kept: the \
        next run goes on where this one stopped, asking nothing twice. A later `sitegen build --offline` builds from \
        what this fetched.
        """)

    @OptionGroup public var range: RangeOptions

    public init() {}

    /// "3 days of quota at 2,500 calls a day"
    static func runs(_ plan: BackfillPlan, budget: Int) -> String {
        let runs = plan.runs(budget: budget)
        return "\(Count.grouped(runs)) \(runs == 1 ? "day" : "days") of quota at \(Count.grouped(budget)) "
            + "\(budget == 1 ? "call" : "calls") a day"
    }

    /// The filters a run will ask for: the region codes as held, else 17 regions not held yet
    /// (each asked for, so each counted).
    static func scopes(_ plan: BuildPlan, caching: CachingClient) -> [ChartScope] {
        var scopes = plan.config.market ? ChartScope.market : []
        if plan.config.regions {
            if case .regions(let regions, _)? = caching.settled(.regionCodes)?.value {
                scopes += regions.map { .region($0.code) }
            } else {
                scopes += BackfillPlan.unknownRegions
            }
        }
        return scopes
    }

    public func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let console = Console.forCommand(quiet: range.quiet, environment: environment)
        try await console.reportingErrors {
            guard environment["KOBIS_API_KEY"]?.trimmingCharacters(in: .whitespaces).isEmpty == false else {
                throw UsageError("sitegen fetch needs KOBIS_API_KEY (the demo source needs no cache)")
            }
            let plan = try BuildPlan.resolve(
                range: range, site: try SiteOptions.parse([]), environment: environment, now: Date())
            let started = Date()
            let caching = plan.caching
            let scopes = caching.map { Self.scopes(plan, caching: $0) } ?? []
            if let caching {
                let before = BackfillPlan.make(days: plan.days, scopes: scopes, source: caching, today: plan.today)
                console.note("plan: \(before.description): about \(Count.grouped(before.calls)) KOBIS calls, "
                             + Self.runs(before, budget: range.budget))
                plan.monitor.planBackfill(calls: before.calls, perDay: range.budget)
                if let line = PublishedSize.planLine(days: plan.days, config: plan.config) {
                    console.note("plan: " + line)
                }
            }
            let pipeline = Pipeline(plan: plan, console: console)
            let outcome = try await pipeline.fetch(reportingGaps: false)
            let seconds = Date().timeIntervalSince(started)
            guard let caching else { return }
            let after = BackfillPlan.make(
                days: plan.days, scopes: Self.scopes(plan, caching: caching), source: caching, today: plan.today)
            let spent = "\(Count.grouped(plan.budget.spent)) KOBIS \(plan.budget.spent == 1 ? "call" : "calls")"
            let held = "\(Count.grouped(after.daysHeld)) of \(Count.grouped(after.days)) days held"
            if after.calls == 0 || plan.budget.stop == nil {
                // Not stopped, yet something is missing (a day KOBIS failed to give): said once here.
                if let line = pipeline.gapsLine(outcome.dataset) { console.warning(line) }
                console.summary(
                    String(
                        format: "fetched %@ %@, %@ into %@ with %@ in %.2f s",
                        Count.grouped(outcome.dataset.days.count), outcome.dataset.days.count == 1 ? "day" : "days",
                        Count.of(outcome.dataset.chartedMovieCodes.count, "movie"), plan.cache.path, spent, seconds))
            } else {
                // "after N calls" only where the stop does not say it already (the quota's).
                let stop = plan.budget.stop!
                let spentText = if case .budget = stop { "" } else { " after \(spent)" }
                console.summary(
                    "stopped: \(stop.description); \(held) (\(Count.grouped(after.daysToFetch)) left)\(spentText); "
                        + "about \(Count.grouped(after.calls)) calls to go, \(Self.runs(after, budget: range.budget)); "
                            + "run the same command again tomorrow to go on"
                )
            }
        }
    }
}
