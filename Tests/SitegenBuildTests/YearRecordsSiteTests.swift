import Foundation
import Testing
import SitegenSiteSupport
import SitegenModel

/// Year pages and the 천만 records of whole demo sites. In the demo market 「끝없는 증인」
/// (20212611) opens on 2021-07-07 and passes 10,000,000 in the autumn.
@Suite struct YearRecordsSiteTests {
    /// A film's data file: its days as rows of `columns`.
    struct History {
        struct Row { let date: String; let audienceTotal: Int64 }
        let history: [Row]

        init(_ data: Data) throws {
            let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let columns = try #require(file["columns"] as? [String]), rows = try #require(file["history"] as? [[Any]])
            let date = try #require(columns.firstIndex(of: "date"))
            let total = try #require(columns.firstIndex(of: "audienceTotal"))
            history = try rows.map {
                Row(date: try #require($0[date] as? String), audienceTotal: try #require(($0[total] as? NSNumber)?.int64Value))
            }
        }
    }

    static func mainText(_ html: String) -> String {
        let main = html[html.range(of: "<main")!.lowerBound..<html.range(of: "</main>")!.upperBound]
        return String(main).replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
    }

    @Test func aFilmCrossingTenMillionShowsWithTheDayOfTheRawFigure() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 153, until: "2021-10-31")
        // The day from the film's own data: the first day at or past 10,000,000, the day before still under it.
        let history = try History(Data(contentsOf: out.appendingPathComponent("data/movie/20212611.json"))).history
        let i = try #require(history.firstIndex { $0.audienceTotal >= 10_000_000 })
        #expect(history[i - 1].audienceTotal < 10_000_000)
        #expect(Day(iso: history[i].date)!.days(since: Day(iso: history[i - 1].date)!) == 1, "seen the day before, so the day is exact")
        #expect(history[i].date == "2021-10-08")
        let records = Self.mainText(try SiteFixture.text(out, "records/index.html"))
        #expect(records.contains("끝없는 증인 개봉 2021.07.07"))
        #expect(records.contains("1,000만 돌파 2021년 10월 8일 (금) · 개봉 94일 만에"), "\(records)")
        #expect(!records.contains("이미 1,000만 명을 넘은 영화"))
        let html = try SiteFixture.text(out, "records/index.html")
        #expect(html.contains(#"<a href="../date/2021-10-08/index.html">2021년 10월 8일 (금)</a>"#))
        // 500만 and 100만 by year, a film opened before the range marked as such.
        #expect(records.contains("2021년 500만·100만 돌파"))
        #expect(records.contains("끝없는 증인 · 2021년 7월 12일 (월) · 개봉 6일 만에"))
        #expect(records.contains("은밀한 전쟁 · 2021년 6월 2일 (수) · 개봉 37일 만에 (개봉이 집계 기간 이전)"))
    }

    @Test func aFilmAlreadyPastTenMillionWhenTheRangeBeginsGetsNoInventedDay() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 12, until: "2021-10-31")
        let records = Self.mainText(try SiteFixture.text(out, "records/index.html"))
        #expect(records.contains("집계 기간 안에 누적 관객 1,000만 명을 넘은 영화가 없습니다."))
        #expect(records.contains("집계 기간에 처음 나타났을 때 이미 1,000만 명을 넘은 영화"))
        #expect(records.contains("끝없는 증인 (개봉 2021.07.07) · 2021년 10월 20일 (수) 누적"))
        #expect(!records.contains("1,000만 돌파"))
    }

    @Test func aYearPageRanksItsFilmsWithTheDateOfTheirFigures() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 153, until: "2021-10-31")
        let html = try SiteFixture.text(out, "year/2021/index.html")
        let text = Self.mainText(html)
        #expect(text.contains("2021년 6월 1일 (화) – 2021년 10월 31일 (일) · 153일 (이 해의 일부만 집계)"))
        // The ranking is by the latest known total, highest first, each with its date.
        let totals = html.matches(of: /<td class="num"><strong>([0-9,]+)<\/strong><small>([0-9.]+) 기준<\/small><\/td>/)
            .map { (Int64($0.output.1.replacingOccurrences(of: ",", with: ""))!, String($0.output.2)) }
        #expect(totals.count >= 10)
        #expect(totals.map(\.0) == totals.map(\.0).sorted(by: >))
        #expect(totals.first?.0 == 10_703_102 && totals.first?.1 == "2021.10.31")
        #expect(text.contains("1위 끝없는 증인") || text.contains("끝없는 증인 · 1위"))
        // Months: June to October, each a whole month here.
        for month in 6...10 { #expect(html.contains("<th scope=\"row\">\(month)월</th>")) }
        #expect(!html.contains("<th scope=\"row\">5월</th>"))
        #expect(html.contains(#"href="../../week/"#) && html.contains(#"href="../../weekend/"#))
        let index = try SiteFixture.text(out, "year/index.html")
        #expect(index.contains(#"<a href="../year/2021/index.html">2021년</a>"#))
    }
}
