import Foundation
import SitegenBasics
import SitegenModel

extension DemoSource {
    public static func periodChartJSON(_ kind: PeriodKind, start: Day, scope: ChartScope = .all) -> String {
        periodChartJSON(kind, start: start, scope: scope, market: DemoCache())
    }

    /// `searchWeeklyBoxOfficeList`'s shape: the daily row fields, changes against the previous
    /// period of the same kind, `showRange` and `yearWeekTime`.
    static func periodChartJSON(
        _ kind: PeriodKind, start: Day, scope: ChartScope = .all, market: some DemoMarketView
    ) -> String {
        let end = start.adding(days: kind.length - 1)
        // KOBIS's weekly figures keep a trailing ".0" ("-69.0"), unlike the daily ones.
        let rows = DemoRows.period(kind, start: start, scope: scope, market: market).map {
            chartRow($0) { weeklyPercent(change($0, $1)) }
        }
        let monday = kind == .week ? start : start.adding(days: -4)
        let yearWeek = MonthWeek.isoYearWeek(monday: monday)
        return JSONWriter.text(.object([("boxOfficeResult", .object([
            ("boxofficeType", .string(kind == .week ? "주간 박스오피스" : "주말 박스오피스")),
            ("showRange", .string("\(start.compact)~\(end.compact)")),
            ("yearWeekTime", .string(Day.pad(yearWeek.year, 4) + Day.pad(yearWeek.week, 2))),
            ("weeklyBoxOfficeList", .array(rows)),
        ]))]))
    }

    static func weeklyPercent(_ text: String) -> String { text.contains(".") || text == "100" ? text : text + ".0" }
}
