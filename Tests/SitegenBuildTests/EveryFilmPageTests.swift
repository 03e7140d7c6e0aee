import Foundation
import SitegenBuild
@testable import SitegenCLI
@testable import SitegenFetch
@testable import SitegenModel
import SitegenSiteSupport
import SitegenTestSupport
import Testing

/// Every film on every chart the site publishes has a page: the national charts' and the 한국,
/// 외국 and 다양성 charts' alike, its details fetched after the national films', its run told from
/// the filter's chart when it was never in the national top 10, and said so.
@Suite struct EveryFilmPageTests {
    /// Every row's film, by data file, read from the year CSV files of every published chart
    /// (national days, weeks and weekends; each filter's days and periods; regions left out).
    static func chartedCodes(_ root: URL) throws -> [String: Set<String>] {
        var codes: [String: Set<String>] = [:]
        let data = root.appendingPathComponent("data")
        let walker = FileManager.default.enumerator(at: data, includingPropertiesForKeys: nil)!
        for case let url as URL in walker where url.pathExtension == "csv" {
            let relative = String(url.path.dropFirst(data.path.count + 1))
            guard !relative.hasPrefix("movie/"), !relative.hasPrefix("region") else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline)
            guard let header = lines.first.map(Self.cells), let column = header.firstIndex(of: "영화코드") else {
                continue
            }
            for line in lines.dropFirst() { codes[relative, default: []].insert(Self.cells(line)[column]) }
        }
        return codes
    }

    /// One CSV line's cells (quoted cells may hold commas and doubled quotes).
    static func cells(_ line: Substring) -> [String] {
        var cells: [String] = [], cell = "", quoted = false
        var chars = line.unicodeScalars.makeIterator()
        while let c = chars.next() {
            switch (c, quoted) {
            case ("\"", false) where cell.isEmpty: quoted = true
            case ("\"", true): quoted = false
            case (",", false): cells.append(cell); cell = ""
            default: if c != "\u{FEFF}" { cell.unicodeScalars.append(c) }
            }
        }
        cells.append(cell)
        return cells
    }

    @Test func everyRowOfEveryPublishedChartLinksToAFilmPageThatExists() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 120, until: "2025-06-30")
        let charted = try Self.chartedCodes(out)
        #expect(charted.keys.contains { $0.hasPrefix("diversity/") }, "the 다양성 chart's data is read: \(charted.keys.sorted())")
        let all = charted.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(all.count > 50)
        let missing = all.filter {
            !FileManager.default.fileExists(atPath: out.appendingPathComponent("movie/\($0)/index.html").path)
        }
        #expect(missing.isEmpty, "films on a published chart without a page: \(missing.sorted().prefix(10))")
        // And the rows say so: no title on a chart page is left without its link.
        for page in ["date/2025-06-28/filters/index.html", "week/2025-06-16/filters/index.html"] {
            let html = try SiteFixture.text(out, page)
            #expect(!html.contains("{{^hasPage}}"))
            let rows = html.components(separatedBy: "<li><b>").dropFirst()
            #expect(!rows.isEmpty, "\(page) has filter rows")
            for row in rows {
                #expect(row.contains("movie/"), "a filter's row without a link on \(page): \(row.prefix(200))")
            }
        }
    }

    @Test func aFilmNeverInTheNationalTop10HasAPageToldFromItsFiltersChart() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 120, until: "2025-06-30")
        let charted = try Self.chartedCodes(out)
        let national = charted.filter { !$0.key.contains("/") || $0.key.hasPrefix("week/") || $0.key.hasPrefix("weekend/") }
            .values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let diversityOnly = (charted.filter { $0.key.hasPrefix("diversity/") }.values
            .reduce(into: Set<String>()) { $0.formUnion($1) }).subtracting(national)
            .subtracting(charted.filter { $0.key.hasPrefix("korean/") || $0.key.hasPrefix("foreign/") }.values
                .reduce(into: Set<String>()) { $0.formUnion($1) })
        let code = try #require(diversityOnly.sorted().first, "a film only on the 다양성 chart")
        let page = try SiteFixture.text(out, "movie/\(code)/index.html")
        #expect(page.contains("다양성영화 박스오피스 기준입니다"), "the page says whose ranks it shows")
        #expect(page.contains("최고 순위</span><span class=\"stat-value\">다양성영화 "), "its best rank names its chart")
        // Its details were fetched: a director is listed, and links their page.
        #expect(page.contains("<dt>감독</dt>"))
        #expect(page.contains("person/"))
        // Its day rows link the filter's page of that day, not the national one.
        #expect(page.contains("/filters/index.html"))
        let json = try JSONSerialization.jsonObject(
            with: Data(contentsOf: out.appendingPathComponent("data/movie/\(code).json"))) as? [String: Any]
        #expect(json?["chart"] as? String == "diversity")
        #expect((json?["history"] as? [Any])?.isEmpty == false)
        #expect(json?["details"] != nil)
        // No CSV beside the JSON any more: the year files carry every row as CSV.
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("data/movie/\(code).csv").path))
    }

    /// The budget goes to the national films first: a film only a filter's chart lists is asked for
    /// after every film of the national charts, newest year first, as the filters' charts are.
    @Test func aFiltersFilmsDetailsAreAskedForAfterEveryNationalFilm() async throws {
        let h = try LiveHarness()
        try await h.build(days: 21, until: "2024-02-10", now: LiveHarness.kst("2024-02-11", 10))
        let asked = h.apis.server.requests.filter { $0.path.hasSuffix("searchMovieInfo.json") }
            .compactMap { $0.query["movieCd"] }
        let output = h.output
        let charted = try Self.chartedCodes(output)
        let nationalDays = charted.filter { !$0.key.contains("/") }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let others = Set(asked).subtracting(nationalDays)
        #expect(!others.isEmpty, "films only the weeks or the filters list are fetched too")
        let lastNational = asked.lastIndex { nationalDays.contains($0) }!
        let firstOther = asked.firstIndex { others.contains($0) }!
        #expect(lastNational < firstOther, "every national film is asked for before the first film of the other charts")
        // Each has its page with its details.
        for code in others {
            let page = try SiteFixture.text(output, "movie/\(code)/index.html")
            #expect(page.contains("<dt>감독</dt>") || page.contains("<dt>배우</dt>"), "\(code) has its details")
        }
    }
}
