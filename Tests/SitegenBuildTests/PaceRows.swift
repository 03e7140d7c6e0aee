import Foundation
import SitegenModel
import Testing

/// Every row a built site publishes for each film on the national daily chart, read back from its
/// data files the slow, obvious way: the national daily rows, the weekly and weekend ones (as of
/// their last day) and the 한국·외국·다양성 charts' days, weeks and weekends. The pace tests count
/// a film's 누적 as of a day from these, as a reader checking the page would.
struct PaceRows {
    /// Each film's rows on any chart, oldest first: (date, total).
    let rows: [String: [(date: Day, total: Int64)]]
    /// Each film's opening date, as its national rows carry it.
    let open: [String: Day]
    /// The first and last days built.
    let first: Day, last: Day

    init(_ out: URL, year: Int) throws {
        let national = try FastestRecordsTests.rows(out, year)
        var rows: [String: [(date: Day, total: Int64)]] = [:]
        var open: [String: Day] = [:]
        for (code, list) in national {
            rows[code] = list.map { ($0.date, $0.total) }
            open[code] = list.first?.open
        }
        for kind in ["week", "weekend"] {
            let url = out.appendingPathComponent("data/\(kind)/\(year).json")
            let file = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let columns = try #require(file["columns"] as? [String])
            for chart in try #require(file["charts"] as? [[String: Any]]) {
                let iso = try #require(chart["end"] as? String)
                let end = try #require(Day(iso: iso))
                for values in try #require(chart["rows"] as? [[Any]]) {
                    let row = Dictionary(uniqueKeysWithValues: zip(columns, values))
                    let code = row["movieCode"] as! String
                    if rows[code] != nil { rows[code]!.append((end, (row["audienceTotal"] as! NSNumber).int64Value)) }
                }
            }
        }
        for scope in ["korean", "foreign", "diversity"] {
            for (folder, dateColumn) in [("", "날짜"), ("week/", "종료일"), ("weekend/", "종료일")] {
                let url = out.appendingPathComponent("data/\(scope)/\(folder)\(year).csv")
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                let lines = text.split(whereSeparator: \.isNewline).map {
                    $0.split(separator: ",", omittingEmptySubsequences: false)
                }
                let header = lines[0].map { $0.replacingOccurrences(of: "\u{FEFF}", with: "") }
                let date = try #require(header.firstIndex(of: dateColumn))
                let code = try #require(header.firstIndex(of: "영화코드"))
                let total = try #require(header.firstIndex(of: "누적관객수"))
                for fields in lines.dropFirst() where rows[String(fields[code])] != nil {
                    let day = try #require(Day(iso: String(fields[date])))
                    rows[String(fields[code])]!.append((day, Int64(fields[total])!))
                }
            }
        }
        // The demo's charts agree on a film's total on a day, so which row of a date comes last does not matter.
        self.rows = rows.mapValues { $0.sorted { $0.date < $1.date } }
        self.open = open
        let dates = national.values.flatMap { $0.map(\.date) }
        first = try #require(dates.min())
        last = try #require((dates + rows.values.flatMap { $0.map(\.date) }).max())
    }

    /// The films compared: opened on or after the first day built.
    var compared: [String] { rows.keys.filter { open[$0].map { $0 >= first } ?? false }.sorted() }

    /// Its 누적 on day `n` of its run: its latest row on or before opening + n − 1, once that day has come.
    func total(_ code: String, day n: Int) -> Int64? {
        guard let open = open[code], open.adding(days: n - 1) <= last else { return nil }
        return rows[code]!.last { $0.date <= open.adding(days: n - 1) }?.total
    }

    /// Its latest row: the day of its run (previews count as day 1) and the total.
    func latest(_ code: String) -> (day: Int, total: Int64) {
        let row = rows[code]!.last!
        return (max(1, row.date.days(since: open[code]!) + 1), row.total)
    }
}
