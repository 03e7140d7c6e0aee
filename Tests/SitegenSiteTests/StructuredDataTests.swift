import Foundation
@testable import SitegenDemo
@testable import SitegenModel
import Testing

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
            let graph = try Self.graph(html, path)
            let crumbs = try #require(Self.node(graph, "BreadcrumbList"), "\(path)")
            let steps = try #require(crumbs["itemListElement"] as? [[String: Any]])
            #expect(steps.map { $0["position"] as? Int } == Array(1...steps.count))
            #expect(steps.first?["item"] as? String == base)
            #expect(steps.allSatisfy { ($0["item"] as? String)?.hasPrefix(base) == true && $0["name"] is String })
            if parts[0] == "movie" {
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
                continue
            }
            // The list as the page's own data file holds it: ranks, titles, links to film pages.
            let list = try #require(Self.node(graph, "ItemList"), "\(path)")
            let items = try #require(list["itemListElement"] as? [[String: Any]])
            // data/2024-02-10.json, data/korean/2024-02-10.json, data/week/…, data/korean/week/….
            let filter = ["korean", "foreign", "diversity"].contains(parts[2]) ? "\(parts[2])/" : ""
            let dataPath = "data/" + filter + (parts[0] == "date" ? "" : "\(parts[0])/") + "\(parts[1]).json"
            let dataFile = try #require(files[dataPath], "\(dataPath)")
            let dataJSON = try JSONSerialization.jsonObject(with: dataFile) as? [String: Any]
            let entries = try #require(dataJSON?["entries"] as? [[String: Any]])
            #expect(list["numberOfItems"] as? Int == entries.count)
            #expect(items.map { $0["position"] as? Int } == entries.map { $0["rank"] as? Int }, "\(path)")
            #expect(items.map { $0["name"] as? String } == entries.map { $0["title"] as? String }, "\(path)")
            for item in items {
                guard let url = item["url"] as? String else { continue }
                let page = String(url.dropFirst(base.count)) + "index.html"
                #expect(files[page] != nil, "\(path) links \(url), which is a page")
            }
            charts += 1
        }
        // 14 days, 2 weeks and 2 weekends, national and three filters, list and grid.
        #expect(charts == (14 + 4) * 4 * 2)
        #expect(films > 10)
    }

    @Test func withoutABaseURLTheLinksAreRelativeToThePage() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3, until: "2024-02-11")
        let day = try SiteFixture.text(out, "date/2024-02-10/grid/index.html")
        let graph = try Self.graph(day, "grid")
        let steps = try #require(Self.node(graph, "BreadcrumbList")?["itemListElement"] as? [[String: Any]])
        #expect(steps.map { $0["item"] as? String } == [
            "../../../index.html", "../../../archive/index.html", "../../../date/2024-02-10/index.html",
        ])
        let items = try #require(Self.node(graph, "ItemList")?["itemListElement"] as? [[String: Any]])
        #expect((items.first?["url"] as? String)?.hasPrefix("../../../movie/") == true)
    }
}
