import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenModel
@testable import SitegenRender

/// What a reader on a phone gets from the built files (the browser checks measure the layout).
@Suite struct PhoneFirstTests {
    private func entries(_ out: URL, _ day: String) throws -> [[String: Any]] {
        let json = try SiteFixture.chart(out, day)
        return json["entries"] as! [[String: Any]]
    }

    /// The chart's body rows, one per film: the same row is the table's, the phone's card and the poster.
    private func rows(_ html: String) -> [String] {
        let body = html.components(separatedBy: "<tbody>")[1].components(separatedBy: "</tbody>")[0]
        return body.components(separatedBy: "<tr>").dropFirst().map { $0.components(separatedBy: "</tr>")[0] }
    }

    @Test func listPageGivesEveryFilmACardWithTodayTotalAndDayOfRun() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let html = try SiteFixture.text(out, "date/2024-02-10/index.html")
        let entries = try entries(out, "2024-02-10")
        let rows = rows(html)
        #expect(rows.count == entries.count && entries.count == 10)
        for (row, entry) in zip(rows, entries) {
            // Each figure exact, in its column; a phone's card labels them from the table's style.
            #expect(row.hasPrefix("<td>\(entry["rank"] as! Int)</td>"))
            #expect(row.contains(">\(entry["title"] as! String)</a></th>"))
            #expect(row.contains("<td><b>\(KoreanFormat.grouped(entry["audience"] as! Int64))</b>"))
            #expect(row.contains("<td>\(KoreanFormat.grouped(entry["audienceTotal"] as! Int64))</td>"))
            // Sales in full for the table, in 억/만 for a phone's card (「매출 2.7억」, never a bare won figure).
            let sales = entry["sales"] as! Int64
            #expect(row.contains("<td><span class=\"full\">\(KoreanFormat.grouped(sales))</span>"
                + "<span class=\"short\">\(KoreanFormat.compact(sales))</span>"))
            #expect(row.contains("개봉 ") && row.contains("일차") || row.contains("일 전"))
            #expect(row.contains("<span role=\"img\" aria-label=\"") || row.contains("badge-new"))
        }
        #expect(html.contains("--l5:'오늘 ';--l6:'누적 ';--l7:'매출 '") && html.contains("(단위: 명, 원)"))
    }

    @Test func thePosterViewIsTheSamePageWithAPosterInEveryRow() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let html = try SiteFixture.text(out, "date/2024-02-10/index.html")
        #expect(html.contains(#"<span id="posters" class="view-anchor"></span>"#))
        #expect(html.contains(##"<a href="#posters" data-view="grid">포스터</a>"##))
        for (index, row) in rows(html).enumerated() {
            // Lazy, so the list view (where the stylesheet hides them) loads no poster but the
            // first, which the poster view's first screen paints largest and so waits for.
            let poster = try #require(row.firstMatch(of: /<th scope="row"><a href="[^"]+"><img src="([^"]+)" alt=""( loading="lazy")?>/))
            #expect((poster.output.2 == nil) == (index == 0), "row \(index + 1): \(row)")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("date/2024-02-10/" + poster.output.1).path))
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("date/2024-02-10/grid").path))
    }

    @Test func titlesCarryTheDate() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        #expect(try SiteFixture.text(out, "date/2024-02-09/index.html").contains("<title>2024년 2월 9일 (금) 박스오피스 · "))
        #expect(try SiteFixture.text(out, "index.html").contains("<title>최신 박스오피스 · 2024년 2월 10일 (토) · "))
    }

    @Test func demoDisclaimerAppearsOnceInTheBannerAndOnceInTheFooter() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let files = try SiteFixture.files(out).filter { $0.key.hasSuffix(".html") }
        #expect(!files.isEmpty)
        for (path, data) in files {
            let html = String(decoding: data, as: UTF8.self)
            let body = html.components(separatedBy: "<body")[1]
            // The banner in one short line at every width, the footer in full.
            #expect(body.components(separatedBy: "실제가 아닌 가상의 영화와 수치입니다").count - 1 == 1, "\(path)")
            #expect(body.components(separatedBy: "실제 박스오피스가 아닙니다").count - 1 == 1, "\(path)")
            #expect(body.components(separatedBy: "class=\"demo-banner\"").count - 1 == 1, "\(path)")
        }
    }

    @Test func shortArchiveIsOnePageOfMonthsOldestFirstAndTheCalendarLinkMarksTheDay() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 45)
        let archive = try SiteFixture.text(out, "archive/index.html")
        let december = try #require(archive.range(of: "id=\"m2023-12\""))
        let february = try #require(archive.range(of: "id=\"m2024-02\""))
        #expect(december.lowerBound < february.lowerBound, "months read in calendar order")
        #expect(archive.contains("<td id=\"d2024-02-03\""))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("archive/2024").path))
        let day = try SiteFixture.text(out, "date/2024-02-03/index.html")
        #expect(day.contains("class=\"calendar-link\" href=\"../../archive/index.html#d2024-02-03\""))
    }

    @Test func longArchiveIsAnIndexOfYearsWithAPagePerYear() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 400)
        let index = try SiteFixture.text(out, "archive/index.html")
        #expect(index.contains("href=\"../archive/2023/index.html\"") && index.contains("href=\"../archive/2024/index.html\""))
        // One calendar only, this month's, where 날짜별 보기 lands (#latest); the years hold the rest.
        #expect(index.components(separatedBy: "<table class=\"calendar\">").count == 2, "the index holds this month's calendar only")
        #expect(index.contains("<section class=\"month\" id=\"m2024-02\"") && index.contains("<div id=\"latest\"></div>"))
        let year = try SiteFixture.text(out, "archive/2023/index.html")
        #expect(year.contains("2023년 박스오피스 달력") && year.contains("id=\"m2023-01\"") && year.contains("id=\"m2023-12\""))
        #expect(!year.contains("id=\"m2024-01\"") && year.contains("href=\"../../archive/2024/index.html\""))
        #expect(year.contains("href=\"../../date/2023-06-15/index.html\""))
        let day = try SiteFixture.text(out, "date/2023-06-15/index.html")
        #expect(day.contains("class=\"calendar-link\" href=\"../../archive/2023/index.html#d2023-06-15\""))
    }

    @Test func filmPageSaysDaysAtNumberOneAndGivesTheChartHTMLLabels() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 30)
        let rows = try entries(out, "2024-02-10")
        let html = try SiteFixture.text(out, "movie/\(rows[0]["movieCode"] as! String)/index.html")
        #expect(html.contains(">1위 일수</span>"))
        #expect(html.contains("class=\"date-label start\"") && html.contains("class=\"date-label end\""))
        // The run chart's dates (the pace chart below it has its own days of release).
        let run = html.components(separatedBy: "<section class=\"pace-section\"")[0]
        #expect(run.components(separatedBy: "class=\"date-label").count - 1 <= AudienceChart.maxDateLabels)
        #expect(html.contains("preserveAspectRatio=\"none\""))
    }
}
