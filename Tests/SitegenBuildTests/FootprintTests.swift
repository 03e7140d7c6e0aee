import Foundation
import Testing
import SitegenSiteSupport
import SitegenModel
import SitegenWrite

/// The whole history has to fit the hosts it is published to (GitHub Pages stops at 1 GB, GitLab
/// Pages at 200,000 files): what a day of history adds to the site is held to a budget. Measured
/// as the difference between a year and the two years that end with it, so the site's fixed
/// parts (assets, indexes) are not counted against the days, and films and people are, as they
/// come with the days.
///
/// Budgets over the 8,036 days from 2004 to 2025 (docs/performance.md): the site as built,
/// 500 MB and 60,000 files (a day adds about 57 KB and 5.0 files); with `--english`, 1 GB and
/// 120,000 files; and the site as published, with a base URL and so with its share cards (800 MB
/// and 75,000 files).
@Suite(.serialized) struct FootprintTests {
    static let days = 8_036
    static let bytesPerDay = 60_000
    static let filesPerDay = 6.0
    static let englishBytesPerDay = 1_000_000_000 / days
    static let englishFilesPerDay = 120_000.0 / Double(days)
    static let publishedBytesPerDay = 800_000_000 / days
    static let publishedFilesPerDay = 75_000.0 / Double(days)

    /// What a day of history adds: (bytes, files).
    static func perDay(baseURL: String? = nil, english: Bool = false) async throws -> (bytes: Int, files: Double) {
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one"), two = folder.appendingPathComponent("two")
        let cards = baseURL != nil
        try await SiteFixture.build(
            into: one, days: 365, until: "2025-12-31", baseURL: baseURL, cards: cards, english: english)
        try await SiteFixture.build(
            into: two, days: 730, until: "2025-12-31", baseURL: baseURL, cards: cards, english: english)
        let (a, b) = (Footprint.measure(one), Footprint.measure(two))
        #expect(a.files > 1_000 && b.files > a.files, "\(a) \(b)")
        if cards {
            let drawn = try FileManager.default.contentsOfDirectory(atPath: two.appendingPathComponent("card").path)
            #expect(drawn.count > 300, "\(drawn.count) cards: the published site has them")
            // A week or weekend of the latest year has its own card; an older one, and the older
            // days of its week, the site's.
            func card(_ page: String) throws -> String {
                let html = try SiteFixture.text(two, page + "index.html")
                return String(try #require(html.firstMatch(of: /property="og:image" content="([^"]+)"/)).output.1)
            }
            let site = try card("archive/")
            #expect(try card("week/2024-01-08/") == site && card("weekend/2024-01-05/") == site)
            #expect(try card("date/2024-01-10/") == site)
            #expect(try card("week/2025-01-06/") != site && card("weekend/2025-01-03/") != site)
            #expect(try card("date/2025-01-08/") == card("week/2025-01-06/"))
            #expect(try card("week/2025-12-22/") != site && card("weekend/2025-12-26/") != site)
            // A film that reached the top 3 has its own; one that peaked lower and left the charts
            // over a year ago, the site's.
            var own = 0, faded = 0
            for code in try FileManager.default.contentsOfDirectory(atPath: two.appendingPathComponent("movie").path) {
                let data = try Data(contentsOf: two.appendingPathComponent("data/movie/\(code).json"))
                let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                let columns = try #require(file["columns"] as? [String]), rows = try #require(file["history"] as? [[Any]])
                let best = rows.compactMap { ($0[columns.firstIndex(of: "rank")!] as? NSNumber)?.intValue }.min() ?? 99
                let last = try #require(Day(iso: rows.last?.first as? String ?? ""))
                // A filter's top 3 (a film never in the national top 10: its JSON names the chart) is not.
                let national = file["chart"] == nil
                let owns = (national && best <= 3) || Day(iso: "2025-12-31")!.days(since: last) < 365
                if owns { own += 1 } else { faded += 1 }
                #expect(try (card("movie/\(code)/") == site) == !owns, "\(code): best \(best), last \(last.iso)")
            }
            #expect(own > 10 && faded > 10, "\(own) own, \(faded) the site's")
        }
        return (Int(b.bytes - a.bytes) / 365, Double(b.files - a.files) / 365)
    }

    @Test func aDayOfHistoryAddsAtMostItsShareOfTheHostsLimits() async throws {
        let (bytes, files) = try await Self.perDay()
        #expect(bytes <= Self.bytesPerDay, "a day adds \(bytes) bytes (budget \(Self.bytesPerDay))")
        #expect(files <= Self.filesPerDay, "a day adds \(files) files (budget \(Self.filesPerDay))")
    }

    @Test func anEnglishEditionDayAddsAtMostItsShareOfTheHostsLimits() async throws {
        let (bytes, files) = try await Self.perDay(english: true)
        #expect(bytes <= Self.englishBytesPerDay, "a day adds \(bytes) bytes (budget \(Self.englishBytesPerDay))")
        #expect(files <= Self.englishFilesPerDay, "a day adds \(files) files (budget \(Self.englishFilesPerDay))")
    }

    /// As the workflow publishes it: with a base URL, every shared page's card included.
    @Test func aPublishedDayWithItsCardsAddsAtMostItsShareOfGitHubPages() async throws {
        let (bytes, files) = try await Self.perDay(baseURL: "https://example.github.io/box/")
        #expect(bytes <= Self.publishedBytesPerDay, "a day adds \(bytes) bytes (budget \(Self.publishedBytesPerDay))")
        #expect(files <= Self.publishedFilesPerDay, "a day adds \(files) files (budget \(Self.publishedFilesPerDay))")
    }
}
