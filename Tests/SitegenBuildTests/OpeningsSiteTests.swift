import Foundation
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import SitegenTestSupport
import SitegenDecode
import Testing
import SitegenSiteSupport

/// The demo's charts with a film list of the test's own: short, adult and hostile rows.
struct ListedSource: FakeSource {
    var kind: DataSourceKind { .kobis }
    var searchesPosters: Bool { false }
    let films: [[String: String]]

    func respond(_ request: SourceRequest) async throws -> SourceResponse {
        guard case .movieList(let year, let page) = request else { return try DemoAPI().response(request) }
        let listed = page == 1 ? films.filter { $0["openDt"]!.hasPrefix(String(year)) } : []
        let body = try JSONSerialization.data(withJSONObject: [
            "movieListResult": ["totCnt": "\(listed.count)", "movieList": listed]
        ], options: [.sortedKeys])
        return SourceResponse(body: body, fetchedAt: nil)
    }
}

@Suite struct OpeningsSiteTests {
    /// New Year's Day 2026, a Thursday: this week is Monday 2025-12-29 to Sunday 2026-01-04.
    static let today = Day(iso: "2026-01-01")!

    /// The `<li>` rows of an openings page, each as (date heading's ISO date, the row's HTML).
    static func rows(_ html: String) -> [(date: String, row: String)] {
        var out: [(String, String)] = [], date = ""
        for line in html.split(separator: "\n").map(String.init) {
            if let r = line.range(of: #"<time datetime="(\d{4}-\d\d-\d\d)">"#, options: .regularExpression) {
                date = String(line[r].dropFirst(16).prefix(10))
            }
            if line.hasPrefix("<li>") { out.append((date, line)) }
        }
        return out
    }

    @Test func listsTheWeeksOpeningsByDayLinkingEachFilmThatHasAPage() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let site = folder.appendingPathComponent("_site")
        _ = try await SiteFixture.build(into: site, days: 14, until: "2025-12-31", english: true, today: Self.today)
        let html = try SiteFixture.text(site, "openings/index.html")
        let window = Day(iso: "2025-12-29")!...Day(iso: "2026-01-11")!
        let expected = (DemoFilmList.films(year: 2025) + DemoFilmList.films(year: 2026))
            .filter { window.contains($0.open) }.sorted { ($0.open, $0.code) < ($1.open, $1.code) }
        #expect(expected.count >= 4, "the demo opens films every Wednesday")
        let rows = Self.rows(html)
        #expect(rows.count == expected.count)
        var linked = 0
        for film in expected {
            let title = DemoCatalog.title(film).ko
            let row = try #require(rows.first { $0.row.contains(">\(title)</strong>") }, "\(title) is not listed")
            #expect(row.date == film.open.iso, "\(title) is listed under \(row.date), not \(film.open.iso)")
            let page = FileManager.default.fileExists(atPath: site.appendingPathComponent("movie/\(film.code)/index.html").path)
            #expect(row.row.contains(#"href="../movie/\#(film.code)/index.html""#) == page, "\(title): link \(page)")
            if page { linked += 1 }
        }
        // The 31st's films charted that day; the next week's cannot have yet.
        #expect(linked > 0 && linked < expected.count)
        #expect(html.contains("2025년 12월 29일") == false && html.contains("2026년 1월 1일 (목) 기준"))
        #expect(html.contains(">이번 주 <small class=\"muted\">12월 29일–1월 4일 · ")
                && html.contains(">다음 주 <small class=\"muted\">1월 5일–11일 · "))
        #expect(html.contains(#"<time datetime="2025-12-31">12월 31일 (수)</time> <small class="muted">이미 개봉</small>"#))
        // The home page says how many, and links to it.
        let thisWeek = expected.filter { $0.open <= Day(iso: "2026-01-04")! }.count
        let home = try SiteFixture.text(site, "index.html")
        #expect(home.contains(#"<a href="openings/index.html">개봉작: 이번 주 \#(thisWeek)편 · 다음 주 \#(expected.count - thisWeek)편"#))
        // The English page names every film in English.
        let english = try SiteFixture.text(site, "en/openings/index.html")
        #expect(Self.rows(english).count == expected.count)
        for film in expected { #expect(english.contains(">\(DemoCatalog.title(film).en)</strong>")) }
        #expect(english.contains("as of Thu, Jan 1, 2026") && english.contains(">This week <small class=\"muted\">Dec 29 – Jan 4 · ")
                && english.contains(">Next week <small class=\"muted\">Jan 5–11 · "))
        #expect(try SiteFixture.text(site, "en/index.html").contains(#"<a href="../en/openings/index.html">Opening: \#(thisWeek) this week"#))
    }

    @Test func anOldRangeHasNoOpeningsPageAndNoLinkToOne() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let site = folder.appendingPathComponent("_site")
        _ = try await SiteFixture.build(into: site, days: 7, until: "2025-12-31", today: Day(iso: "2026-03-01")!)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("openings").path))
        #expect(!(try SiteFixture.text(site, "index.html")).contains("openings/"))
    }

    @Test func leavesOutShortAndAdultFilmsSayingHowManyAndEscapesWhatTheListSays() async throws {
        func film(_ code: String, _ title: String, _ date: String, type: String = "장편", genre: String = "드라마",
                  nation: String = "미국", english: String = "") -> [String: String] {
            ["movieCd": code, "movieNm": title, "movieNmEn": english, "openDt": date, "typeNm": type,
             "genreAlt": genre, "nationAlt": nation, "prdtStatNm": "개봉예정"]
        }
        let source = ListedSource(films: [
            film("20250001", "<script>alert(1)</script>", "20251231", english: "A & B <i>"),
            film("20250002", "짧은 영화", "20251231", type: "단편"),
            film("20250003", "밤의 영화", "20260102", genre: "성인물(에로),드라마"),
            film("20250004", "먼 나라 이야기", "20260107"),
            film("20250005", "지난주 영화", "20251224"),
            film("20250006", "날짜 없는 영화", ""),
            film("../../x", "경로", "20260107"),
        ])
        let folder = try SiteFixture.temporaryFolder()
        let site = folder.appendingPathComponent("_site")
        let log = SiteFixture.Log()
        _ = try await SiteFixture.build(
            into: site, days: 3, until: "2025-12-31", source: source, english: true, today: Self.today, log: log)
        let html = try SiteFixture.text(site, "openings/index.html")
        let rows = Self.rows(html)
        #expect(rows.map(\.date) == ["2025-12-31", "2026-01-07"])
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !html.contains("<script>alert"))
        #expect(html.contains("단편·성인물 등 장편이 아닌 영화 2편은 목록에서 뺐습니다."))
        #expect(!html.contains("지난주 영화") && !html.contains("날짜 없는 영화") && !html.contains("경로"))
        #expect(log.lines.contains { $0.contains("decode film list 2026 page 1: left out the row '../../x'") })
        // A foreign film without an English title keeps its Korean one, marked as Korean.
        let english = try SiteFixture.text(site, "en/openings/index.html")
        #expect(english.contains("A &amp; B &lt;i&gt;"))
        #expect(english.contains(#"<strong lang="ko">먼 나라 이야기</strong>"#))
        #expect(english.contains("Short, adult and other non-feature films left out: 2."))
    }
}

/// The demo with the details of some films withheld, as mid-backfill: the film list still gives
/// their English titles.
struct WithheldDetailsSource: FakeSource {
    var kind: DataSourceKind { .kobis }
    var searchesPosters: Bool { false }
    let withheld: Set<String>

    func respond(_ request: SourceRequest) async throws -> SourceResponse {
        if case .movieInfo(let code) = request, withheld.contains(code) {
            throw ResponseMismatchError(reason: "details withheld in this test")
        }
        return try DemoAPI().response(request)
    }
}

@Suite struct OneEnglishNameTests {
    /// A film charted before its details arrive is named by the film list's English title on the
    /// chart, its page and the openings alike (not romanized on one and English on another), and
    /// the English footer states the rule.
    @Test func aFilmWithoutDetailsHasTheFilmListsEnglishNameOnEveryPage() async throws {
        let opening = DemoFilmList.films(year: 2025).filter { $0.open == Day(iso: "2025-12-31")! }
        #expect(!opening.isEmpty, "the demo opens films on Wednesday 2025-12-31")
        let site = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: site, days: 14, until: "2025-12-31",
                                    source: WithheldDetailsSource(withheld: Set(opening.map(\.code))), english: true,
                                    today: OpeningsSiteTests.today)
        let day = try SiteFixture.text(site, "en/date/2025-12-31/index.html")
        let openings = try SiteFixture.text(site, "en/openings/index.html")
        let filters = (try? SiteFixture.text(site, "en/date/2025-12-31/filters/index.html")) ?? ""
        var charted = 0
        for film in opening {
            let english = DemoCatalog.title(film).en
            #expect(openings.contains(">\(english)</"), "\(english) on openings")
            guard FileManager.default.fileExists(atPath: site.appendingPathComponent("movie/\(film.code)/index.html").path)
            else { continue }
            let page = try SiteFixture.text(site, "en/movie/\(film.code)/index.html")
            #expect(page.contains("<h1>\(english)</h1>"), "\(film.code)")
            #expect(page.contains("This film’s details (director, cast, genre …) are not fetched yet")
                || page.contains("KOBIS gave no details for this film"), "\(film.code)")
            // On the day's chart or its filters' (a film may be on a 다양성 chart only), as a link.
            let rows = (day + filters).matches(of: /<a href="[^"]*\/en\/movie\/(\d+)\/index.html">(?:<img[^>]*>)?([^<]*)<\/a><\/th>/)
                .filter { $0.output.1 == film.code }
            guard !rows.isEmpty else { continue }
            charted += 1
            #expect(rows.allSatisfy { $0.output.2 == english }, "\(english): \(rows.map(\.output.2))")
        }
        #expect(charted > 0, "a film opening that day is on a chart")
        #expect(day.contains("Film names: KOBIS’s English title wherever KOBIS gives one"))
    }
}
