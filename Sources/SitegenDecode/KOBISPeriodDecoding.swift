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
        try checkRange(result.showRange, start: start, end: chart.end, asked: "\(start.iso)~\(chart.end.iso)")
        var warnings: [DataWarning] = []
        let entries = acceptedRows(
            result.weeklyBoxOfficeList ?? [], on: start, context: { "\(kind.rawValue) \(start.iso) row \($0)" },
            warnings: &warnings)
        var out = chart
        out.entries = entries
        return (out, warnings)
    }

    /// `showRange` ("20240210~20240210") must be the days asked for: an answer for other days,
    /// from the network, the cache or a `history/` file copied over another's, would be filed
    /// and published under the wrong date. An answer without a range names no other day, so it
    /// is taken as it is.
    static func checkRange(_ showRange: LenientString?, start: Day, end: Day, asked: String) throws {
        let range = (showRange?.value ?? "").cleaned
        guard !range.isEmpty else { return }
        let parts = range.split(separator: "~").map { Day(kobis: String($0)) }
        guard parts.count == 2, parts[0] == start, parts[1] == end else {
            throw ResponseMismatchError(reason: "asked for \(asked) but KOBIS answered with the range \(quoted(range))")
        }
    }
}
