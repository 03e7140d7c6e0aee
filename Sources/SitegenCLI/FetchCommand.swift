import ArgumentParser
import Foundation
import SitegenModel

public struct FetchCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fill the cache with the charts, movie info and posters of a range, without rendering.",
        discussion: "Needs KOBIS_API_KEY (and KAKAO_REST_API_KEY for posters). A later `sitegen build --offline` builds from what this fetched.")

    @OptionGroup public var range: RangeOptions

    public init() {}

    public func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let console = Console.forCommand(quiet: range.quiet, environment: environment)
        try await console.reportingErrors {
            guard environment["KOBIS_API_KEY"]?.trimmingCharacters(in: .whitespaces).isEmpty == false else {
                throw UsageError("sitegen fetch needs KOBIS_API_KEY (the demo source needs no cache)")
            }
            let plan = try BuildPlan.resolve(range: range, site: try SiteOptions.parse([]), environment: environment, now: Date())
            let started = Date()
            let outcome = try await Pipeline(plan: plan, console: console).fetch()
            console.summary(String(format: "fetched %d days, %d movies into %@ in %.2f s", outcome.dataset.days.count,
                                   outcome.dataset.chartedMovieCodes.count, plan.cache.path, Date().timeIntervalSince(started)))
        }
    }
}
