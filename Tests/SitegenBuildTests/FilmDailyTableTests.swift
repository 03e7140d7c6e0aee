import Foundation
import SitegenModel
import Testing
import SitegenSiteSupport

/// A film's daily table marks what its day count leaves out: a day before its opening is a
/// preview (개봉 전 상영), and KOBIS's NEW on a day it came back into the top 10 is a re-entry, not
/// 「신작」, so 「상위 10위 일수」 beside 「개봉 3일차」 reads right. Checked for every film against
/// the rows of the year's data file.
@Suite struct FilmDailyTableTests {
    @Test func previewDaysAndReEntriesAreMarkedFromTheRows() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 153, until: "2021-10-31")
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("data/2021.json")))
        let data = try #require(file as? [String: Any])
        let columns = try #require(data["columns"] as? [String])
        var films: [String: [(date: String, isNew: Bool, open: String?)]] = [:]
        for chart in try #require(data["charts"] as? [[String: Any]]) {
            let date = try #require(chart["date"] as? String)
            for values in try #require(chart["rows"] as? [[Any]]) {
                let row = Dictionary(uniqueKeysWithValues: zip(columns, values))
                films[row["movieCode"] as! String, default: []].append(
                    (date, row["status"] as? String == "NEW", row["openDate"] as? String))
            }
        }
        var previews = 0, reentries = 0, news = 0
        for (code, rows) in films {
            let html = try SiteFixture.text(out, "movie/\(code)/index.html")
            let open = rows.first?.open
            let firstOpen = rows.first { open == nil || $0.date >= open! }?.date
            for (i, row) in rows.enumerated() {
                let start = try #require(html.range(of: "<a href=\"../../date/\(row.date)/index.html\">"), "\(code) \(row.date)")
                let line = String(html[start.lowerBound...].prefix { $0 != "\n" })
                let preview = open.map { row.date < $0 } ?? false
                #expect(line.contains("<small class=\"preview\">개봉 전 상영</small>") == preview, "\(code) \(row.date)")
                let reentry = row.isNew && i > 0 && row.date != firstOpen
                #expect(line.contains("class=\"badge-re\"") == reentry, "\(code) \(row.date): \(line.prefix(300))")
                #expect(line.contains("class=\"badge-new\"") == (row.isNew && !reentry), "\(code) \(row.date)")
                if preview { previews += 1 }
                if reentry { reentries += 1 }
                if row.isNew && !reentry { news += 1 }
            }
        }
        #expect(previews > 0 && reentries > 0 && news > 10, "\(previews) previews, \(reentries) re-entries, \(news) new")
        // Only a charted day is a preview: a day off the chart before the opening says nothing of screenings.
        let marked = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("movie").path)
            .map { try SiteFixture.text(out, "movie/\($0)/index.html") }
            .reduce(0) { $0 + $1.components(separatedBy: "<small class=\"preview\">").count - 1 }
        #expect(marked == previews, "\(marked) marked, \(previews) charted preview days")
    }
}
