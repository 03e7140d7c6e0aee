import Foundation
import Testing
import SitegenSiteSupport
import SitegenBuild
import SitegenCLI
import SitegenDemo
import SitegenFetch
import SitegenModel
import SitegenMustache
@testable import SitegenRender
import SitegenTestSupport

/// The stock templates against the contexts the page builders make: in strict mode every name a
/// template uses must be there, so a renamed context key fails here instead of blanking a column.
@Suite struct StockTemplateTests {
    static let templatesFolder = SiteFixture.repo.appendingPathComponent("Templates")

    func site(_ source: any BoxOfficeSource, days count: Int, templates folder: URL = templatesFolder,
              baseURL: String?) async throws -> RenderedSite {
        let last = Day(iso: "2024-02-10")!
        let days = (0..<count).map { last.adding(days: $0 - count + 1) }
        let dataset = try await Fetcher(source: source, jobs: 2).fetch(days: days).dataset
        var templates = try Inputs.templates(at: folder, label: "Templates").templates
        templates.strict = true
        let code = dataset.days.last?.entries.first?.movieCode ?? ""
        let notes = NoteSources(site: "사이트 *노트*", days: [last: "그날의 노트"], movies: [code: "영화 노트"])
        return try RenderedSite(RenderInput(dataset: dataset, templates: templates, notes: notes,
                                                   config: SiteConfig(baseURL: baseURL.flatMap(URL.init(string:)), cards: false),
                                                   buildTime: SiteFixture.buildTime))
    }

    @Test func everyStockTemplateFindsEveryNameWithDemoData() async throws {
        let site = try await site(DemoSource(), days: 40, baseURL: nil)
        #expect(site.files.contains { $0.path == "archive/index.html" })
        #expect(site.files.contains { $0.path.hasPrefix("movie/") && $0.path.hasSuffix("index.html") })
        #expect(site.files.contains { $0.path == "week/2024-01-29/index.html" })
        #expect(site.files.contains { $0.path == "weekend/2024-02-02/index.html" })
        let day = try #require(site.files.first { $0.path == "date/2024-02-10/index.html" })
        #expect(String(decoding: day.contents, as: UTF8.self).contains("데모 데이터"), "the demo banner partial rendered")
    }

    @Test func everyStockTemplateFindsEveryNameInALongSiteArchivedByYear() async throws {
        let site = try await site(DemoSource(), days: 400, baseURL: nil)
        #expect(site.files.contains { $0.path == "archive/2023/index.html" })
        #expect(site.files.contains { $0.path == "archive/2024/index.html" })
    }

    @Test func everyStockTemplateFindsEveryNameWithHostileData() async throws {
        let site = try await site(HostileSource(), days: 14, baseURL: "https://example.com/")
        #expect(site.files.contains { $0.path == "date/2024-02-10/index.html" })
        #expect(site.files.contains { $0.path == "week/2024-01-29/index.html" })
        #expect(site.files.contains { $0.path == "404.html" })
    }

    @Test func aRenamedKeyIsNamedWithItsFileLineAndColumn() async throws {
        let folder = try SiteFixture.temporaryFolder().appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: Self.templatesFolder, to: folder)
        let day = folder.appendingPathComponent("partials/chart-list.mustache")
        let text = try String(contentsOf: day, encoding: .utf8)
        let renamed = text.replacingOccurrences(of: "{{audienceTotal}}", with: "{{audienceTotals}}")
        try #require(renamed != text)
        try renamed.write(to: day, atomically: true, encoding: .utf8)
        let lines = renamed.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("{{audienceTotals}}") })
        let column = lines[line].distance(from: lines[line].startIndex, to: lines[line].range(of: "{{audienceTotals}}")!.lowerBound) + 1

        let error = await #expect(throws: TemplateError.self) {
            _ = try await site(DemoSource(), days: 2, templates: folder, baseURL: nil)
        }
        #expect(error?.description == "Templates/partials/chart-list.mustache:\(line + 1):\(column): no value 'audienceTotals'")
    }

    /// A theme's strings lie over the stock ones name by name: one changed word, every other kept.
    @Test func aThemeChangesOneStringAndKeepsTheRest() async throws {
        let folder = try SiteFixture.temporaryFolder().appendingPathComponent("Templates")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("strings"), withIntermediateDirectories: true)
        try Data(#"{"navRecords": "천만 관객 <영화>"}"#.utf8).write(to: folder.appendingPathComponent("strings/ko.json"))
        let (_, stockOnly) = try Inputs.templates(at: folder, label: "Templates")
        #expect(!stockOnly, "a strings file is the theme's own")
        let site = try await site(DemoSource(), days: 3, templates: folder, baseURL: nil)
        let day = String(decoding: try #require(site.files.first { $0.path == "date/2024-02-10/index.html" }).contents,
                         as: UTF8.self)
        #expect(day.contains(">천만 관객 &lt;영화&gt;</a>"), "the string is used, escaped")
        #expect(!day.contains(">천만 영화</a>") && day.contains(">날짜별 보기</a>") && day.contains("상위 10편 관객"))
    }

    @Test func aStringTheStockThemeLacksOrABrokenFileIsOneLineNamingTheFile() throws {
        let folder = try SiteFixture.temporaryFolder().appendingPathComponent("Templates")
        let strings = folder.appendingPathComponent("strings")
        try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
        let cases: [(String, String)] = [
            (#"{"navRecordz": "천만"}"#, "Templates/strings/en.json: no string named 'navRecordz' in the stock theme"),
            (#"{"navRecords": 3}"#, "Templates/strings/en.json: 'navRecords' is not a string"),
            (#"["navRecords"]"#, "Templates/strings/en.json: not a JSON object of names and strings"),
        ]
        for (text, message) in cases {
            try Data(text.utf8).write(to: strings.appendingPathComponent("en.json"))
            do {
                _ = try Inputs.templates(at: folder, label: "Templates")
                Issue.record("\(text) was accepted")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }
}
