import Foundation
import Testing
import SitegenSiteSupport
import SitegenModel

/// A demo build across 설날 2024 (Fri 2/9 – Sun 2/11, 대체공휴일 Mon 2/12): the holiday is named
/// on its day pages, red and named in the archive, shaded in film charts, red in history rows.
@Suite struct HolidaySiteTests {
    static let seollal = ["2024-02-09": "설날 연휴", "2024-02-10": "설날", "2024-02-11": "설날 연휴", "2024-02-12": "대체공휴일(설날)"]

    static func site() async throws -> URL {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 21, until: "2024-02-14")
        return out
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            (0..<m.numberOfRanges).map { Range(m.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    @Test func aDayPageNamesItsHolidayBesideTheDate() async throws {
        let site = try await Self.site()
        for (iso, name) in Self.seollal {
            let day = Day(iso: iso)!
            for page in ["date/\(iso)/index.html"] {
                let html = try SiteFixture.text(site, page)
                #expect(html.contains("<h1>\(KoreanFormatting.longDate(day)) <span class=\"holiday-name\">\(name)</span></h1>"), "\(page)")
            }
        }
        for iso in ["2024-02-07", "2024-02-08", "2024-02-13"] {
            #expect(!(try SiteFixture.text(site, "date/\(iso)/index.html")).contains("holiday-name"), "\(iso) is an ordinary day")
        }
    }

    @Test func theArchiveMarksAndNamesEveryHolidayInRedEvenOnSaturday() async throws {
        let site = try await Self.site()
        let html = try SiteFixture.text(site, "archive/index.html")
        let february = try #require(html.components(separatedBy: "<section class=\"month\" id=\"m2024-02\"").dropFirst().first)
            .components(separatedBy: "</section>")[0]
        var cells: [Int: (classes: [String], holiday: String)] = [:]
        for m in Self.matches(#"<td id="d[0-9-]+" class="day ([^"]*)">(?:<a [^>]*>)?<span class="d">(\d+)</span>(?:<span class="holiday-name">([^<]*)</span>)?"#, in: february) {
            cells[Int(m[2])!] = (m[1].split(separator: " ").map(String.init), m[3])
        }
        #expect(cells.count == 29)
        for (iso, name) in Self.seollal {
            let cell = try #require(cells[Day(iso: iso)!.day])
            #expect(cell.classes.contains("holiday") && !cell.classes.contains("sat") && cell.holiday == name, "\(iso): \(cell)")
        }
        #expect(cells[3]?.classes.contains("sat") == true && cells[3]?.holiday == "", "2/3 is a plain Saturday")
        #expect(cells[13]?.classes.contains("holiday") == false && cells[13]?.holiday == "", "2/13 is a plain Tuesday")
        let css = try SiteFixture.text(site, "style.css")
        #expect(css.contains(".calendar td.holiday .d, .calendar .holiday-name { color: var(--sun); }"))
    }

    @Test func filmChartsShadeAndHistoryRowsRedenHolidays() async throws {
        let site = try await Self.site()
        let holidays = Set(Self.seollal.keys)
        var rowsChecked = 0
        let movies = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("movie").path)
        for code in movies {
            let html = try SiteFixture.text(site, "movie/\(code)/index.html")
            let rows = Self.matches(#"<tr(?: class="([a-z]+)")?>\s*<th scope="row"><a href="[^"]*date/(\d{4}-\d\d-\d\d)/(?:filters/)?index\.html""#, in: html)
            var offDays = 0
            for row in rows {
                let day = Day(iso: row[2])!
                let off = day.isWeekend || holidays.contains(row[2])
                if off { offDays += 1 }
                if holidays.contains(row[2]) { #expect(row[1] == "sun", "movie \(code) \(row[2]) row is \(row[1])"); rowsChecked += 1 }
            }
            // One shaded band per weekend or holiday day of the film's run on the chart.
            let bands = html.firstMatch(of: /<path class="weekend" d="([^"]*)"/).map { String($0.output.1) } ?? ""
            #expect(bands.components(separatedBy: "M").count - 1 == offDays, "movie \(code)")
        }
        #expect(rowsChecked > 10)
    }
}

/// The heading format of day pages, restated so the test does not lean on the code it checks.
private enum KoreanFormatting {
    static func longDate(_ d: Day) -> String { "\(d.year)년 \(d.month)월 \(d.day)일 (\(["일", "월", "화", "수", "목", "금", "토"][d.weekday]))" }
}
