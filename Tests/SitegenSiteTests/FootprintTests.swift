import Foundation
import Testing
import SitegenWrite

/// The whole history has to fit the hosts it is published to (GitHub Pages stops at 1 GB, GitLab
/// Pages at 200,000 files): what a day of history adds to the site is held to a budget. Measured
/// as the difference between a year and the two years that end with it, so the site's fixed
/// parts (assets, indexes) are not counted against the days, and films and people are, as they
/// come with the days. The goal is 60 KB and 6 files a day (500 MB and 60,000 files for the
/// history since 2004); today's site adds about 77 KB and 6.0 files, so the budget holds it there
/// until the film, person and data files shrink further (docs/performance.md).
@Suite(.serialized) struct FootprintTests {
    static let bytesPerDay = 80_000
    static let filesPerDay = 6.5

    @Test func aDayOfHistoryAddsAtMostItsShareOfTheHostsLimits() async throws {
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one"), two = folder.appendingPathComponent("two")
        try await SiteFixture.build(into: one, days: 365, until: "2025-12-31")
        try await SiteFixture.build(into: two, days: 730, until: "2025-12-31")
        let (a, b) = (Footprint.measure(one), Footprint.measure(two))
        #expect(a.files > 1_000 && b.files > a.files, "\(a) \(b)")
        let bytes = Int(b.bytes - a.bytes) / 365, files = Double(b.files - a.files) / 365
        #expect(bytes <= Self.bytesPerDay, "a day adds \(bytes) bytes (budget \(Self.bytesPerDay))")
        #expect(files <= Self.filesPerDay, "a day adds \(files) files (budget \(Self.filesPerDay))")
    }
}
