import Foundation
import Testing
@testable import SitegenModel
@testable import SitegenRender

@Suite struct CSVTests {
    @Test func startsWithABOMAndQuotesWhatNeedsIt() {
        let text = String(decoding: CSVFiles.document(["a", "b"], [["x,y", "say \"hi\""], ["=SUM(A1)", "-3"]]), as: UTF8.self)
        #expect(text.hasPrefix("\u{FEFF}a,b\r\n"))
        #expect(text.contains("\"x,y\",\"say \"\"hi\"\"\"\r\n"))
        #expect(CSVFiles.text("=SUM(A1)") == "'=SUM(A1)" && CSVFiles.text("@x") == "'@x" && CSVFiles.text("파묘") == "파묘")
    }
}
