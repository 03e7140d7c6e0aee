import Foundation
import SitegenModel
import SitegenMustache

/// The list and poster pages of a weekly (월–일) or weekend (금–일) chart: the day pages' fields,
/// with changes against the previous period, and links to the period's days and its counterpart.
enum PeriodPage {
    static func kindName(_ kind: PeriodKind) -> String { kind == .week ? "주간" : "주말" }

    /// 「2024년 2월 2주」, and 「… 주말」 for the weekend of that week.
    static func weekName(_ kind: PeriodKind, _ start: Day) -> String {
        let w = MonthWeek(monday: kind == .week ? start : start.adding(days: -4))
        return "\(w.year)년 \(w.month)월 \(w.number)주" + (kind == .weekend ? " 주말" : "")
    }

    /// 「2024년 2월 2주 · 2.5 ~ 2.11」
    static func heading(_ kind: PeriodKind, _ start: Day) -> String {
        let end = start.adding(days: kind.length - 1)
        return "\(weekName(kind, start)) · \(start.month).\(start.day) ~ \(end.month).\(end.day)"
    }

    /// The other chart of the same week: a week's weekend, a weekend's week.
    static func counterpart(_ chart: PeriodChart) -> (PeriodKind, Day) {
        chart.kind == .week ? (.weekend, chart.start.adding(days: 4)) : (.week, chart.start.adding(days: -4))
    }

    /// Under a filter, to the filter's chart of that period where it was fetched.
    static func link(
        _ site: SiteModel, _ kind: PeriodKind, _ start: Day, from route: Route, grid: Bool = false,
        scope: ChartScope = .all
    ) -> TemplateValue? {
        guard site.periodIndex[kind]?[start] != nil else { return nil }
        let shown = scope != .all && site.market.period(scope, kind, start) != nil ? scope : .all
        let target = Self.route(shown, kind, start, grid: grid)
        return [
            "href": .text(site.href(target, from: route)), "label": .text(site.words.weekName(kind, start)),
            "kind": .text(site.words.kindName(kind))
        ]
    }

    static func latest(_ site: SiteModel, _ kind: PeriodKind, from route: Route) -> TemplateValue? {
        guard let chart = site.periods[kind]?.last else { return nil }
        return link(site, kind, chart.start, from: route)
    }

    static func route(_ scope: ChartScope, _ kind: PeriodKind, _ start: Day, grid: Bool) -> Route {
        switch (scope, grid) {
        case (.all, false): .period(kind, start)
        case (.all, true): .periodGrid(kind, start)
        case (_, false): .scopedPeriod(scope, kind, start)
        case (_, true): .scopedPeriodGrid(scope, kind, start)
        }
    }

    static func context(_ site: SiteModel, chart: PeriodChart, grid: Bool, scope: ChartScope = .all) -> TemplateValue {
        let kind = chart.kind, start = chart.start
        let route = Self.route(scope, kind, start, grid: grid)
        let w = site.words
        let heading = w.periodHeading(kind, start)
        let name = w.kindName(kind)
        let scopeName = scope == .all ? "" : w("scopePhrase", w.scopeName(scope))
        let top = chart.entries.prefix(3).filter { $0.rank <= 3 }.map {
            w("topItem", "\($0.rank)", site.title($0), w.people($0.audience, compact: true))
        }
        let pageName = w("periodPageName", heading, scopeName, name)
        let description =
            chart.entries.isEmpty
            ? w("periodDescriptionEmpty", pageName)
            : w("periodDescription", pageName, top.joined(separator: ", ")) + (site.isDemo ? w("demoSuffix") : "")
        let charts = scope == .all ? site.periods[kind] ?? [] : site.market.periods[scope]?[kind] ?? []
        let index =
            scope == .all
            ? site.periodIndex[kind]?[start] ?? 0 : site.market.periodIndex[scope]?[kind]?[start] ?? 0
        func neighbour(_ offset: Int) -> TemplateValue? {
            let i = index + offset
            guard charts.indices.contains(i) else { return nil }
            let s = charts[i].start
            return [
                "href": .text(site.href(Self.route(scope, kind, s, grid: grid), from: route)),
                "label": .text(w.weekName(kind, s))
            ]
        }
        let (otherKind, otherStart) = counterpart(chart)
        let days: [TemplateValue] = chart.days.map { d in
            let holiday = w.holiday(d)
            let label =
                w.isKorean ? "\(d.month).\(d.day) (\(KoreanFormat.weekdayNames[d.weekday]))" : w.monthDayWeekday(d)
            return ["label": .text(label),
                    "href": site.dayIndex[d].map { _ -> TemplateValue in
                        let target = site.market.day(scope, d) != nil ? DayPage.route(scope, d, .list) : .day(d)
                        return .text(site.href(target, from: route))
                    },
                    "weekday": .text(KoreanFormat.dayClass(d)),
                    "holiday": holiday.map { .text($0) }]
        }
        let audienceSum = chart.audienceSum
        let salesSum = chart.salesSum
        let entries: TemplateValue = .list(chart.entries.map { entry(site, $0, kind: chart.kind) })
        let dataRoute: Route = scope == .all ? .periodData(kind, start) : .scopedPeriodData(scope, kind, start)
        let csvRoute: Route = scope == .all ? .periodCSV(kind, start) : .scopedPeriodCSV(scope, kind, start)
        let chartView = ChartView.context(
            heading: heading, caption: pageName, figureLabel: name,
            changeSub: w("versusLabel", w.versus(kind == .week ? .week : .weekend)), entries: entries,
            audienceSum: audienceSum, salesSum: salesSum, emptyText: w("periodEmpty"), rejectedRows: 0, isPeriod: true)
        let period: TemplateValue = [
            "kind": .text(kind.rawValue),
            "kindName": .text(name), "changeName": .text(w(kind == .week ? "changeWeek" : "changeWeekend")),
            "scopeName": scope == .all ? nil : .text(w.scopeName(scope)),
            "tabs": MarketPage.tabs(site, view: grid ? .grid : .list, from: route) {
                MarketPage.periodChart(site, $0, kind, start)
            },
            "share": MarketPage.shareLine(site.market.share(kind, start), site: site, from: route),
            "heading": .text(heading),
            "range": .text(w("range", w.shortDate(start), w.shortDate(chart.end))),
            "hasEntries": .bool(!chart.entries.isEmpty),
            "entries": entries,
            "prev": neighbour(-1),
            "next": neighbour(1),
            "counterpart": link(site, otherKind, otherStart, from: route, grid: grid, scope: scope),
            "days": .list(days),
            "listHref": .text(site.href(Self.route(scope, kind, start, grid: false), from: route)),
            "gridHref": .text(site.href(Self.route(scope, kind, start, grid: true), from: route)),
            "isList": .bool(!grid),
            "isGrid": .bool(grid),
            "dataHref": .text(site.href(dataRoute, from: route)),
            "csvHref": .text(site.href(csvRoute, from: route)),
            "fetchedAt": chart.fetchedAt.map { .text(InstantText.kst($0)) },
            "audienceSum": .text(KoreanFormat.grouped(audienceSum)),
            "audienceSumText": .text(w.people(audienceSum)),
            "salesSum": .text(KoreanFormat.grouped(salesSum)),
            "salesSumCompact": .text(w.won(salesSum, compact: true)),
        ]
        let structured = [
            StructuredData.breadcrumbs(site, [(pageName, Self.route(scope, kind, start, grid: false))], from: route),
            StructuredData.chart(site, name: pageName, entries: chart.entries, from: route),
        ]
        return site.base(
            route, title: w("periodTitle", pageName, w(grid ? "viewGrid" : "viewList")), description: description,
            kind: grid ? "period-grid" : "period-list",
            dataHref: site.href(dataRoute, from: route), structuredData: structured,
            content: ["period": period, "chart": chartView])
    }

    /// A day page's row, without the day of the run (a week has seven), and without a link when
    /// the film never made a daily top 10 in the range (it then has no page).
    static func entry(_ site: SiteModel, _ e: ChartEntry, kind: PeriodKind) -> TemplateValue {
        guard case .object(var fields) = DayPage.entry(site, e, date: nil, versus: kind == .week ? .week : .weekend)
        else { return .null }
        fields["hasPage"] = .bool(site.history[e.movieCode] != nil)
        return .object(fields)
    }
}
