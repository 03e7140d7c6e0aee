import Foundation
@testable import SitegenDemo
@testable import SitegenModel
import Testing
import SitegenSiteSupport

/// schema.org JSON-LD on chart and film pages: parsed as a search engine would, and held against
/// the figures and credits the pages themselves show.
@Suite struct StructuredDataTests {
    static func graph(_ html: String, _ path: String) throws -> [[String: Any]] {
        let scripts = html.matches(of: /<script type="application\/ld\+json">(.*?)<\/script>/.dotMatchesNewlines())
        #expect(scripts.count == 1, "one JSON-LD block in \(path)")
        let json = try #require(scripts.first.map { String($0.output.1) })
        #expect(!json.contains("<"), "no '<' can close the element: \(path)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["@context"] as? String == "https://schema.org")
        return try #require(object["@graph"] as? [[String: Any]])
    }

    static func node(_ graph: [[String: Any]], _ type: String) -> [String: Any]? {
        graph.first { $0["@type"] as? String == type }
    }

    @Test func everyChartAndFilmPageDescribesItselfInJSONLD() async throws {
        let base = "https://example.org/bo/"
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 14, until: "2024-02-11", baseURL: base)
        let files = try SiteFixture.files(out)
        var charts = 0, films = 0
        for (path, data) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix("index.html") {
            let parts = path.split(separator: "/").map(String.init)
            guard ["date", "week", "weekend", "movie"].contains(parts.first ?? "") else { continue }
            let html = String(decoding: data, as: UTF8.self)
            guard parts[0] == "movie" else {
                // A chart page carries none: its address says where it sits, and the chart as an
                // ItemList is the home page's.
                #expect(!html.contains("application/ld+json"), "\(path)")
                charts += 1
                continue
            }
            let graph = try Self.graph(html, path)
            let crumbs = try #require(Self.node(graph, "BreadcrumbList"), "\(path)")
            let steps = try #require(crumbs["itemListElement"] as? [[String: Any]])
            #expect(steps.map { $0["position"] as? Int } == Array(1...steps.count))
            #expect(steps.first?["item"] as? String == base)
            #expect(steps.allSatisfy { ($0["item"] as? String)?.hasPrefix(base) == true && $0["name"] is String })
            do {
                let code = parts[1]
                let film = try #require(Self.node(graph, "Movie"), "\(path)")
                let movie = try #require(DemoSource.movie(code: code))
                #expect(film["name"] as? String == movie.title)
                #expect(film["url"] as? String == "\(base)movie/\(code)/")
                #expect(film["alternateName"] as? String == movie.englishTitle)
                let directors = (film["director"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                #expect(directors == movie.directors.map(\.name))
                #expect((film["actor"] as? [[String: Any]])?.count == min(10, movie.actors.count))
                #expect(film["genre"] as? [String] == movie.genres)
                #expect(film["duration"] as? String == movie.runtimeMinutes.map { "PT\($0)M" })
                #expect(film["contentRating"] as? String == movie.watchGrades.first)
                #expect(film["dateCreated"] as? String == movie.openDate?.iso ?? movie.productionYear.map(String.init))
                films += 1
            }
        }
        // 14 days, 2 weeks and 2 weekends, each with its filters' page.
        #expect(charts == (14 + 4) * 2)
        // The home page lists the latest chart as its data file holds it: ranks, titles, film pages.
        let home = try Self.graph(try SiteFixture.text(out, "index.html"), "index.html")
        let list = try #require(Self.node(home, "ItemList"))
        let items = try #require(list["itemListElement"] as? [[String: Any]])
        let entries = try #require(try SiteFixture.chart(out, "2024-02-11")["entries"] as? [[String: Any]])
        #expect(list["numberOfItems"] as? Int == entries.count && !entries.isEmpty)
        #expect(items.map { $0["position"] as? Int } == entries.map { $0["rank"] as? Int })
        #expect(items.map { $0["name"] as? String } == entries.map { $0["title"] as? String })
        for item in items {
            let url = try #require(item["url"] as? String)
            #expect(files[String(url.dropFirst(base.count)) + "index.html"] != nil, "the home page links \(url), which is a page")
        }
        #expect(films > 10)
    }

    /// Without a base URL a page has no address to describe: no JSON-LD and no Open Graph (whose
    /// og:url and og:image must be absolute), only the title and description.
    @Test func withoutABaseURLPagesCarryNoMetadataForAnAddressTheyDoNotHave() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3, until: "2024-02-11")
        for page in ["index.html", "date/2024-02-10/index.html", "week/2024-02-05/index.html", "archive/index.html"] {
            guard FileManager.default.fileExists(atPath: out.appendingPathComponent(page).path) else { continue }
            let html = try SiteFixture.text(out, page)
            #expect(!html.contains("application/ld+json") && !html.contains("property=\"og:"), "\(page)")
            #expect(html.contains("<meta name=\"description\" content=\"") && html.contains("<title>"), "\(page)")
        }
    }
}
