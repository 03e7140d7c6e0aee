import Foundation
import SitegenBasics
import SitegenModel

/// CSV of every year's charts and every movie: UTF-8 with a BOM and CRLF lines, so Excel opens Korean
/// text as it is. A text cell that a spreadsheet would run as a formula is defused with a quote.
enum CSVFiles {
    static let header = ["순위", "증감", "신작", "영화코드", "영화명", "개봉일", "관객수", "관객증감", "관객증감율", "누적관객수",
                         "매출액", "매출액점유율", "매출증감", "매출증감율", "누적매출액", "스크린수", "상영횟수"]

    /// A year of days (or of weeks or weekends) in one file, a row per film per chart.
    static func days(_ charts: [DayChart]) -> Data {
        var csv = Writer(header: ["날짜"] + header, rows: charts.count * 10)
        for chart in charts {
            let date = chart.date.iso
            for e in chart.entries {
                csv.cell(date)
                csv.row(e)
            }
        }
        return csv.data
    }

    static func periods(_ charts: [PeriodChart]) -> Data {
        var csv = Writer(header: ["시작일", "종료일"] + header, rows: charts.count * 10)
        for chart in charts {
            let (start, end) = (chart.start.iso, chart.end.iso)
            for e in chart.entries {
                csv.cell(start)
                csv.cell(end)
                csv.row(e)
            }
        }
        return csv.data
    }

    /// Text from the network: a leading = + - @ (or tab/CR) would make Excel evaluate it.
    static func text(_ s: String) -> String {
        guard let first = s.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return s }
        return "'" + s
    }

    /// Appends cells to one buffer as they come: a whole history's year files were 180,000 rows
    /// of 18 strings in arrays of arrays, built and copied before a byte was written.
    struct Writer {
        private var out: [UInt8] = [0xEF, 0xBB, 0xBF]
        private var atRowStart = true

        init(header: [String], rows: Int) {
            out.reserveCapacity(256 * (rows + 1))
            for cell in header { self.cell(cell) }
            endRow()
        }

        var data: Data { Data(out) }

        mutating func cell(_ cell: String) {
            separate()
            if cell.utf8.contains(where: {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
            }) {
                out.append(UInt8(ascii: "\""))
                for b in cell.utf8 {
                    if b == UInt8(ascii: "\"") { out.append(b) }
                    out.append(b)
                }
                out.append(UInt8(ascii: "\""))
            } else {
                out.append(contentsOf: cell.utf8)
            }
        }

        /// A number's digits, which never need quoting.
        mutating func cell(_ number: Int64) {
            separate()
            DecimalDigits.append(number, to: &out)
        }

        mutating func cell(_ number: Int) { cell(Int64(number)) }

        /// A rate with one decimal, as `KoreanFormat.oneDecimal` spells it; blank when unknown.
        mutating func cell(tenths value: Double?) {
            guard let value else { return cell("") }
            separate()
            KoreanFormat.appendOneDecimal(value, to: &out)
        }

        /// The comma before every cell but a row's first.
        private mutating func separate() {
            if !atRowStart { out.append(UInt8(ascii: ",")) }
            atRowStart = false
        }

        mutating func endRow() {
            out.append(contentsOf: [0x0D, 0x0A])
            atRowStart = true
        }

        /// A chart entry's cells after the date (the `header`'s columns), and the row's end.
        mutating func row(_ e: ChartEntry) {
            func n(_ v: Int64?) { if let v { cell(v) } else { cell("") } }
            cell(e.rank)
            if e.isNew { cell("") } else { cell(e.rankChange) }
            cell(e.isNew ? "Y" : "")
            cell(CSVFiles.text(e.movieCode))
            cell(CSVFiles.text(e.title))
            cell(e.openDate?.iso ?? "")
            cell(e.audience); n(e.audienceChange); cell(tenths: e.audienceChangeRate); cell(e.audienceTotal)
            cell(e.sales); cell(tenths: e.salesShare); n(e.salesChange); cell(tenths: e.salesChangeRate)
            cell(e.salesTotal)
            cell(e.screens); cell(e.showings)
            endRow()
        }
    }
}
