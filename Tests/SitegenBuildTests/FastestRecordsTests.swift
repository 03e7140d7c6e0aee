import Foundation
import SitegenModel
import SitegenRender
import Testing
import SitegenSiteSupport

/// The records page's fastest films to 100만 … 1,000만, checked against a brute-force count over
/// the daily rows the site publishes (its year data file): the days from the opening day (day 1),
/// previews counted in the total, equal days sharing a place, films opened before the first day
/// built left out, and a crossing seen only on a return to the top 10 left out (its day is a bound).
@Suite struct FastestRecordsTests {
    struct Row { let date: Day; let audience: Int64; let total: Int64; let open: Day? }
    struct Place: Equatable, CustomStringConvertible {
        let rank: Int; let code: String; let days: Int; let date: String
        var description: String { "\(rank). \(code) day \(days) \(date)" }
    }

    /// Every film's daily rows from the year's data file, in date order.
    static func rows(_ out: URL, _ year: Int) throws -> [String: [Row]] {
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("data/\(year).json")))
        let data = try #require(file as? [String: Any])
        let columns = try #require(data["columns"] as? [String])
        var films: [String: [Row]] = [:]
        for chart in try #require(data["charts"] as? [[String: Any]]) {
            let iso = try #require(chart["date"] as? String)
            let date = try #require(Day(iso: iso))
            for values in try #require(chart["rows"] as? [[Any]]) {
                let row = Dictionary(uniqueKeysWithValues: zip(columns, values))
                films[row["movieCode"] as! String, default: []].append(
                    Row(date: date, audience: (row["audience"] as! NSNumber).int64Value,
                        total: (row["audienceTotal"] as! NSNumber).int64Value,
                        open: (row["openDate"] as? String).flatMap(Day.init(iso:))))
            }
        }
        return films.mapValues { $0.sorted { $0.date < $1.date } }
    }

    /// The lists worked out the slow, obvious way.
    static func bruteForce(_ films: [String: [Row]], first: Day, threshold: Int64) -> [Place] {
        var found: [(code: String, days: Int, date: Day)] = []
        for (code, rows) in films {
            guard let open = rows.first?.open, open >= first else { continue }
            guard let i = rows.firstIndex(where: { $0.total >= threshold }) else { continue }
            let row = rows[i]
            // The day is known when the day's own admissions took it over, or the film was on the
            // chart the day before (under the mark), or it is the opening day seen from the start.
            let known = row.total - row.audience < threshold
                || (i > 0 && row.date.days(since: rows[i - 1].date) == 1)
                || (i == 0 && row.date == open)
            guard known else { continue }
            found.append((code, max(0, row.date.days(since: open) + 1), row.date))
        }
        found.sort { ($0.days, $0.date, $0.code) < ($1.days, $1.date, $1.code) }
        var places: [Place] = []
        for (i, f) in found.enumerated() {
            let rank = i > 0 && found[i - 1].days == f.days ? places[i - 1].rank : i + 1
            if rank > 10 { break }
            places.append(Place(rank: rank, code: f.code, days: f.days, date: f.date.iso))
        }
        return places
    }

    /// The page's list for a mark: each item's place, film, days and date.
    static func shown(_ html: String, slug: String) throws -> [Place] {
        let start = try #require(html.range(of: "<h3 id=\"fast-\(slug)\">"))
        let end = try #require(html[start.upperBound...].range(of: "</section>"))
        return html[start.upperBound..<end.lowerBound].matches(
            of: /<li value="([0-9]+)"><a href="..\/movie\/([0-9A-Za-z]+)\/index.html"[^>]*>[^<]*<\/a> <strong>(?:개봉 ([0-9]+)일차|개봉 전)<\/strong> <small class="muted"><a href="..\/date\/([0-9-]+)\/index.html">/
        ).map {
            Place(rank: Int($0.output.1)!, code: String($0.output.2), days: $0.output.3.map { Int($0)! } ?? 0,
                  date: String($0.output.4))
        }
    }

    @Test func theFastestToEachMarkAreTheDailyRowsCountedFromTheOpeningDay() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 153, until: "2021-10-31")
        let films = try Self.rows(out, 2021)
        let first = try #require(films.values.flatMap { $0.map(\.date) }.min())
        let html = try SiteFixture.text(out, "records/index.html")
        var ranked = 0
        for threshold: Int64 in [1_000_000, 3_000_000, 5_000_000, 7_000_000, 10_000_000] {
            let expected = Self.bruteForce(films, first: first, threshold: threshold)
            let page = try Self.shown(html, slug: "\(threshold / 10_000)")
            #expect(page == expected, "\(threshold): page \(page), rows \(expected)")
            ranked += expected.count
        }
        #expect(ranked >= 5, "the demo's films reach the marks: \(ranked)")
        // A film opened before the first day built crosses 100만 inside the range, but is not ranked.
        let cut = films.filter { code, rows in
            (rows.first?.open).map { $0 < first } == true && rows.contains { $0.total >= 1_000_000 }
                && rows.first!.total < 1_000_000
        }
        #expect(!cut.isEmpty, "the demo has a film opened before the range crossing 100만 in it")
        let hundred = try Self.shown(html, slug: "100")
        for code in cut.keys { #expect(!hundred.contains { $0.code == code }, "\(code) opened before the range") }
        // The rule is said on the page, in each edition.
        let text = YearRecordsSiteTests.mainText(html)
        #expect(text.contains("개봉일을 1일차로 센 날수입니다. 개봉 전 상영"))
        #expect(text.contains("집계가 시작된 2021년 6월 1일 (화) 이후 개봉한 영화만 순위에 넣고"))
    }

    @Test func theEnglishRecordsPageSaysTheSameRule() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 40, until: "2021-10-31", english: true)
        let text = YearRecordsSiteTests.mainText(try SiteFixture.text(out, "en/records/index.html"))
        #expect(text.contains("Fastest to 1M"))
        #expect(text.contains("Days are counted from the opening day (day 1). Preview screenings before it count"))
        #expect(text.contains("Only films that opened on or after"))
    }
}
