import Foundation
import SitegenBasics
import SitegenModel

/// One film's figures over a week or weekend, summed over every day it played in the whole
/// simulated market (not only the days it made the daily top 10), as KOBIS sums them.
struct DemoPeriodFigures {
    let run: DemoRun
    var film: DemoFilm { run.film }
    var audience: Int64 = 0
    var sales: Int64 = 0
    var screens = 0
    var showings = 0
}

extension DemoWorld {
    /// The whole market over the period starting at `start`, highest audience first (ties by code).
    static func period(_ kind: PeriodKind, startingAt start: Int, cache: DemoCache) -> [DemoPeriodFigures] {
        var byCode: [String: DemoPeriodFigures] = [:]
        for t in start..<(start + kind.length) {
            for entry in ranking(t, cache: cache) {
                let run = entry.run, i = t - run.first
                var f = byCode[run.film.code] ?? DemoPeriodFigures(run: run)
                f.audience += entry.audience
                f.sales += run.sales[i]
                // KOBIS does not document how a week's screens are counted; the widest day is used.
                f.screens = max(f.screens, run.screens[i])
                f.showings += run.showings[i]
                byCode[run.film.code] = f
            }
        }
        return byCode.values.sorted { $0.audience != $1.audience ? $0.audience > $1.audience : $0.film.code < $1.film.code }
    }
}

extension DemoSource {
    public static func periodChartJSON(_ kind: PeriodKind, start: Day) -> String { periodChartJSON(kind, start: start, cache: DemoCache()) }

    /// `searchWeeklyBoxOfficeList`'s shape: the daily row fields, changes against the previous
    /// period of the same kind, `showRange` and `yearWeekTime`.
    static func periodChartJSON(_ kind: PeriodKind, start: Day, cache: DemoCache) -> String {
        let current = DemoWorld.period(kind, startingAt: start.ordinal, cache: cache)
        let previous = DemoWorld.period(kind, startingAt: start.ordinal - 7, cache: cache)
        var previousRank: [String: Int] = [:]
        var previousFigures: [String: DemoPeriodFigures] = [:]
        for (i, f) in previous.enumerated() { previousRank[f.film.code] = i + 1; previousFigures[f.film.code] = f }
        let marketSales = Double(current.reduce(Int64(0)) { $0 + $1.sales }) * 1.035
        let end = start.adding(days: kind.length - 1)
        func change(_ now: Int64, _ before: Int64) -> String {
            before == 0 ? "100" : percent(Double(now - before) / Double(before) * 100)
        }
        var rows: [JSONWriter.Value] = []
        for (i, f) in current.prefix(10).enumerated() {
            let rank = i + 1, code = f.film.code
            let before = previousFigures[code]
            let (audienceTotal, salesTotal) = f.run.totals(through: end.ordinal)
            // KOBIS's weekly figures keep a trailing ".0" ("-69.0"), unlike the daily ones.
            rows.append(chartRow(rank: rank, film: f.film, previousRank: previousRank[code], change: { weeklyPercent(change($0, $1)) },
                                 sales: (f.sales, before?.sales ?? 0, salesTotal), salesShare: oneDecimal(Double(f.sales) / marketSales * 100),
                                 audience: (f.audience, before?.audience ?? 0, audienceTotal), screens: f.screens, showings: f.showings))
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
