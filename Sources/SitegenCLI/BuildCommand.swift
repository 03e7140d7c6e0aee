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
        let console = Console(quiet: options.quiet, secrets: [environment["KOBIS_API_KEY"], environment["KAKAO_REST_API_KEY"]].compactMap { $0 })
        do {
            let plan = try BuildPlan.resolve(options, environment: environment, now: Date())
            let summary = try await Pipeline(plan: plan, console: console).build()
            console.summary(summary.line)
        } catch let error as UsageError {
            console.error(error.description)
            throw ExitCode.validationFailure
        } catch {
            console.error(ErrorText.describe(error))
            throw ExitCode.failure
        }
    }
}
