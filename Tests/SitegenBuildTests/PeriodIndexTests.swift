import Foundation
import Testing
import SitegenSiteSupport
import SitegenModel

/// The new pages in the sitemap, the feed, the archive and data/index.json.
@Suite struct PeriodIndexTests {
    @Test func sitemapFeedArchiveAndIndexNameTheNewPages() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 21, until: "2024-02-11", baseURL: "https://example.com/bo/")
        let sitemap = try SiteFixture.text(out, "sitemap.xml")
        for path in ["week/2024-02-05/", "weekend/2024-02-09/", "year/", "year/2024/", "records/"] {
            #expect(sitemap.contains("<loc>https://example.com/bo/\(path)</loc>"), "\(path)")
        }
        let feed = try SiteFixture.text(out, "feed.xml")
        #expect(feed.contains("<title>2024년 2월 2주 · 2.5 ~ 2.11 주간 박스오피스 1위 "))
        #expect(feed.contains(#"<link rel="alternate" type="text/html" href="https://example.com/bo/week/2024-02-05/"/>"#))
        #expect(feed.contains("<id>https://example.com/bo/week/2024-01-29/</id>"))
        let archive = try SiteFixture.text(out, "archive/index.html")
        #expect(archive.contains(#"<a href="../week/2024-02-05/index.html" aria-label="주간 순위: 2024년 2월 2주">주간</a>"#))
        #expect(archive.contains(#"<a href="../weekend/2024-02-09/index.html" aria-label="주말 순위: 2024년 2월 2주 주말">주말</a>"#))
        struct Index: Decodable {
            struct Period: Decodable { let start: String; let end: String; let path: String; let title: String }
            struct Year: Decodable { let year: Int; let path: String }
            let weeks: [Period]; let weekends: [Period]; let years: [Year]
        }
        let index = try JSONDecoder().decode(Index.self, from: Data(contentsOf: out.appendingPathComponent("data/index.json")))
        #expect(index.weeks.map(\.start) == ["2024-01-22", "2024-01-29", "2024-02-05"])
        #expect(index.weeks.last?.end == "2024-02-11" && index.weeks.last?.title == "2024년 2월 2주")
        #expect(index.weekends.map(\.path) == ["weekend/2024-01-26/", "weekend/2024-02-02/", "weekend/2024-02-09/"])
        #expect(index.years.map(\.path) == ["year/2024/"])
        // Every page the index names exists.
        for path in index.weeks.map(\.path) + index.weekends.map(\.path) + index.years.map(\.path) {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(path + "index.html").path), "\(path)")
        }
    }
}
