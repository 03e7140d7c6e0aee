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

/// Every day's rows, looked up by date and by film. A row's template values are made when a page
/// asks for them, not kept: each is asked for twice at most (its day's page and its film's), and
/// holding all 80,000 of a whole history's at once was 150 MB of a cold build's peak for the
/// 0.2 s of work it saved.
struct ChartRows: Sendable {
    private let byDate: [Day: [ChartEntry]]
    private let values: @Sendable (ChartEntry, Day) -> TemplateValue

    init(_ days: [DayChart], values: @escaping @Sendable (ChartEntry, Day) -> TemplateValue) {
        byDate = Dictionary(uniqueKeysWithValues: days.map { ($0.date, $0.entries) })
        self.values = values
    }

    func on(_ date: Day) -> [ChartRow] {
        (byDate[date] ?? []).map { ChartRow(date: date, entry: $0, values: values($0, date)) }
    }

    func row(of code: String, on date: Day) -> ChartRow? {
        byDate[date]?.first { $0.movieCode == code }.map { ChartRow(date: date, entry: $0, values: values($0, date)) }
    }
}
