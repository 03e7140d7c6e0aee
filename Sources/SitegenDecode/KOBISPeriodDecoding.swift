import Foundation
import SitegenModel

extension KOBISDecoder {
    /// A weekly (`weekGb=0`) or weekend (`weekGb=1`) chart. Rows are read exactly like daily rows;
    /// `showRange` must be the period asked for, since KOBIS answers any date with the period
    /// containing it and a wrong one would be filed under the wrong week.
    public static func periodChart(
        _ data: Data, kind: PeriodKind, start: Day, fetchedAt: Date?
    ) throws -> (PeriodChart, [DataWarning]) {
        let what = kind == .week ? "a KOBIS weekly chart" : "a KOBIS weekend chart"
        let response = try decode(data, fast: KOBISWire.fastWeekly, expected: what)
        guard let result = response.boxOfficeResult else {
            throw ResponseFormatError(reason: "the response has no boxOfficeResult")
        }
        let chart = PeriodChart(kind: kind, start: start, entries: [], fetchedAt: fetchedAt)
        let range = (result.showRange?.value ?? "").cleaned
        if !range.isEmpty {
            let parts = range.split(separator: "~").map { Day(kobis: String($0)) }
            guard parts.count == 2, parts[0] == chart.start, parts[1] == chart.end else {
                throw ResponseMismatchError(
                    reason: "asked for \(start.iso)~\(chart.end.iso) but KOBIS answered with the range \(quoted(range))"
                )
            }
        }
        var warnings: [DataWarning] = []
        let entries = acceptedRows(
            result.weeklyBoxOfficeList ?? [], context: { "\(kind.rawValue) \(start.iso) row \($0)" },
            warnings: &warnings)
        var out = chart
        out.entries = entries
        return (out, warnings)
    }
}
