import Foundation
import Testing
import SitegenSiteSupport
import SitegenModel

/// Whole demo sites with week and weekend pages: their figures against the day pages built beside
/// them, their paths, headings and links.
@Suite struct PeriodSiteTests {
    struct Row: Decodable { let movieCode: String; let audience: Int64; let sales: Int64; let audienceTotal: Int64; let rank: Int }
    struct Chart: Decodable { let entries: [Row] }

    /// A day's or period's chart from its year's data file.
    static func chart(_ root: URL, _ iso: String, kind: String? = nil) throws -> Chart {
        let object = try SiteFixture.chart(root, iso, kind: kind)
        return try JSONDecoder().decode(Chart.self, from: JSONSerialization.data(withJSONObject: object))
    }

    /// For every film on the period's chart that is in the daily top 10 on each of its days, the
    /// period's audience and sales are the sums of the day pages' figures. Returns how many were checked.
    static func checkSums(_ root: URL, kind: String, start: Day, length: Int) throws -> Int {
        let period = try chart(root, start.iso, kind: kind)
        let days = try (0..<length).map { try chart(root, start.adding(days: $0).iso) }
        var checked = 0
        for e in period.entries {
            let rows = days.compactMap { d in d.entries.first { $0.movieCode == e.movieCode } }
            guard rows.count == length else { continue }
            #expect(e.audience == rows.reduce(0) { $0 + $1.audience }, "\(kind) \(start) \(e.movieCode)")
            #expect(e.sales == rows.reduce(0) { $0 + $1.sales }, "\(kind) \(start) \(e.movieCode)")
            #expect(e.audienceTotal == rows.last!.audienceTotal)
            checked += 1
        }
        return checked
    }

    @Test func weeksAreTheSumOfTheirDayPagesAndWeekendsOfFridayToSunday() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 42, until: "2024-02-11")
        let weeks = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("week").path).sorted()
        let weekends = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("weekend").path).sorted()
        // 2024-01-01 (Mon) … 2024-02-11 (Sun): six whole weeks and six weekends.
        #expect(weeks == ["2024-01-01", "2024-01-08", "2024-01-15", "2024-01-22", "2024-01-29", "2024-02-05"])
        #expect(weekends == ["2024-01-05", "2024-01-12", "2024-01-19", "2024-01-26", "2024-02-02", "2024-02-09"])
        var weekChecks = 0, weekendChecks = 0
        for w in weeks { weekChecks += try Self.checkSums(out, kind: "week", start: Day(iso: w)!, length: 7) }
        for w in weekends { weekendChecks += try Self.checkSums(out, kind: "weekend", start: Day(iso: w)!, length: 3) }
        #expect(weekChecks >= 20 && weekendChecks >= 30, "\(weekChecks) \(weekendChecks)")
    }

    @Test func aWeekCutByTheRangeIsNoWeek() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        // Wednesday 2024-01-31 … Wednesday 2024-02-14: only 2-5 … 2-11 is whole; its weekend too, and 2-2 … 2-4.
        try await SiteFixture.build(into: out, days: 15, until: "2024-02-14")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("week").path) == ["2024-02-05"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("weekend").path).sorted() == ["2024-02-02", "2024-02-09"])
    }

    @Test func aWeekPageNamesItsRangeAndLinksItsDaysWeekendAndNeighbours() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 21, until: "2024-02-11")
        let week = try SiteFixture.text(out, "week/2024-02-05/index.html")
        #expect(week.contains("<h1>2024년 2월 2주 · 2.5 ~ 2.11</h1>"))
        for d in 5...11 { #expect(week.contains("href=\"../../date/2024-02-\(Day.pad(d, 2))/index.html\"")) }
        #expect(week.contains(#"<span class="holiday-name">설날</span>"#), "2-10 is 설날")
        #expect(week.contains(#"href="../../weekend/2024-02-09/index.html">주말 순위</a>"#))
        #expect(week.contains(#"href="../../week/2024-01-29/index.html" rel="prev""#))
        #expect(!week.contains(#"rel="next""#))
        #expect(week.contains(#"href="../../data/week/2024.csv""#) && week.contains(#"href="../../data/week/2024.json""#))
        #expect(week.contains("지난 주간 대비"))
        #expect(week.contains("--l5:'주간 ';--l6:'누적 '"))
        let weekend = try SiteFixture.text(out, "weekend/2024-02-09/index.html")
        #expect(weekend.contains("<h1>2024년 2월 2주 주말 · 2.9 ~ 2.11</h1>"))
        #expect(weekend.contains(#"href="../../week/2024-02-05/index.html">주간 순위</a>"#))
        let csv = try Data(contentsOf: out.appendingPathComponent("data/weekend/2024.csv"))
        #expect(csv.starts(with: [0xEF, 0xBB, 0xBF] + Array("시작일,종료일,순위".utf8)))
        #expect(String(decoding: csv, as: UTF8.self).contains("\r\n2024-02-09,2024-02-11,1,"))
        // The home page leads to the latest week and weekend, a day to its own (and no further:
        // the next test has the days after the latest week).
        let home = try SiteFixture.text(out, "index.html")
        #expect(home.contains(#"href="week/2024-02-05/index.html">이 주 주간"#) && home.contains(#"href="weekend/2024-02-09/index.html">이 주 주말"#))
        let day = try SiteFixture.text(out, "date/2024-02-01/index.html")
        #expect(day.contains(#"href="../../week/2024-01-29/index.html">이 주 주간"#))
        #expect(!day.contains("최신 주간") && !day.contains("최신 주말"))
    }

    /// The days of a week still under way link the latest week and weekend, as the home page
    /// does; an older day links its own alone, so a week's completing leaves its page as it was.
    @Test func daysAfterTheLatestWeekLinkItAndOlderDaysTheirOwn() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 21, until: "2024-02-13")
        for path in ["index.html", "date/2024-02-12/index.html", "date/2024-02-13/index.html"] {
            let page = try SiteFixture.text(out, path)
            #expect(page.contains(#"week/2024-02-05/index.html">최신 주간"#), "\(path)")
            #expect(page.contains(#"weekend/2024-02-09/index.html">최신 주말"#), "\(path)")
            #expect(!page.contains("이 주 주간"), "\(path): its own week has no chart yet")
        }
        // The last day of the latest week: its own week and weekend are the latest, named once each.
        let sunday = try SiteFixture.text(out, "date/2024-02-11/index.html")
        #expect(sunday.contains(#"href="../../week/2024-02-05/index.html">이 주 주간"#))
        #expect(sunday.contains(#"href="../../weekend/2024-02-09/index.html">이 주 주말"#))
        #expect(!sunday.contains("최신 주간") && !sunday.contains("최신 주말"))
        let older = try SiteFixture.text(out, "date/2024-02-01/index.html")
        #expect(older.contains(#"href="../../week/2024-01-29/index.html">이 주 주간"#))
        #expect(older.contains(#"href="../../weekend/2024-02-02/index.html">이 주 주말"#))
        #expect(!older.contains("최신 주간") && !older.contains("최신 주말"))
    }

    /// A week's ▲▼ is against the week before, and screen readers hear it so.
    @Test func periodRankChangesAreSpokenAgainstThePreviousPeriod() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 21)
        let week = try SiteFixture.text(out, "week/2024-01-29/index.html")
        let weekend = try SiteFixture.text(out, "weekend/2024-02-02/index.html")
        #expect(!week.contains("전일 대비") && !weekend.contains("전일 대비"))
        #expect(week.contains("지난주 대비") && weekend.contains("지난 주말 대비"))
        #expect(try SiteFixture.text(out, "date/2024-02-01/index.html").contains("전일 대비"))
    }
}
