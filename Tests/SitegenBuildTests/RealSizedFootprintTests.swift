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
/// the site, share cards, a base URL. It weighs what the plan said it would, and a year of a long
/// history (a year alone less what only the latest year keeps) stays within what this round
/// measured. The goal is 50 MB and 3,000 files a year (a site started today within GitHub Pages'
/// 1 GB for twenty years): the files are 2% over it and the bytes a third over, the settled
/// poster copy being most of the difference (docs/performance.md, "The real-sized world").
@Suite(.enabled(if: PosterImages.unavailable == nil, "libvips copies the posters and draws the cards"))
struct RealSizedFootprintTests {
    /// A year of a long history, the Korean edition as published: the measured figure and 5%.
    static let yearBytes: Int64 = 72_000_000
    static let yearFiles = 3_200

    @Test func aRealSizedYearWeighsWhatThePlanSaidAndNoMoreThanMeasured() async throws {
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
        // The posters of a year take a minute or more on two busy cores: more than the default stage allows.
        environment["SITEGEN_NETWORK_TIMEOUT"] = "120"
        let now = Day(iso: "2026-01-05")!.startInstantKST
        let plan = try BuildPlan.resolve(options, environment: environment, now: now, clock: { now })
        let log = SiteFixture.Log()
        let summary = try await Pipeline(plan: plan, console: Console(quiet: false) { _, line in log.add(line) })
            .build()
        let measured = Footprint.measure(output)
        // The world is real-sized: about 410 films a year with a page, each with its own poster.
        #expect((330...520).contains(summary.movies), "\(summary.movies) films with a page")
        let copies = try FileManager.default.contentsOfDirectory(
            at: output.appendingPathComponent("poster/img"), includingPropertiesForKeys: [.fileSizeKey])
        #expect(copies.count == 4 * summary.movies, "every film's poster is served, in four copies")

        // What `init --since` and `sitegen fetch` would have said before a call was spent.
        let predicted = PublishedSize.estimate(days: plan.days.count, config: plan.config)
        let bytesOff = abs(Double(predicted.bytes - measured.bytes)) / Double(measured.bytes)
        let filesOff = abs(Double(predicted.files - measured.files)) / Double(measured.files)
        #expect(bytesOff <= 0.15 && filesOff <= 0.15, "predicted \(predicted.text), built \(measured.text)")

        // A year of a long history: without what only the latest year keeps (three of each film's
        // four poster copies, the cards), with the cards of the films that reached the top 3.
        var extraCopies = Footprint()
        for copy in copies where !copy.lastPathComponent.hasSuffix("-520.webp") {
            extraCopies.files += 1
            extraCopies.bytes += Int64(try copy.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0)
        }
        let filmCards = try FileManager.default.contentsOfDirectory(
            at: output.appendingPathComponent("card"), includingPropertiesForKeys: [.fileSizeKey]
        ).filter { $0.pathExtension == "jpg" }
        let filmCardBytes = try filmCards.reduce(Int64(0)) {
            $0 + Int64(try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0)
        } / Int64(max(1, filmCards.count))
        let top3 = try Self.topThreeFilms(output)
        #expect(top3 > 0)
        let yearFiles = measured.files - measured.cardFiles - extraCopies.files + top3
        let yearBytes = measured.bytes - measured.cardBytes - extraCopies.bytes + Int64(top3) * filmCardBytes
        #expect(yearFiles <= Self.yearFiles, "a year of a long history adds \(yearFiles) files")
        #expect(yearBytes <= Self.yearBytes, "a year of a long history adds \(Footprint.size(yearBytes))")
    }

    /// Films whose best national daily rank is 1–3, read from the year's data file.
    static func topThreeFilms(_ output: URL) throws -> Int {
        let text = try String(contentsOf: output.appendingPathComponent("data/2025.csv"), encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline)
        let header = EveryFilmPageTests.cells(lines[0])
        let rank = try #require(header.firstIndex(of: "순위")), code = try #require(header.firstIndex(of: "영화코드"))
        var best: [String: Int] = [:]
        for line in lines.dropFirst() {
            let cells = EveryFilmPageTests.cells(line)
            best[cells[code]] = min(best[cells[code]] ?? 99, Int(cells[rank]) ?? 99)
        }
        return best.values.filter { $0 <= 3 }.count
    }
}
