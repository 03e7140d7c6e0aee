import Foundation
import SitegenModel

/// CSV of every year's charts and every movie: UTF-8 with a BOM and CRLF lines, so Excel opens Korean
/// text as it is. A text cell that a spreadsheet would run as a formula is defused with a quote.
enum CSVFiles {
    static let header = ["순위", "증감", "신작", "영화코드", "영화명", "개봉일", "관객수", "관객증감", "관객증감율", "누적관객수",
                         "매출액", "매출액점유율", "매출증감", "매출증감율", "누적매출액", "스크린수", "상영횟수"]

    /// A year of days (or of weeks or weekends) in one file, a row per film per chart.
    static func days(_ charts: [DayChart]) -> Data {
        document(["날짜"] + header, charts.flatMap { chart in chart.entries.map { [chart.date.iso] + row($0) } })
    }

    static func periods(_ charts: [PeriodChart]) -> Data {
        document(["시작일", "종료일"] + header, charts.flatMap { chart in
            chart.entries.map { [chart.start.iso, chart.end.iso] + row($0) }
        })
    }

    static func movie(_ rows: [(date: Day, entry: ChartEntry)]) -> Data {
        document(["날짜"] + header, rows.map { [$0.date.iso] + row($0.entry) })
    }

    static func row(_ e: ChartEntry) -> [String] {
        func n(_ v: Int64?) -> String { v.map { String($0) } ?? "" }
        func rate(_ v: Double?) -> String { v.map(KoreanFormat.oneDecimal) ?? "" }
        return [
            String(e.rank), e.isNew ? "" : String(e.rankChange), e.isNew ? "Y" : "", text(e.movieCode), text(e.title),
            e.openDate?.iso ?? "", String(e.audience), n(e.audienceChange), rate(e.audienceChangeRate),
            String(e.audienceTotal),
            String(e.sales), rate(e.salesShare), n(e.salesChange), rate(e.salesChangeRate), String(e.salesTotal),
            String(e.screens), String(e.showings)
        ]
    }

    /// Text from the network: a leading = + - @ (or tab/CR) would make Excel evaluate it.
    static func text(_ s: String) -> String {
        guard let first = s.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return s }
        return "'" + s
    }

    static func document(_ header: [String], _ rows: [[String]]) -> Data {
        var out: [UInt8] = [0xEF, 0xBB, 0xBF]
        out.reserveCapacity(256 * (rows.count + 1))
        for row in [header] + rows {
            for (i, cell) in row.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if cell.utf8.contains(where: {
                    $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
                }) {
                    out.append(UInt8(ascii: "\""))
                    for b in cell.utf8 { if b == UInt8(ascii: "\"") { out.append(b) }; out.append(b) }
                    out.append(UInt8(ascii: "\""))
                } else {
                    out.append(contentsOf: cell.utf8)
                }
            }
            out.append(contentsOf: [0x0D, 0x0A])
        }
        return Data(out)
    }
}
