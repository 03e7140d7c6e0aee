import Foundation
import Testing
@testable import SitegenModel
@testable import SitegenRender

@Suite struct CSVTests {
    @Test func startsWithABOMAndQuotesWhatNeedsIt() {
        var csv = CSVFiles.Writer(header: ["a", "b"], rows: 2)
        for row in [["x,y", "say \"hi\""], ["=SUM(A1)", "-3"]] {
            for cell in row { csv.cell(cell) }
            csv.endRow()
        }
        let text = String(decoding: csv.data, as: UTF8.self)
        #expect(text.hasPrefix("\u{FEFF}a,b\r\n"))
        #expect(text.contains("\"x,y\",\"say \"\"hi\"\"\"\r\n"))
        #expect(CSVFiles.text("=SUM(A1)") == "'=SUM(A1)" && CSVFiles.text("@x") == "'@x" && CSVFiles.text("파묘") == "파묘")
    }

    /// Rates and figures go into the file's bytes without a `String` between: each spelled as the
    /// pages spell it (`KoreanFormat.oneDecimal`, `String(n)`), rounding and signs included.
    @Test func writesRatesAndFiguresAsThePagesSpellThem() {
        let rates: [Double] = [0, -0.04, 0.04, 0.05, -0.05, 12.25, -12.25, 99.95, -3, 1234.5, 0.15]
        let numbers: [Int64] = [0, 7, -7, 9, 10, -10, 1_000, -123_456_789, .max, .min]
        var csv = CSVFiles.Writer(header: ["r"], rows: 2)
        for rate in rates { csv.cell(tenths: rate) }
        csv.cell(tenths: nil)
        csv.endRow()
        for n in numbers { csv.cell(n) }
        csv.endRow()
        let lines = String(decoding: csv.data, as: UTF8.self).split(separator: "\r\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1] == (rates.map(KoreanFormat.oneDecimal) + [""]).joined(separator: ","), "\(lines[1])")
        #expect(lines[2] == numbers.map { String($0) }.joined(separator: ","), "\(lines[2])")
    }
}
