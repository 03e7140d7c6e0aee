import Foundation
import SitegenBasics
import SitegenFetch
import SitegenImage
import SitegenModel

/// The fetch step: the plan's days, films and filters through the source, then the posters copied.
extension Pipeline {
    /// The fetch stage alone (also `sitegen fetch`): progress on a terminal, then one summary line.
    /// `reportingGaps` false leaves the line on what is still to fetch to the caller (`sitegen
    /// fetch` says it in its own last line, and one line should not say it twice).
    public func fetch(reportingGaps: Bool = true) async throws -> FetchOutcome {
        let live = plan.source.kind == .kobis
        if !live { announceDemo() }
        plan.rangeNotes.forEach(console.note)
        let progress = live ? console.progress(of: plan.monitor) : nil
        let outcome: FetchOutcome
        do {
            outcome = try await Fetcher(
                source: plan.source, jobs: plan.jobs, monitor: plan.monitor, keepsGaps: plan.accumulating
            )
            .fetch(days: plan.days, market: plan.config.market, regions: plan.config.regions, today: plan.today)
        } catch {
            progress?.cancel()
            _ = await progress?.value
            plan.monitor.warnings.forEach { console.warning($0) }
            if live { console.note(plan.monitor.summaryLine) }
            throw error
        }
        plan.caching?.keepDecoded()
        var result = outcome
        if plan.strict, plan.config.regions, outcome.dataset.regions.isEmpty {
            progress?.cancel()
            _ = await progress?.value
            let why = outcome.warnings.first { $0.message.contains("region") }?.message ?? "KOBIS gave no region codes"
            throw StrictError(
                "regions are on but their pages cannot be made: \(why); fetch the region codes first (a build "
                    + "without --offline), or turn them off (regions = false, or --no-regions)")
        }
        if !plan.config.hotlinksPosters {
            let (dataset, posterWarnings, posterBytes) = try await PosterCopies(
                source: plan.source, jobs: plan.jobs, monitor: plan.monitor, deadline: plan.posterStageSeconds,
                store: PosterStore(kept: plan.store.posters)
            ).run(outcome.dataset)
            result.dataset = dataset
            result.warnings += posterWarnings
            result.posterBytes = posterBytes
        }
        progress?.cancel()
        _ = await progress?.value
        result.warnings.forEach { console.warning($0.description) }
        if live { console.note(plan.monitor.summaryLine) }
        if reportingGaps, let line = gapsLine(result.dataset) { console.warning(line) }
        return result
    }

    /// One line for what a stopped backfill (or an offline build) left out, never one per day.
    public func gapsLine(_ dataset: Dataset) -> String? {
        let gaps = dataset.gaps
        guard !gaps.isEmpty || gaps.scopedCharts > 0 else { return nil }
        var parts: [String] = []
        if !gaps.days.isEmpty {
            parts.append("\(Count.grouped(gaps.days.count)) \(gaps.days.count == 1 ? "day" : "days")")
        }
        if !gaps.movies.isEmpty {
            parts.append(
                "the details of \(Count.grouped(gaps.movies.count)) \(gaps.movies.count == 1 ? "film" : "films")")
        }
        if gaps.scopedCharts > 0 {
            // Only the filters this build asks for.
            let which = (plan.config.market ? ["한국·외국·다양성"] : []) + (plan.config.regions ? ["regions"] : [])
            parts.append(
                "\(Count.grouped(gaps.scopedCharts)) filtered \(gaps.scopedCharts == 1 ? "chart" : "charts")"
                    + (which.isEmpty ? "" : " (\(which.joined(separator: ", ")))"))
        }
        let why = plan.budget.stop.map { " (\($0.description))" } ?? " (not in the cache)"
        return
            "history: \(parts.joined(separator: " and ")) not fetched yet\(why); what was fetched is kept "
                + "(\(Count.grouped(dataset.days.count)) \(dataset.days.count == 1 ? "day" : "days")), and the next "
                + "run fetches the rest"
    }
}
