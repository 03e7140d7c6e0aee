import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SitegenTestSupport
import Testing
import SitegenSiteSupport
@testable import SitegenCLI
@testable import SitegenFetch
import SitegenDecode
import SitegenBasics
@testable import SitegenModel

/// A source whose every text field is hostile, answering in the APIs' own shapes.
struct HostileSource: FakeSource {
    static let titles = [
        "<script>alert(\"x\")</script> & 'q'",
        "{{#site}}{{/site}} {{{root}}} 중괄호",
        String(repeating: "가나다라마", count: 100),
        "🎬 영화 עברית مرحبا \u{202E}RTL\u{2067}iso\u{2069}\u{200F}",
        "=HYPERLINK(\"http://evil.example/\")",
        "줄\n바꿈\t탭\u{1}\u{7}끝",
    ]
    static let codes = ["20240001", "20240002", "20240003", "20240004", "20240005", "20240006"]

    var kind: DataSourceKind { .kobis }
    var searchesPosters: Bool { true }

    static func json(_ value: Any) -> Data { try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) }

    static var rows: [[String: String]] {
        var rows: [[String: String]] = []
        for (i, title) in Self.titles.enumerated() {
            rows.append(["rnum": "\(i + 1)", "rank": "\(i + 1)", "rankInten": "0", "rankOldAndNew": "OLD", "movieCd": Self.codes[i],
                         "movieNm": title, "openDt": "2024-01-31", "salesAmt": "1000", "salesShare": "1.0", "salesInten": "0",
                         "salesChange": "0", "salesAcc": "2000", "audiCnt": "\(1000 - i)", "audiInten": "0", "audiChange": "0",
                         "audiAcc": "5000", "scrnCnt": "10", "showCnt": "20"])
        }
        rows.append(["rnum": "7", "rank": "7", "movieCd": "../../../etc/passwd", "movieNm": "경로 공격", "audiCnt": "1", "audiAcc": "1",
                     "salesAmt": "1", "salesAcc": "1", "scrnCnt": "1", "showCnt": "1"])
        return rows
    }

    func respond(_ request: SourceRequest) async throws -> SourceResponse {
        switch request {
        case .dailyChart(let day, _):
            return SourceResponse(body: Self.json(["boxOfficeResult": ["dailyBoxOfficeList": Self.rows, "showRange": "\(day.compact)~\(day.compact)"]]),
                                  fetchedAt: day.adding(days: 1).startInstantKST)
        case .periodChart(let kind, let start, _):
            let end = start.adding(days: kind.length - 1)
            return SourceResponse(body: Self.json(["boxOfficeResult": ["weeklyBoxOfficeList": Self.rows, "showRange": "\(start.compact)~\(end.compact)"]]),
                                  fetchedAt: end.adding(days: 1).startInstantKST)
        case .movieInfo(let code):
            let i = Self.codes.firstIndex(of: code) ?? 0
            return SourceResponse(body: Self.json(["movieInfoResult": ["movieInfo": [
                "movieCd": code, "movieNm": Self.titles[i], "movieNmEn": "</title><img src=x onerror=alert(1)>",
                "directors": [["peopleNm": "<b>감독</b> & \"따옴표\"", "peopleNmEn": ""]],
                "actors": [["peopleNm": "{{> partials/header}}", "peopleNmEn": "", "cast": "<i>역</i>"]],
                "genres": [["genreNm": "드라마"]], "audits": [["auditNo": "x", "watchGradeNm": "15세이상관람가\"><script>"]],
                "companys": [["companyCd": "1", "companyNm": "배급 '사' <주>", "companyNmEn": "", "companyPartNm": "배급사"]],
            ]]]), fetchedAt: nil)
        case .posterSearch(let query):
            let hostileURL = query.hasPrefix("<script>") ? "https://img.example.com/a\"onerror=\"alert(1).jpg?x=<y>&z=1"
                : query.hasPrefix("{{") ? "javascript:alert(1)//poster.jpg" : "https://img.example.com/ok.jpg"
            return SourceResponse(body: Self.json(["documents": [["image_url": hostileURL, "width": 700, "height": 1000]]]), fetchedAt: nil)
        case .posterImage:
            throw ResponseMismatchError(reason: "hot-linked in this test; never downloaded")
        case .movieList:
            return SourceResponse(body: Data(#"{"movieListResult":{"totCnt":0,"movieList":[]}}"#.utf8), fetchedAt: nil)
        case .regionCodes:
            return SourceResponse(body: Self.json(["codes": [
                ["fullCd": "0105001", "korNm": "<b>서울</b>시 & \"{{x}}\"", "engNm": "Seoul</a>"],
                ["fullCd": "../../etc", "korNm": "경로", "engNm": "path"],
            ]]), fetchedAt: nil)
        }
    }
}

@Suite struct HostileDataTests {
    /// A region's name is text wherever it shows, its slug keeps only what a path can hold, and a
    /// code that could reach outside the site is left out with a warning, never made a folder.
    @Test func hostileRegionNamesAreTextAndNoCodeBecomesAPath() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let log = SiteFixture.Log()
        try await SiteFixture.build(into: out, days: 2, source: HostileSource(), hotlinkPosters: true, regions: true, log: log)
        let files = try SiteFixture.files(out)
        let regionPages = files.keys.filter { $0.hasPrefix("region/") }.sorted()
        #expect(regionPages == ["region/index.html", "region/seoul-a/index.html"])
        #expect(!files.keys.contains { $0.contains("..") || $0.contains("etc") })
        let escaped = "&lt;b&gt;서울&lt;/b&gt;시 &amp; &quot;{{x}}&quot;"
        for page in ["region/index.html", "region/seoul-a/index.html", "movie/20240001/index.html"] {
            let html = try SiteFixture.text(out, page)
            #expect(html.contains(escaped), "\(page) shows the name as text")
            #expect(!html.contains("<b>서울") && !html.contains("Seoul</a>"), "\(page)")
        }
        let warnings = log.lines.joined(separator: "\n")
        #expect(warnings.contains("left out the entry"), "\(warnings)")
    }

    @Test func hostileTextRendersEscapedAndIntactEverywhere() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        let log = SiteFixture.Log()
        try await SiteFixture.build(into: out, days: 2, baseURL: "https://example.com/", source: HostileSource(), hotlinkPosters: true, log: log)
        let files = try SiteFixture.files(out)
        let day = try SiteFixture.text(out, "date/2024-02-10/index.html")
        let grid = day

        // HTML text and attributes.
        #expect(day.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;"))
        #expect(!day.contains("<script>alert") && !grid.contains("<script>alert"))
        // A chart row's poster has an empty alt (the title follows it); the film page's carries the title.
        #expect(files.contains { String(decoding: $0.value, as: UTF8.self)
            .contains("alt=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; 포스터\"") })
        #expect(day.contains("{{#site}}{{/site}} {{{root}}} 중괄호"), "Mustache braces in data are text, never template")
        #expect(day.contains(String(repeating: "가나다라마", count: 100)))
        #expect(day.contains("🎬 영화 עברית مرحبا RTLiso\u{200F}"), "bidi controls dropped, the mark kept")
        #expect(day.contains("줄\n바꿈\t탭끝") && !day.contains("\u{1}") && !day.contains("\u{7}"))

        // Posters: quotes in a URL stay inside the attribute; a javascript: URL is never used.
        #expect(grid.contains("src=\"https://img.example.com/a&quot;onerror=&quot;alert(1).jpg?x=&lt;y&gt;&amp;z=1\""))
        #expect(!files.values.contains { String(decoding: $0, as: UTF8.self).contains("javascript:") })
        #expect(grid.contains("src=\"../../poster/20240002.svg\""), "the rejected poster is replaced by the placeholder")

        // The movie page: names, roles, rating, English title.
        let movie = try SiteFixture.text(out, "movie/20240001/index.html")
        for raw in ["<b>감독</b>", "<img src=x", "<script>", "<i>역</i>", "<주>"] { #expect(!movie.contains(raw), "\(raw)") }
        #expect(movie.contains("&lt;b&gt;감독&lt;/b&gt; &amp; &quot;따옴표&quot;") && movie.contains("{{&gt; partials/header}}"))

        // JSON: parses, and every title is exactly what the source sent (control characters aside).
        let json = try SiteFixture.chart(out, "2024-02-10")
        let titles = (json["entries"] as! [[String: Any]]).map { $0["title"] as! String }
        #expect(titles == HostileSource.titles.map { BidiControls.strip(ForbiddenCharacters.strip($0)) })

        // CSV: quoted where needed, the formula defused.
        let csv = String(decoding: files["data/2024.csv"]!, as: UTF8.self)
        #expect(csv.contains("\"'=HYPERLINK(\"\"http://evil.example/\"\")\""))
        #expect(csv.contains("\"<script>alert(\"\"x\"\")</script> & 'q'\""))

        // Feed and sitemap are well-formed XML with the text intact.
        for path in ["feed.xml", "sitemap.xml"] {
            let parser = XMLParser(data: files[path]!)
            #expect(parser.parse(), "\(path): \(parser.parserError.map { "\($0)" } ?? "")")
        }
        let feed = String(decoding: files["feed.xml"]!, as: UTF8.self)
        #expect(feed.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;q&apos;"))

        // The traversal movieCd was rejected with a warning and never became a path.
        #expect(!files.keys.contains { $0.contains("..") || $0.contains("etc") || $0.contains("passwd") })
        #expect(log.lines.contains { $0.hasPrefix("warning: 2024-02-10 row 7: movieCd '../../../etc/passwd' is not [0-9A-Za-z]+") })
        let placeholder = String(decoding: try #require(files["poster/20240002.svg"]), as: UTF8.self)
        #expect(XMLParser(data: Data(placeholder.utf8)).parse() && !placeholder.contains("<script>"))
    }

    /// A right-to-left override in a title would turn the rest of the line around in `<title>`,
    /// `og:` tags, feeds, data files, the search index and share cards (drawn from the same
    /// decoded titles): none of them gets one.
    @Test func bidiControlsFromTheNetworkReachNoOutput() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 2, baseURL: "https://example.com/", source: HostileSource(), hotlinkPosters: true)
        let files = try SiteFixture.files(out)
        let carrying = files.filter { String(decoding: $0.value, as: UTF8.self).unicodeScalars.contains(where: BidiControls.contains) }
        #expect(carrying.isEmpty, "\(carrying.keys.sorted().prefix(8))")
        let day = try SiteFixture.text(out, "date/2024-02-10/index.html")
        #expect(day.contains("RTLiso\u{200F}"), "the title is there, its mark kept")
    }
}
