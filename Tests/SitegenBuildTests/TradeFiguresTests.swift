import Foundation
import SitegenModel
import SitegenRender
import Testing
import SitegenSiteSupport

/// The figures the trade quotes beside a chart, each worked out from the rows the site publishes
/// (its year data files): a day's change against the same weekday a week before and its
/// admissions per screen, and the week of the run on weekly and weekend charts.
@Suite struct TradeFiguresTests {
    typealias Chart = (key: String, end: String, rows: [[String: Any]])

    static func charts(_ out: URL, _ file: String) throws -> [Chart] {
        let data = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(file))) as? [String: Any])
        let columns = try #require(data["columns"] as? [String])
        return try #require(data["charts"] as? [[String: Any]]).map { chart in
            let rows = (chart["rows"] as! [[Any]]).map { Dictionary(uniqueKeysWithValues: zip(columns, $0)) }
            let key = (chart["date"] ?? chart["start"]) as! String
            return (key, (chart["end"] ?? chart["date"]) as! String, rows)
        }
    }

    static func int(_ value: Any?) -> Int64 { (value as! NSNumber).int64Value }

    /// The table rows of a chart page, in rank order.
    static func tableRows(_ html: String) throws -> [String] {
        let start = try #require(html.range(of: "<tbody>")), end = try #require(html.range(of: "</tbody>"))
        return html[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init).filter { $0.hasPrefix("<tr>") }
    }

    @Test func aDayComparesEachFilmWithTheSameWeekdayAWeekBeforeAndGivesItsAdmissionsPerScreen() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 30, until: "2025-12-31")
        let days = try Self.charts(out, "data/2025.json")
        let byDate = Dictionary(uniqueKeysWithValues: days.map { ($0.key, $0.rows) })
        var compared = 0, notCompared = 0
        for day in days where FileManager.default.fileExists(atPath: out.appendingPathComponent("date/\(day.key)/index.html").path) {
            let html = try SiteFixture.text(out, "date/\(day.key)/index.html")
            let rows = try Self.tableRows(html)
            #expect(rows.count == day.rows.count, "\(day.key)")
            let weekAgo = byDate[Day(iso: day.key)!.adding(days: -7).iso]
            for (row, data) in zip(rows, day.rows) {
                let audience = Self.int(data["audience"]), screens = Self.int(data["screens"])
                // Per screen, floored: never more than the admissions support.
                // With its unit: 「48명」, never a bare 「48」 beside 「스크린당」.
                let perScreen = row.firstMatch(of: /<td>[0-9,]+<small>([0-9,]+)명<\/small><\/td><td>[0-9,]+<\/td><\/tr>$/)
                #expect(perScreen.map { String($0.output.1) } == KoreanFormat.grouped(audience / screens), "\(day.key): \(row)")
                let shown = row.firstMatch(of: /<small class="wk (up|down|same)">([^<]+)<\/small>/)
                let before = weekAgo?.first { $0["movieCode"] as! String == data["movieCode"] as! String }
                if let before, Self.int(before["audience"]) > 0 {
                    compared += 1
                    let was = Self.int(before["audience"])
                    let rate = KoreanFormat.signedPercent(Double(audience - was) / Double(was) * 100)
                    #expect(shown.map { String($0.output.2) } == rate, "\(day.key) \(data["movieCode"]!): \(row)")
                    #expect(shown.map { String($0.output.1) } == KoreanFormat.trend(audience - was))
                } else {
                    // Off the chart a week before (or before the range): its figure then is unknown.
                    notCompared += 1
                    #expect(shown == nil, "\(day.key): \(row)")
                }
            }
        }
        #expect(compared > 100 && notCompared > 10, "\(compared) compared, \(notCompared) not")
        // The labels come from the table's style, once a page, in each language.
        let day = try SiteFixture.text(out, "date/2025-12-31/index.html")
        #expect(day.contains(";--lw:'전주 같은 요일 ';--ls:'스크린당 '\">"))
    }

    @Test func weeklyAndWeekendChartsCountTheWeekOfEachFilmsRun() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 45, until: "2025-12-31")
        var counted: [Int: Int] = [:]
        for kind in ["week", "weekend"] {
            for chart in try Self.charts(out, "data/\(kind)/2025.json") {
                let page = "\(kind)/\(chart.key)/index.html"
                guard FileManager.default.fileExists(atPath: out.appendingPathComponent(page).path) else { continue }
                let rows = try Self.tableRows(try SiteFixture.text(out, page))
                #expect(rows.count == chart.rows.count, "\(page)")
                let end = try #require(Day(iso: chart.end))
                for (row, data) in zip(rows, chart.rows) {
                    let shown = row.firstMatch(of: /<td>[0-9.]+<small>([^<]+)<\/small><\/td>/).map { String($0.output.1) }
                    guard let open = (data["openDate"] as? String).flatMap(Day.init(iso:)) else {
                        #expect(shown == nil, "\(page): \(row)")
                        continue
                    }
                    let k = end.days(since: open)
                    #expect(shown == (k < 0 ? "개봉 전" : "개봉 \(k / 7 + 1)주차"), "\(page) \(open.iso)–\(end.iso): \(row)")
                    counted[k < 0 ? 0 : k / 7 + 1, default: 0] += 1
                    // A week's card gives its admissions per screen too, and its sales in 억/만 as the
                    // page's other figures (the full won figure is the table's).
                    let audience = Self.int(data["audience"]), screens = Self.int(data["screens"])
                    let perScreen = row.firstMatch(of: /<small>([0-9,]+)명<\/small><\/td><td>[0-9,]+<\/td><\/tr>$/)
                    #expect(perScreen.map { String($0.output.1) } == KoreanFormat.grouped(audience / screens), "\(row)")
                    let sales = Self.int(data["sales"])
                    #expect(row.contains("<span class=\"full\">\(KoreanFormat.grouped(sales))</span>"
                        + "<span class=\"short\">\(KoreanFormat.compact(sales))</span>"), "\(row)")
                }
            }
        }
        #expect((counted[1] ?? 0) > 5 && (counted[2] ?? 0) > 5 && counted.keys.contains { $0 >= 4 }, "\(counted)")
        // The English edition says it as its readers do.
        let english = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: english, days: 10, until: "2025-12-31", english: true)
        let week = try SiteFixture.text(english, "en/week/2025-12-22/index.html")
        #expect(week.contains("<small>Week 1</small>") && week.contains("<small>Week 2</small>"))
    }

    /// KOBIS's 연도별 박스오피스 gives each film's sales, widest release and distributor beside its
    /// admissions: so does the year page, from the film's own data file.
    @Test func theYearPageGivesEachFilmsSalesWidestReleaseAndDistributor() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 120, until: "2025-12-31")
        let html = try SiteFixture.text(out, "year/2025/index.html")
        let row = /<tr><td class="rank">\d+<\/td><th scope="row" class="title"><a href="..\/..\/movie\/(\d+)\/index.html">.*?<\/a>(?:<small>[^<]*<\/small>)?(?:<small>([^<]*)<\/small>)?<\/th><td class="num"><strong>([0-9,]+)<\/strong><small>[^<]*<\/small><\/td><td class="num">([^<]*)<\/td><td class="num">([^<]*)<\/td><\/tr>/
        var checked = 0, fromDaily = 0
        for match in html.matches(of: row) {
            let code = String(match.output.1)
            let data = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("data/movie/\(code).json")))
                    as? [String: Any])
            let columns = try #require(data["columns"] as? [String])
            let rows = try #require(data["history"] as? [[Any]])
            func numbers(_ name: String) -> [Int64] { rows.map { ($0[columns.firstIndex(of: name)!] as! NSNumber).int64Value } }
            #expect(String(match.output.5) == KoreanFormat.grouped(numbers("screens").max()!), "\(code) widest")
            // The sales are as of the row the total is: the last daily row's, unless a later week's.
            if String(match.output.3) == KoreanFormat.grouped(numbers("audienceTotal").last!) {
                fromDaily += 1
                #expect(String(match.output.4) == KoreanFormat.compact(numbers("salesTotal").last!), "\(code) sales")
            }
            let companies = ((data["details"] as? [String: Any])?["companies"] as? [[String: Any]]) ?? []
            let distributor = companies.first { $0["part"] as? String == "배급사" }?["name"] as? String
            #expect(match.output.2.map(String.init) == distributor, "\(code) distributor")
            checked += 1
        }
        #expect(checked >= 20 && fromDaily >= 10, "\(checked) films, \(fromDaily) from their daily rows")
    }

    /// A film's page has the trade's week-by-week view beside its days: each week it was on the
    /// weekly or weekend chart, with both ranks and admissions, from those charts' data files.
    @Test func aFilmPageGivesItsWeeksFromTheWeeklyAndWeekendCharts() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 90, until: "2025-12-31")
        var byFilm: [String: [String: (week: [String: Any]?, weekend: [String: Any]?)]] = [:]
        for kind in ["week", "weekend"] {
            for chart in try Self.charts(out, "data/\(kind)/2025.json") {
                let monday = Day(iso: chart.key)!.adding(days: kind == "week" ? 0 : -4).iso
                for row in chart.rows {
                    let code = row["movieCode"] as! String
                    var slot = byFilm[code, default: [:]][monday] ?? (nil, nil)
                    if kind == "week" { slot.week = row } else { slot.weekend = row }
                    byFilm[code, default: [:]][monday] = slot
                }
            }
        }
        let rowPattern = /<tr><th scope="row">(?:<a href="..\/..\/week\/([0-9-]+)\/index.html">)?[^<]+(?:<\/a>)?(?:<small>[^<]*<\/small>)?<\/th><td>([^<]*)<\/td><td>(?:<b>)?([^<]*)(?:<\/b>)?(?:<small class="[a-z]+">([^<]*)<\/small>)?<\/td><td>(?:<a href="[^"]+">)?([^<]*)(?:<\/a>)?<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/
        var tables = 0, withoutTable = 0
        for code in try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("movie").path) {
            let html = try SiteFixture.text(out, "movie/\(code)/index.html")
            let weeks = byFilm[code] ?? [:]
            guard let start = html.range(of: "<table class=\"weeks\">") else {
                // One week or none: its row would only repeat the summary.
                #expect(weeks.count < 2 || weeks.keys.contains { Day(iso: $0)!.year < 2025 }, "\(code) has no weeks table")
                withoutTable += 1
                continue
            }
            let table = String(html[start.lowerBound...]).components(separatedBy: "</table>")[0]
            let rows = table.matches(of: rowPattern)
            let mondays = weeks.keys.sorted().filter { Day(iso: $0)!.year == 2025 }
            #expect(rows.count >= mondays.count, "\(code): \(rows.count) rows for \(mondays)")
            for (match, monday) in zip(rows.suffix(mondays.count), mondays) {
                let (week, weekend) = weeks[monday]!
                // The week links its chart's page, when the film was on the weekly chart.
                #expect(match.output.1.map(String.init) == (week == nil ? nil : monday), "\(code) \(monday)")
                #expect(String(match.output.2) == (week.map { "\(Self.int($0["rank"]))" } ?? "–"))
                #expect(String(match.output.3) == (week.map { KoreanFormat.grouped(Self.int($0["audience"])) } ?? "–"))
                let isNew = week?["status"] as? String == "NEW"
                let rate = week.flatMap { isNew ? nil : ($0["audienceChangeRate"] as? NSNumber)?.doubleValue }
                #expect(match.output.4.map(String.init) == rate.map { KoreanFormat.signedPercent($0) }, "\(code) \(monday)")
                #expect(String(match.output.5) == (weekend.map { "\(Self.int($0["rank"]))" } ?? "–"))
                #expect(String(match.output.6) == (weekend.map { KoreanFormat.grouped(Self.int($0["audience"])) } ?? "–"))
                // The total as of the later of the two: the week ends on Sunday, as the weekend does.
                let total = week.map { Self.int($0["audienceTotal"]) } ?? weekend.map { Self.int($0["audienceTotal"]) }
                #expect(String(match.output.7) == total.map { KoreanFormat.grouped($0) }, "\(code) \(monday)")
            }
            tables += 1
        }
        #expect(tables > 10 && withoutTable > 0, "\(tables) tables, \(withoutTable) films without one")
    }
}
