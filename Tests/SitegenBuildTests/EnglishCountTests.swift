import Foundation
import Testing
import SitegenSiteSupport

/// Counts read as English does: 「1편」 is "1 film", not "1 films".
@Suite struct EnglishCountTests {
    @Test func aOneFilmSiteSaysOneFilmOnItsSearchPage() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let rows = [ScriptedSource.row(rank: "1", code: "20240001", title: "하나뿐인 영화")]
        try await SiteFixture.build(into: out, days: 1, source: ScriptedSource(rows: rows), english: true)
        let english = try SiteFixture.text(out, "en/search/index.html")
        #expect(english.contains(#"<small class="muted">1 film</small>"#), "\(english)")
        #expect(english.contains("Below are all 1 film and") && !english.contains("1 films"))
        let korean = try SiteFixture.text(out, "search/index.html")
        #expect(korean.contains(#"<small class="muted">1편</small>"#))
    }
}
