import Foundation
import Testing
import SitegenSiteSupport
import SitegenTestSupport
@testable import SitegenDemo
import SitegenFetch
import SitegenModel

/// A memo of decoded answers is guarded by a checksum against a damaged disk, not against
/// someone who re-signs it: its figures pass the same check as KOBIS's, and a build never traps
/// on them or publishes them.
@Suite struct ResignedMemoTests {
    static let until = Day(iso: "2024-02-10")!

    @Test func aResignedMemoWithImpossibleFiguresNeitherCrashesNorPublishes() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let cache = folder.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let days = (0..<3).map { Self.until.adding(days: $0 - 2) }
        let first = DemoSource(memoIn: cache, identity: "test")
        _ = try await Fetcher(source: first, jobs: 2).fetch(days: days)

        let file = cache.appendingPathComponent("demo-memo")
        var contents = DemoMemo(file: file, identity: "test").contents()
        var chart = try #require(contents.days[Self.until.ordinal])
        try #require(chart.entries.count >= 6)
        chart.entries[0].audience = .max
        chart.entries[0].audienceTotal = .max
        chart.entries[1].rank = 0
        chart.entries[2].movieCode = "a/b"
        chart.entries[3].screens = -5
        chart.entries[4].salesShare = 100_000_000_000_000.5
        chart.entries[5].openDate = Day(year: 1901, month: 3, day: 1)
        let codes = chart.entries.prefix(5).map(\.movieCode)
        contents.days[Self.until.ordinal] = chart
        try DemoMemo.encode(contents, identity: "test").write(to: file)

        let fetched = try await Fetcher(source: DemoSource(memoIn: cache, identity: "test"), jobs: 2).fetch(days: days)
        let day = try #require(fetched.dataset.days.first { $0.date == Self.until })
        #expect(day.entries.count == chart.entries.count - 5)
        #expect(day.rejectedRows == 5)
        #expect(!day.entries.contains { $0.rank == 0 || $0.audience == .max || $0.screens < 0 })
        #expect(day.entries.first { $0.movieCode == chart.entries[5].movieCode }?.openDate == nil)
        #expect(!fetched.dataset.chartedMovieCodes.contains("a/b") && fetched.dataset.movies["a/b"] == nil)
        let said = fetched.warnings.map(\.description).filter { $0.hasPrefix("2024-02-10") }
        for code in codes + [chart.entries[5].movieCode] {
            #expect(said.filter { $0.contains(code) }.count == 1, "\(code): \(said)")
        }

        // The whole build from that memo: no trap on the sums, no page for the forged code.
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(
            into: out, days: 3, until: "2024-02-10", source: DemoSource(memoIn: cache, identity: "test"), cache: cache)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("movie/a").path))
        let page = try SiteFixture.text(out, "date/2024-02-10/index.html")
        #expect(!page.contains("9223372036854775807") && !page.contains("9,223,372"))
    }
}
