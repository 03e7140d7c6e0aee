import Foundation
@testable import SitegenDecode
@testable import SitegenModel
import Testing

/// The real weekly excerpt in ../shared/reference, when this machine has it. Its author cut it
/// off after two rows with 「(생략)」, so the test closes the list where the cut is.
@Suite(.enabled(if: Reference.available, "../shared/reference/kobis is not beside this checkout"))
struct ReferenceWeeklyTests {
    @Test func decodesTheRealWeeklyExcerpt() throws {
        let text = try String(contentsOf: Reference.folder.appendingPathComponent("weekly-20210104-excerpt.txt"), encoding: .utf8)
        let cut = try #require(text.range(of: ", (생략)"))
        let body = Data((text[..<cut.lowerBound] + "]}}").utf8)
        let monday = Day(iso: "2021-01-04")!
        let (chart, warnings) = try KOBISDecoder.periodChart(body, kind: .week, start: monday, fetchedAt: nil)
        #expect(warnings.isEmpty)
        #expect(chart.entries.count == 2)
        #expect(chart.entries[0].audienceChangeRate == -71.0 && chart.entries[0].salesChangeRate == -69.0)
        #expect(chart.entries.allSatisfy { $0.audienceTotal >= $0.audience && $0.salesTotal >= $0.sales })
        #expect(MonthWeek.isoYearWeek(monday: monday) == (2021, 1)) // its yearWeekTime is "202101"
        #expect(throws: ResponseMismatchError.self) {
            try KOBISDecoder.periodChart(body, kind: .week, start: monday.adding(days: 7), fetchedAt: nil)
        }
    }
}
