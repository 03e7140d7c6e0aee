import ArgumentParser
import Foundation
import SitegenModel

public struct BuildCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Fetch the charts, render the site and write it to --output.",
        discussion: """
        Writes the latest day (list and grid), a list and a grid page per day, a page per movie, a date archive, data/*.json, feed.xml, sitemap.xml (with --base-url), robots.txt and 404.html, plus everything in --public. The folder is replaced only when the whole build succeeds.
        """)

    @OptionGroup public var options: BuildOptions

    public init() {}

    public func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let console = Console.forCommand(quiet: options.range.quiet, environment: environment)
        try await console.reportingErrors {
            let plan = try BuildPlan.resolve(options, environment: environment, now: Date())
            let summary = try await Pipeline(plan: plan, console: console).build()
            console.summary(summary.line)
        }
    }
}
