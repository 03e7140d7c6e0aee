import SitegenModel
import SitegenMustache

/// One row of a day's chart as pages show it: the typed row, and its template values built once
/// and shared by the list, grid, home and movie pages (links in them are from the site root, so
/// they do not depend on the page showing them). Pages find rows by the typed fields.
struct ChartRow: Sendable {
    let date: Day
    let entry: ChartEntry
    let values: TemplateValue

    var code: String { entry.movieCode }
}

/// Every day's rows, looked up by date and by film. Built on one core: on all cores it saved
/// about 120 ms of a 6 s debug build of 1,500 days (15,000 rows), not worth a thread-shared buffer.
struct ChartRows: Sendable {
    private let byDate: [Day: [ChartRow]]

    init(_ days: [DayChart], values: (ChartEntry, Day) -> TemplateValue) {
        byDate = Dictionary(uniqueKeysWithValues: days.map { chart in
            (chart.date, chart.entries.map { ChartRow(date: chart.date, entry: $0, values: values($0, chart.date)) })
        })
    }

    func on(_ date: Day) -> [ChartRow] { byDate[date] ?? [] }

    func row(of code: String, on date: Day) -> ChartRow? { byDate[date]?.first { $0.code == code } }
}
