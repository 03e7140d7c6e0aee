import Foundation
import SitegenBuild
@testable import SitegenCLI
import SitegenDemo
import SitegenImage
@testable import SitegenModel
import SitegenSiteSupport
import SitegenTestSupport
import SitegenWrite
import Testing

/// A year of the real-sized world (KOBIS's scale: about 410 films on the charts the site publishes,
/// each with its own photographic poster), built as the workflow publishes it: posters served from
/// the site, share cards, a base URL. It must fit the per-year budget that keeps a site started
/// today within GitHub Pages' 1 GB for twenty years, and weigh what the plan said it would.
@Suite(.enabled(if: PosterImages.unavailable == nil, "libvips copies the posters and draws the cards"))
struct RealSizedFootprintTests {
    /// A year of history, the Korean edition as published.
    static let budgetBytes: Int64 = 50_000_000
    static let budgetFiles = 3_000

    @Test func aRealSizedYearFitsItsBudgetAndWeighsWhatThePlanSaid() async throws {
        let apis = try FakeAPIs(world: .real)
        defer { apis.server.stop() }
        let folder = try SiteFixture.temporaryFolder()
        let output = folder.appendingPathComponent("_site")
        let options = try BuildOptions.parse([
            "--since", "2025-01-01", "--until", "2025-12-31", "--output", output.path, "--jobs", "6",
            "--cache", folder.appendingPathComponent("cache").path, "--budget", "100000",
            "--base-url", "https://example.org/",
            "--templates", SiteFixture.repo.appendingPathComponent("Templates").path,
            "--public", SiteFixture.repo.appendingPathComponent("Public").path,
            "--notes", folder.appendingPathComponent("Notes").path,
        ])
        var environment = apis.environment
        // The posters of a year take a minute on two busy cores: more than the default stage allows.
        environment["SITEGEN_NETWORK_TIMEOUT"] = "60"
        let now = Day(iso: "2026-01-05")!.startInstantKST
        let plan = try BuildPlan.resolve(options, environment: environment, now: now, clock: { now })
        let log = SiteFixture.Log()
        let summary = try await Pipeline(plan: plan, console: Console(quiet: false) { _, line in log.add(line) })
            .build()
        let measured = Footprint.measure(output)
        // The world is real-sized: about 410 films a year with a page, each with its own poster.
        #expect((330...500).contains(summary.movies), "\(summary.movies) films with a page")
        let posters = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("poster/img").path)
        #expect(posters.count >= summary.movies, "every film's poster is served: \(posters.count) copies")
        #expect(measured.bytes <= Self.budgetBytes, "a real-sized year is \(measured.text), over 50 MB")
        #expect(measured.files <= Self.budgetFiles, "a real-sized year is \(measured.text), over 3,000 files")
        // What `init --since` and `sitegen fetch` would have said before a call was spent.
        let predicted = PublishedSize.estimate(days: plan.days.count, config: plan.config)
        let bytesOff = abs(Double(predicted.bytes - measured.bytes)) / Double(measured.bytes)
        let filesOff = abs(Double(predicted.files - measured.files)) / Double(measured.files)
        #expect(bytesOff <= 0.15, "predicted \(predicted.text), built \(measured.text)")
        #expect(filesOff <= 0.15, "predicted \(predicted.text), built \(measured.text)")
    }
}
