import Foundation
import SitegenModel
import SitegenRender
import Testing
import SitegenSiteSupport

/// A film page answers on its first screen (누적 관객, 최고 순위, where the run stands) and gives
/// the figures the trade quotes (개봉 첫 주말, 최대 스크린), each worked out from the rows the site
/// publishes: the film's own data file and the weekend chart's.
@Suite struct FilmFirstScreenTests {
    /// Each stat of a film page's summary: label → (value, small text).
    static func stats(_ html: String) -> [String: (value: String, small: String)] {
        var out: [String: (String, String)] = [:]
        let stat = /<div class="stat"><span class="stat-label">([^<]+)<\/span><span class="stat-value">([^<]+)<\/span>(.*?)<\/div>/
        for m in html.matches(of: stat) {
            let small = String(m.output.3).replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            out[String(m.output.1)] = (String(m.output.2), small)
        }
        return out
    }

    static func rows(_ out: URL, _ code: String) throws -> (columns: [String], rows: [[Any]]) {
        let file = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("data/movie/\(code).json")))
                as? [String: Any])
        return (try #require(file["columns"] as? [String]), try #require(file["history"] as? [[Any]]))
    }

    @Test func theRunItsOpeningWeekendAndWidestReleaseComeFromThePublishedRows() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 60, until: "2025-12-31")
        let weekends = try JSONSerialization.jsonObject(
            with: Data(contentsOf: out.appendingPathComponent("data/weekend/2025.json"))) as! [String: Any]
        let weekendColumns = weekends["columns"] as! [String]
        let codes = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("movie").path).sorted()
        var showing = 0, left = 0, openings = 0
        for code in codes {
            let html = try SiteFixture.text(out, "movie/\(code)/index.html")
            let stats = Self.stats(html)
            let (columns, rows) = try Self.rows(out, code)
            func column(_ row: [Any], _ name: String) -> Any { row[columns.firstIndex(of: name)!] }
            // 최대 스크린: the most screens on any day, and the first day it had them.
            let screens = rows.map { (column($0, "screens") as! NSNumber).intValue }
            let widest = try #require(screens.max())
            let first = column(rows[screens.firstIndex(of: widest)!], "date") as! String
            let shown = try #require(stats["최대 스크린"], "\(code)")
            #expect(shown.value == KoreanFormat.grouped(Int64(widest)) + "개", "\(code): \(shown)")
            #expect(shown.small == first.replacingOccurrences(of: "-", with: "."), "\(code): \(shown)")
            // 상영: the day of its run while it is on the latest chart, else the last day it was.
            let last = column(rows.last!, "date") as! String
            let open = (column(rows.last!, "openDate") as? String).flatMap(Day.init(iso:))
            let run = try #require(stats["상영"], "\(code)")
            if last == "2025-12-31" {
                showing += 1
                if let open {
                    #expect(run.value == "개봉 \(Day(iso: last)!.days(since: open) + 1)일차", "\(code): \(run)")
                }
            } else {
                left += 1
                #expect(run.value == "순위권 밖" && run.small.hasPrefix("마지막 " + last.replacingOccurrences(of: "-", with: ".")),
                        "\(code): \(run)")
            }
            // 개봉 첫 주말: the weekend chart's own figure for the weekend of (or after) its opening.
            guard let open else { continue }
            let friday = PeriodKind.weekend.start(containing: open) ?? open.adding(days: 5 - open.weekday)
            let chart = (weekends["charts"] as! [[String: Any]]).first { $0["start"] as? String == friday.iso }
            let entry = (chart?["rows"] as? [[Any]])?.first { $0[weekendColumns.firstIndex(of: "movieCode")!] as? String == code }
            if let entry {
                openings += 1
                let audience = (entry[weekendColumns.firstIndex(of: "audience")!] as! NSNumber).int64Value
                let weekend = try #require(stats["개봉 첫 주말"], "\(code) opened \(open.iso)")
                #expect(weekend.value == KoreanFormat.people(audience, compact: true), "\(code): \(weekend)")
                #expect(html.contains(#"<a href="../../weekend/\#(friday.iso)/index.html">"#), "\(code)")
            } else {
                #expect(stats["개봉 첫 주말"] == nil, "\(code): no weekend figure to show")
            }
        }
        #expect(showing > 3 && left > 3 && openings > 3, "\(showing) showing, \(left) gone, \(openings) openings")
    }
}
