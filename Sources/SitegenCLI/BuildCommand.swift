import ArgumentParser
import Foundation
import SitegenBasics
import SitegenBuild
import SitegenModel
import SitegenWrite

public struct BuildCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Fetch the charts, render the site and write it to --output.",
        discussion: """
        A site that runs for years keeps every day --since the day it started (sitegen init sets this up); --days \
        makes a window instead. Each run makes at most --budget KOBIS calls, newest year first, and keeps every final \
        answer in --history, so a long backfill fills in over several mornings while the site publishes what it has. \
        Writes a page per day, week and weekend (list and posters in one) with one for its filters' charts, film \
        and person pages, year pages, records, an archive, search, a year's data a file, feed.xml, sitemap.xml \
        (with --base-url), robots.txt and 404.html, plus \
        everything in --public. A first build is staged and swapped in whole; later builds update the folder in \
        place, and a failed build leaves it as it was.
        """)

    // The range and the site side by side, not nested in one `BuildOptions` group: a debug build of
    // ArgumentParser checks every group each time it lays out the arguments, so a third level of
    // nesting cost 0.27 s of CPU to parse a `build` command in the debug binary the tests run
    // hundreds of times (0.08 s with two). A release build does no such check.
    @OptionGroup public var range: RangeOptions
    @OptionGroup public var site: SiteOptions
    public var options: BuildOptions { BuildOptions(range: range, site: site) }

    @Flag(name: .long, help: "Say how long each step of the build took (load, fetch, model, render, write, measure).")
    public var timings = false

    public init() {}

    public func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let console = Console.forCommand(quiet: options.range.quiet, environment: environment)
        try await console.reportingErrors {
            let plan = try BuildPlan.resolve(options, environment: environment, now: Date())
            let pipeline = Pipeline(plan: plan, console: console)
            let before = pipeline.recordedFootprint()
            var summary = try await pipeline.build()
            summary.footprint = pipeline.measure(summary, before: before)
            if summary.days < plan.days.count {
                summary.predicted = PublishedSize.estimate(days: plan.days.count, config: plan.config)
            }
            console.summary(summary.line)
            if let kept = summary.kept, kept.files + kept.removedFiles > 0 { console.note(KeptStore.line(kept)) }
            // Asked for, so said even with --quiet, on standard error beside the notes.
            if timings { console.always(pipeline.steps.line) }
            if let line = Self.fewDaysNote(days: summary.days, accumulating: plan.accumulating) { console.note(line) }
        }
    }
}

extension BuildCommand {
    /// A site that keeps every day from its start has one day on its first morning, which shows
    /// little of what it becomes: said, with how to look at a fuller one now.
    static func fewDaysNote(days: Int, accumulating: Bool) -> String? {
        guard accumulating, days < 7 else { return nil }
        return "note: the site has \(Count.of(days, "day")) so far and gains one every morning; to see a fuller one "
            + "now, preview the demo (fictional films) beside it: sitegen serve --demo --days 90 --output _preview"
    }
}
