import ArgumentParser
import Foundation
import SitegenModel

public struct FetchCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fill the cache with the charts, movie info and posters of a range, without rendering.",
        discussion: "Needs KOBIS_API_KEY (and KAKAO_REST_API_KEY for posters). A later `sitegen build --offline` builds from what this fetched.")

    @Option(name: .long, help: ArgumentHelp("How many days of charts, ending at --until (1…3650).", valueName: "n"))
    public var days: Int = 30

    @Option(name: .long, help: ArgumentHelp("Last chart date (default: yesterday in Asia/Seoul).", valueName: "yyyy-mm-dd"))
    public var until: String?

    @Option(name: .long, help: ArgumentHelp("Where raw API responses are kept.", valueName: "dir"))
    public var cache: String = ".sitegen-cache"

    @Option(name: .long, help: ArgumentHelp("Concurrent requests (1…64).", valueName: "n"))
    public var jobs: Int = 6

    @Flag(name: .long, help: "Print nothing but errors.")
    public var quiet = false

    public init() {}

    /// The build options this fetch shares (parsed, as ArgumentParser values must be).
    func buildOptions() throws -> BuildOptions {
        var arguments = ["--days", String(days), "--cache", cache, "--jobs", String(jobs)]
        if let until { arguments += ["--until", until] }
        if quiet { arguments.append("--quiet") }
        return try BuildOptions.parse(arguments)
    }

    public func validate() throws { _ = try buildOptions() }

    public func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let console = Console(quiet: quiet, secrets: [environment["KOBIS_API_KEY"], environment["KAKAO_REST_API_KEY"]].compactMap { $0 })
        do {
            guard environment["KOBIS_API_KEY"]?.trimmingCharacters(in: .whitespaces).isEmpty == false else {
                throw UsageError("sitegen fetch needs KOBIS_API_KEY (the demo source needs no cache)")
            }
            let plan = try BuildPlan.resolve(try buildOptions(), environment: environment, now: Date())
            let started = Date()
            let outcome = try await Pipeline(plan: plan, console: console).fetch()
            console.summary(String(format: "fetched %d days, %d movies into %@ in %.2f s", outcome.dataset.days.count,
                                   outcome.dataset.chartedMovieCodes.count, plan.cache.path, Date().timeIntervalSince(started)))
        } catch let error as UsageError {
            console.error(error.description)
            throw ExitCode.validationFailure
        } catch {
            console.error(ErrorText.describe(error))
            throw ExitCode.failure
        }
    }
}
