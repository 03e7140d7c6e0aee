import Foundation
import SitegenBuild
@testable import SitegenCLI
@testable import SitegenDecode
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import SitegenMustache
@testable import SitegenRender
@testable import SitegenWrite
import SitegenTestSupport
import Testing
import SitegenSiteSupport

@Suite struct WholeSiteTests {
    @Test func writesEveryPageOfTheLayout() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let summary = try await SiteFixture.build(into: out, days: 14)
        let files = try SiteFixture.files(out)
        for path in ["index.html", "archive/index.html", "404.html", "robots.txt", "feed.xml",
                     "data/index.json", "style.css", "site.js", "search.js", "favicon.svg", ".sitegen",
                     "search/index.html", "search/index.json"] {
            #expect(files[path] != nil, "\(path)")
        }
        let days = (0..<14).map { Day(iso: "2024-02-10")!.adding(days: -$0) }
        // The year's charts in one CSV (with a BOM, for Excel) and one JSON file, a day's rows each.
        let csv = try #require(files["data/2024.csv"])
        #expect(csv.starts(with: [0xEF, 0xBB, 0xBF]), "CSV with a BOM")
        #expect(String(decoding: csv, as: UTF8.self).split(separator: "\r\n").count == 1 + 14 * 10)
        for day in days {
            #expect(files["date/\(day.iso)/index.html"] != nil, "page for \(day)")
            #expect(files["date/\(day.iso)/grid/index.html"] == nil, "the poster view is the day's page at #posters")
            #expect(files["data/\(day.iso).json"] == nil, "a day has no data file of its own")
        }
        var codes = Set<String>()
        for day in days {
            let json = try SiteFixture.chart(out, day.iso)
            for entry in json["entries"] as! [[String: Any]] { codes.insert(entry["movieCode"] as! String) }
        }
        for code in codes {
            #expect(files["movie/\(code)/index.html"] != nil, "page for movie \(code)")
            #expect(files["data/movie/\(code).json"] != nil && files["data/movie/\(code).csv"] == nil)
            #expect(files["poster/\(code).svg"] != nil, "placeholder poster for \(code)")
        }
        // Every film on a daily chart the site publishes has a page: the national chart's and the filters'.
        let filmPages = files.keys.filter { $0.hasPrefix("movie/") && $0.hasSuffix("/index.html") }.count
        #expect(summary.days == 14 && summary.movies == filmPages && filmPages > codes.count)
        let people = files.keys.filter { $0.hasPrefix("person/") && $0.hasSuffix("/index.html") }.count
        #expect(people > 0)
        let distributors = files.keys.filter { $0.hasPrefix("distributor/") && $0.hasSuffix("/index.html") }.count
        #expect(distributors > 1)
        // 2024-01-28 … 2024-02-10: one whole week (1-29) and one weekend (2-2); the index of years,
        // records and one year page; people and the search page; a filters page for each day, week
        // and weekend (한국, 외국 and 다양성 on one), the market page, the distributors, and the page
        // the service worker shows offline.
        let filtered = 14 + 2
        #expect(summary.pages == 1 + 14 + filmPages + people + 1 + 2 + 3 + 2 + filtered + 1 + distributors + 1)
        #expect(files["sitemap.xml"] == nil, "a sitemap needs --base-url")
        // Home is the latest day.
        let home = try SiteFixture.text(out, "index.html")
        #expect(home.contains("2024년 2월 10일 (토)"))
    }

    @Test func everyInternalLinkResolves() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 10)
        let files = try SiteFixture.files(out)
        let pattern = try NSRegularExpression(pattern: #"(?:href|src)="([^"]*)""#)
        var checked = 0
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            let folder = (path as NSString).deletingLastPathComponent
            for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                let link = String(html[Range(match.range(at: 1), in: html)!])
                #expect(!link.isEmpty, "empty link in \(path)")
                if link.hasPrefix("https://") || link.hasPrefix("http://") || link.hasPrefix("#") { continue }
                // The 404's no-JavaScript note offers the domain root, saying that it is only right there.
                if path == "404.html" && link == "/" { continue }
                #expect(!link.hasPrefix("/"), "\(path): \(link) is not relative")
                let target = String(link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                #expect(!target.hasSuffix("/"), "\(path): \(link) names a folder, which does not open from disk")
                let resolved = (URL(fileURLWithPath: "/site/" + folder + "/" + target).standardizedFileURL.path)
                #expect(resolved.hasPrefix("/site/"), "\(path): \(link) leaves the site")
                #expect(files[String(resolved.dropFirst("/site/".count))] != nil, "\(path): \(link) does not resolve")
                checked += 1
            }
        }
        #expect(checked > 500)
    }

    @Test func everyPageIsKoreanAndMarkedAsDemoData() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 5)
        let files = try SiteFixture.files(out)
        let pages = files.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count > 15)
        for (path, data) in pages {
            let html = String(decoding: data, as: UTF8.self)
            #expect(html.hasPrefix("<!doctype html>\n<html lang=\"ko\">"), "\(path)")
            #expect(html.contains("class=\"demo-banner\"") && html.contains("<strong>데모 데이터</strong>"), "\(path)")
            #expect(!html.contains("{{") && !html.contains("}}"), "\(path) has an unrendered tag")
            // A chart row's poster has an empty alt on purpose: the title follows it in the same link.
            let fields = html.replacing(/\ alt=""( loading="lazy")?>/, with: "")
            #expect(!fields.contains("alt=\"\"") && !html.contains("src=\"\""), "\(path) has an empty field")
        }
        let feed = try SiteFixture.text(out, "feed.xml")
        #expect(feed.contains("(데모 데이터)"))
        let data = try JSONSerialization.jsonObject(with: files["data/2024.json"]!) as! [String: Any]
        #expect(data["demo"] as? Bool == true)
    }

    @Test func notesAppearRenderedAndTheirRawHTMLDoesNot() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let day = Day(iso: "2024-02-10")!
        let code = try await Fetcher(source: DemoSource(), jobs: 1).fetch(days: [day]).dataset.days[0].entries[0].movieCode
        let notes = try SiteFixture.writeNotes([
            "site.md": "사이트 **소개** 노트, [달력](archive/index.html), [바깥](https://example.com/x), [위](#main)",
            "date/2024-02-10.md": "설 연휴 *첫날*.\n\n<script>alert('x')</script>\n\n[링크](javascript:alert(1))",
            "movie/\(code).md": "## 감독의 귀환\n\n\"따옴표\" 노트",
            "date/2030-01-01.md": "범위 밖",
            "date/not-a-date.md": "이름이 틀림",
        ], in: folder)
        let log = SiteFixture.Log()
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3, notes: notes, log: log)
        let dayPage = try SiteFixture.text(out, "date/2024-02-10/index.html")
        #expect(dayPage.contains("설 연휴 <em>첫날</em>."))
        #expect(!dayPage.contains("<script>alert"))
        #expect(!dayPage.contains("javascript:"))
        #expect(!(try SiteFixture.text(out, "date/2024-02-09/index.html")).contains("첫날"))
        let home = try SiteFixture.text(out, "index.html")
        #expect(home.contains("사이트 <strong>소개</strong> 노트"))
        // Note links are from the site root, so they work at every depth a note is shown.
        #expect(home.contains("<a href=\"archive/index.html\">달력</a>"))
        #expect(home.contains("<a href=\"https://example.com/x\">바깥</a>") && home.contains("<a href=\"#main\">위</a>"))
        let movie = try SiteFixture.text(out, "movie/\(code)/index.html")
        #expect(movie.contains("<h2>감독의 귀환</h2>") && movie.contains("“따옴표” 노트"))
        #expect(log.lines.contains { $0.contains("note for 2030-01-01 not shown") })
        #expect(log.lines.contains { $0.contains("not-a-date.md") && $0.hasPrefix("warning:") })
    }

    @Test func twoBuildsAreByteIdentical() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let notes = try SiteFixture.writeNotes(["site.md": "노트"], in: folder)
        try await SiteFixture.build(into: folder.appendingPathComponent("a"), days: 20, notes: notes, baseURL: "https://example.com/bo/")
        try await SiteFixture.build(into: folder.appendingPathComponent("b"), days: 20, notes: notes, baseURL: "https://example.com/bo/")
        let a = try SiteFixture.files(folder.appendingPathComponent("a"))
        let b = try SiteFixture.files(folder.appendingPathComponent("b"))
        #expect(a.keys.sorted() == b.keys.sorted())
        for (path, data) in a { #expect(b[path] == data, "\(path) differs between builds") }
    }

    @Test func aFailedBuildLeavesThePreviousSiteUntouched() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let before = try SiteFixture.files(out)

        let broken = folder.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: SiteFixture.repo.appendingPathComponent("Templates"), to: broken)
        try "{{<layout}}{{$content}}<p>{{#day.entries}}{{title}</p>{{/content}}{{/layout}}"
            .write(to: broken.appendingPathComponent("week.mustache"), atomically: true, encoding: .utf8)
        let error = await #expect(throws: TemplateError.self) {
            try await SiteFixture.build(into: out, days: 5, templates: broken)
        }
        #expect(error?.file.hasSuffix("week.mustache") == true && error!.line == 1)

        // A fault in the fetch stage, after the templates compiled, must not touch the site either.
        let failing = FailingSource()
        await #expect(throws: FetchError.self) { try await SiteFixture.build(into: out, days: 5, source: failing) }

        let after = try SiteFixture.files(out)
        #expect(after == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("staging") }
        #expect(leftovers.isEmpty)
    }

    @Test func replacesTheWholePreviousSiteOnSuccess() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 5, until: "2024-02-10")
        try await SiteFixture.build(into: out, days: 2, until: "2024-03-02")
        let files = try SiteFixture.files(out)
        #expect(files["date/2024-03-02/index.html"] != nil)
        #expect(files["date/2024-02-10/index.html"] == nil, "pages of the old range are gone")
        // Beside it only the lock file (kept: removing flock files races with the next build) and the
        // manifest; the fixture's cache (where the app icons are kept) is a sibling by its own choice.
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "cache" }.sorted()
        #expect(beside == ["._site.sitegen-lock", "._site.sitegen-manifest", "_site"])
    }

    @Test func refusesToReplaceAFolderItDidNotWrite() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("precious")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try "keep me".write(to: out.appendingPathComponent("thesis.txt"), atomically: true, encoding: .utf8)
        let error = await #expect(throws: WriteError.self) { try await SiteFixture.build(into: out, days: 2) }
        #expect(error?.description.contains("not written by sitegen") == true)
        #expect(try String(contentsOf: out.appendingPathComponent("thesis.txt"), encoding: .utf8) == "keep me")
    }

    @Test func baseURLGivesCanonicalsSitemapAndAbsoluteFeedIds() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3, baseURL: "https://example.com/bo")
        let sitemap = try SiteFixture.text(out, "sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.com/bo/date/2024-02-10/</loc>"))
        #expect(sitemap.contains("<loc>https://example.com/bo/</loc>"))
        #expect(try SiteFixture.text(out, "robots.txt").contains("Sitemap: https://example.com/bo/sitemap.xml"))
        let day = try SiteFixture.text(out, "date/2024-02-10/index.html")
        #expect(day.contains("<link rel=\"canonical\" href=\"https://example.com/bo/date/2024-02-10/\">"))
        #expect(day.contains("<meta property=\"og:url\" content=\"https://example.com/bo/date/2024-02-10/\">"))
        let feed = try SiteFixture.text(out, "feed.xml")
        #expect(feed.contains("<id>https://example.com/bo/date/2024-02-10/</id>"))
        let notFound = try SiteFixture.text(out, "404.html")
        // Root-relative, so a staging host at another origin serves a working 404 too.
        #expect(notFound.contains("<base href=\"/bo/\">"))
        #expect(!notFound.contains("localStorage"), "with a known root the 404 needs no script to find it")
    }

    @Test func the404IsStyledAndFindsTheSiteRootAtAnyDepth() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let notFound = try SiteFixture.text(out, "404.html")
        let style = try SiteFixture.text(out, "style.css")
        // The stylesheet is inline: no relative link to it holds at /movie/123/x/.
        #expect(notFound.contains("<style>" + style.prefix(200)))
        #expect(!notFound.contains("rel=\"stylesheet\""))
        // No --base-url: a script sets <base> from the site's own folders before anything loads,
        // and without JavaScript the page says so instead of offering links that lead nowhere.
        let script = try #require(notFound.firstRange(of: "document.head.appendChild(base)"))
        let firstLink = try #require(notFound.firstRange(of: "<link "))
        #expect(script.lowerBound < firstLink.lowerBound)
        #expect(notFound.contains("<noscript><style>.site-header, .site-footer, .not-found .needs-root { display: none; }</style></noscript>"))
        #expect(!notFound.contains("<base href"))
    }

    @Test func inlineStyleCannotCloseItsElement() {
        #expect(SiteModel.inlinable("a{content:\"</STYLE><script>\"}") == "a{content:\"<\\/STYLE><script>\"}")
    }

    @Test func theDayPageShowsEveryFieldOfTheChart() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let json = try SiteFixture.chart(out, "2024-02-10")
        let entries = json["entries"] as! [[String: Any]]
        let html = try SiteFixture.text(out, "date/2024-02-10/index.html")
        for e in entries {
            #expect(html.contains(">\(e["title"] as! String)</a>"))
            #expect(html.contains(KoreanFormat.grouped(e["audience"] as! Int64)))
            #expect(html.contains(KoreanFormat.grouped(e["audienceTotal"] as! Int64)))
            #expect(html.contains(KoreanFormat.grouped(e["salesTotal"] as! Int64)))
        }
        for label in ["순위", "증감", "영화명", "개봉일", "관객수", "누적관객수", "매출액", "점유율", "누적매출액", "스크린수", "상영횟수", "상위 10편 합계"] {
            #expect(html.contains(label), "\(label)")
        }
        #expect(html.contains("<th scope=\"col\">") && html.contains("<caption>"))
        // Each film once: the table's row is also the phone's card and the poster.
        #expect(html.components(separatedBy: "<tr>").count - 1 == entries.count + 2)
        #expect(html.contains("--l5:'오늘 ';--l6:'누적 '"))
        #expect(html.contains("href=\"#list\" data-view=\"list\"") && html.contains("href=\"#posters\" data-view=\"grid\""))
    }
}

/// Answers the first day and then fails, like a network that goes away mid-build.
struct FailingSource: FakeSource {
    var kind: DataSourceKind { .demo }
    var searchesPosters: Bool { true }
    func respond(_ request: SourceRequest) async throws -> SourceResponse {
        if case .dailyChart(let day, _) = request, day.iso == "2024-02-09" {
            throw ResponseFormatError(reason: "the response is not JSON")
        }
        return try DemoAPI().response(request)
    }
}
