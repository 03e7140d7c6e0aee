import Foundation
import Testing
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
@testable import SitegenRender
import SitegenTestSupport

/// Render is a function: called directly, it returns files, and the same inputs give the same bytes.
@Suite struct RenderPurityTests {
    func input(buildTime: Date) async throws -> RenderInput {
        let days = (0..<5).map { Day(iso: "2024-02-06")!.adding(days: $0) }
        let dataset = try await Fetcher(source: DemoSource(), jobs: 2).fetch(days: days).dataset
        let templates = try StockTemplates.compile()
        return RenderInput(dataset: dataset, templates: templates, notes: NoteSources(site: "노트"), config: SiteConfig(cards: false), buildTime: buildTime)
    }

    @Test func sameInputsGiveTheSameFilesAndTheClockIsOnlyAnInput() async throws {
        let a = try RenderedSite(try await input(buildTime: Date(timeIntervalSince1970: 1_700_000_000)))
        let b = try RenderedSite(try await input(buildTime: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(a.files == b.files, "the stock templates do not show the build time")
        #expect(a.files.map(\.path) == a.files.map(\.path).sorted())
        let movies = Set(a.files.filter { $0.path.hasPrefix("movie/") }.map(\.path)).count
        let people = a.files.filter { $0.path.hasPrefix("person/") }.count
        #expect(people > 0)
        let distributors = a.files.filter { $0.path.hasPrefix("distributor/") }.count
        #expect(distributors > 1)
        // home, days, films, people, search, archive, 404, the index of years, records and one
        // year page (five days hold no whole week), the distributors' index and pages, the offline page.
        #expect(a.pageCount == 1 + 5 + movies + people + 3 + 3 + distributors + 1)
        #expect(a.files.contains { $0.path == "date/2024-02-10/index.html" })
        #expect(a.messages.contains { $0.contains("sitemap.xml left out") })
    }

    @Test func streamingGivesTheSameFilesAsRenderingAtOnce() async throws {
        let input = try await input(buildTime: Date(timeIntervalSince1970: 1_700_000_000))
        var streamed: [OutputFile] = []
        let summary = try SiteRenderer.render(input, chunk: 3) { streamed.append($0) }
        let whole = try RenderedSite(input)
        #expect(streamed.sorted { $0.path < $1.path } == whole.files)
        #expect(summary.pageCount == whole.pageCount)
    }
}
