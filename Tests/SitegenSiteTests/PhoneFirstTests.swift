import Foundation
import Testing
@testable import SitegenModel
@testable import SitegenRender

/// What a reader on a phone gets from the built files (the browser checks measure the layout).
@Suite struct PhoneFirstTests {
    private func entries(_ out: URL, _ day: String) throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("data/\(day).json"))) as! [String: Any]
        return json["entries"] as! [[String: Any]]
    }

    /// The text between `<li class="rank-card">` and its `</li>`, one per card.
    private func cards(_ html: String, _ marker: String) -> [String] {
        html.components(separatedBy: marker).dropFirst().map { $0.components(separatedBy: "</li>")[0] }
    }

    @Test func listPageGivesEveryFilmACardWithTodayTotalAndDayOfRun() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let html = try SiteFixture.text(out, "date/2024-02-10/index.html")
        let rows = try entries(out, "2024-02-10")
        let cards = cards(html, "<li class=\"rank-card\">")
        #expect(cards.count == rows.count && rows.count == 10)
        for (card, row) in zip(cards, rows) {
            #expect(card.contains(">\(row["rank"] as! Int)</strong>"))
            #expect(card.contains(">\(row["title"] as! String)</a>"))
            #expect(card.contains("<strong>\(KoreanFormat.grouped(row["audience"] as! Int64))</strong>명"), "today, exact")
            #expect(card.contains("<strong>\(KoreanFormat.grouped(row["audienceTotal"] as! Int64))</strong>명"), "total, exact")
            #expect(card.contains("개봉 ") && card.contains("일차") || card.contains("일 전"))
            #expect(card.contains("rank-change") || card.contains("badge-new"))
            // Sales in 억 (floored) with the exact figure beside it for screen readers and on hover.
            let sales = row["sales"] as! Int64
            #expect(card.contains(">\(KoreanFormat.compact(sales))</span>") && card.contains("\(KoreanFormat.grouped(sales))원"))
        }
        // The desktop table is still there, and every figure it had.
        #expect(html.contains("<table class=\"chart\">") && html.contains("(단위: 명, 원)"))
    }

    @Test func posterCardsShowFlooredFiguresAndTheExactOnes() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let html = try SiteFixture.text(out, "date/2024-02-10/grid/index.html")
        let rows = try entries(out, "2024-02-10")
        for (card, row) in zip(cards(html, "<li class=\"card\">"), rows) {
            let today = row["audience"] as! Int64, total = row["audienceTotal"] as! Int64
            #expect(card.contains(">오늘 \(KoreanFormat.compact(today))</span>") && card.contains("오늘 \(KoreanFormat.grouped(today))명"))
            #expect(card.contains(">총 \(KoreanFormat.compact(total))</span>") && card.contains("누적 \(KoreanFormat.grouped(total))명"))
        }
    }

    @Test func titlesCarryTheDateAndTheView() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        #expect(try SiteFixture.text(out, "date/2024-02-09/index.html").contains("<title>2024년 2월 9일 (금) 박스오피스 목록 · "))
        #expect(try SiteFixture.text(out, "date/2024-02-09/grid/index.html").contains("<title>2024년 2월 9일 (금) 박스오피스 포스터 · "))
        #expect(try SiteFixture.text(out, "index.html").contains("<title>최신 박스오피스 · 2024년 2월 10일 (토) 목록 · "))
        #expect(try SiteFixture.text(out, "grid/index.html").contains("<title>최신 박스오피스 · 2024년 2월 10일 (토) 포스터 · "))
    }

    @Test func demoDisclaimerAppearsOnceInTheBannerAndOnceInTheFooter() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let files = try SiteFixture.files(out).filter { $0.key.hasSuffix(".html") }
        #expect(!files.isEmpty)
        for (path, data) in files {
            let html = String(decoding: data, as: UTF8.self)
            let body = html.components(separatedBy: "<body")[1]
            #expect(body.components(separatedBy: "실제 박스오피스가 아닙니다").count - 1 == 2, "\(path)")
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
        #expect(html.components(separatedBy: "class=\"date-label").count - 1 <= AudienceChart.maxDateLabels)
        #expect(html.contains("preserveAspectRatio=\"none\""))
    }
}
