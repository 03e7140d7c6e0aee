import SitegenBasics
import Foundation
import SitegenModel
import SitegenMustache

/// The page of a weekly (월–일) or weekend (금–일) chart, list and posters: the day pages' fields,
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

    static func link(_ site: SiteModel, _ kind: PeriodKind, _ start: Day, from route: Route) -> TemplateValue? {
        guard site.periodIndex[kind]?[start] != nil else { return nil }
        return [
            "href": .text(site.href(.period(kind, start), from: route)),
            "label": .text(site.words.weekName(kind, start)),
            "kind": .text(site.words.kindName(kind))
        ]
    }

    static func latest(_ site: SiteModel, _ kind: PeriodKind, from route: Route) -> TemplateValue? {
        guard let chart = site.periods[kind]?.last else { return nil }
        return link(site, kind, chart.start, from: route)
    }

    /// `rows` false leaves the chart's rows out, for the filters page (as `DayPage.context`).
    static func context(
        _ site: SiteModel, chart: PeriodChart, route: Route? = nil, rows: Bool = true
    ) -> TemplateValue {
        let kind = chart.kind, start = chart.start
        let route = route ?? .period(kind, start)
        let w = site.words
        let heading = w.periodHeading(kind, start)
        let name = w.kindName(kind)
        let scopeName = ""
        let top = chart.entries.prefix(3).filter { $0.rank <= 3 }.map {
            w("topItem", "\($0.rank)", site.title($0), w.people($0.audience, compact: true))
        }
        let pageName = w("periodPageName", heading, scopeName, name)
        let description =
            chart.entries.isEmpty
            ? w("periodDescriptionEmpty", pageName)
            : w("periodDescription", pageName, top.joined(separator: ", ")) + (site.isDemo ? w("demoSuffix") : "")
        let charts = site.periods[kind] ?? []
        let index = site.periodIndex[kind]?[start] ?? 0
        func neighbour(_ offset: Int) -> TemplateValue? {
            let i = index + offset
            guard charts.indices.contains(i) else { return nil }
            let s = charts[i].start
            return [
                "href": .text(site.href(.period(kind, s), from: route)),
                "label": .text(w.weekName(kind, s))
            ]
        }
        let (otherKind, otherStart) = counterpart(chart)
        let days: [TemplateValue] = chart.days.map { d in
            let holiday = w.holiday(d)
            return ["label": .text(w.periodDay(d)),
                    "href": site.dayIndex[d].map { _ in .text(site.href(.day(d), from: route)) },
                    "weekday": .text(KoreanFormat.dayClass(d)),
                    "holiday": holiday.map { .text($0) }]
        }
        let audienceSum = chart.audienceSum
        let salesSum = chart.salesSum
        let entries: TemplateValue =
            .list(rows ? chart.entries.map { entry(site, $0, kind: chart.kind, start: chart.start) } : [])
        let dataRoute = Route.yearData(of: start, kind: kind, .json)
        let csvRoute = Route.yearData(of: start, kind: kind, .csv)
        let filters = site.market.scopes.filter { site.market.period($0, kind, start) != nil }
        let chartView = ChartView.context(
            heading: heading, caption: pageName, figureLabel: name,
            changeSub: w("versusLabel", w.versus(kind == .week ? .week : .weekend)), entries: entries,
            audienceSum: audienceSum, salesSum: salesSum, emptyText: w("periodEmpty"), rejectedRows: 0, isPeriod: true)
        let period: TemplateValue = [
            "kind": .text(kind.rawValue),
            "kindName": .text(name), "changeName": .text(w(kind == .week ? "changeWeek" : "changeWeekend")),
            "tabs": MarketPage.tabs(site, scopes: filters, national: "#main", filters: "filters/index.html"),
            "share": MarketPage.shareLine(site.market.share(kind, start), site: site, from: route),
            "heading": .text(heading),
            "hasEntries": .bool(!chart.entries.isEmpty),
            "entries": entries,
            "prev": neighbour(-1),
            "next": neighbour(1),
            "counterpart": link(site, otherKind, otherStart, from: route),
            "days": .list(days),
            "dataHref": .text(site.href(dataRoute, from: route)),
            "csvHref": .text(site.href(csvRoute, from: route)),
            "dataYear": .text(w("dataYear", "\(start.year)")),
            // Each filter's year too, on the filters page (`MarketPage.scopeDownloads`).
            "scopeData": nil,
            "fetchedAt": chart.fetchedAt.map { .text(InstantText.kst($0)) },
            "audienceSum": .text(KoreanFormat.grouped(audienceSum)),
            "audienceSumText": .text(w.people(audienceSum)),
            "salesSum": .text(KoreanFormat.grouped(salesSum)),
            "salesSumCompact": .text(w.won(salesSum, compact: true)),
        ]
        return site.base(
            route, title: w("periodTitle", pageName), description: description, kind: "period",
            dataHref: site.href(dataRoute, from: route),
            content: ["period": period, "chart": chartView])
    }

    /// The period's 한국영화, 외국영화 and 다양성영화 top 10s on one page (`week/…/filters/`), with
    /// the period's head; nil when it has no filtered chart.
    static func filtersContext(_ site: SiteModel, chart: PeriodChart) -> TemplateValue? {
        let kind = chart.kind, start = chart.start
        let route = Route.periodFilters(kind, start)
        let scopes = site.market.scopes.compactMap { scope in
            site.market.period(scope, kind, start).map { chart in
                (scope, chart.entries.map { entry(site, $0, kind: kind, start: start) })
            }
        }
        guard !scopes.isEmpty, case .object(let page) = context(site, chart: chart, route: route, rows: false),
            case .object(var period)? = page["period"], case .object(var view)? = page["chart"]
        else { return nil }
        let w = site.words
        let charts = site.periods[kind] ?? []
        func neighbour(_ offset: Int) -> TemplateValue? {
            let i = (site.periodIndex[kind]?[start] ?? 0) + offset
            guard charts.indices.contains(i) else { return nil }
            let s = charts[i].start
            let filtered = site.market.scopes.contains { site.market.period($0, kind, s) != nil }
            let target: Route = filtered ? .periodFilters(kind, s) : .period(kind, s)
            return ["href": .text(site.href(target, from: route)), "label": .text(w.weekName(kind, s))]
        }
        period["tabs"] = MarketPage.tabs(
            site, scopes: scopes.map(\.0), national: site.href(.period(kind, start), from: route), filters: "")
        period["hasEntries"] = false
        period["prev"] = neighbour(-1)
        period["next"] = neighbour(1)
        period["scopeData"] = MarketPage.scopeDownloads(
            site, scopes.map(\.0), kind: kind, year: start.year, from: route)
        view["scopes"] = MarketPage.scopeCharts(site, scopes)
        view["koreanTitlesNote"] = MarketPage.koreanTitlesNote(
            site, site.market.scopes.compactMap { site.market.period($0, kind, start)?.entries })
        let name = w("periodPageName", w.periodHeading(kind, start), w("filtersPhrase"), w.kindName(kind))
        return site.base(
            route, title: w("periodTitle", name), description: name, kind: "filters",
            dataHref: site.href(.yearData(of: start, kind: kind, .json), from: route),
            content: ["period": .object(period), "chart": .object(view)])
    }

    /// A day page's row with the week of the run where a day's row has its day (`dayOfRun`:
    /// 「개봉 2주차」), and without a link when the film never made a daily top 10 in the range (it
    /// then has no page).
    static func entry(_ site: SiteModel, _ e: ChartEntry, kind: PeriodKind, start: Day) -> TemplateValue {
        DayPage.entry(
            site, e, date: nil, versus: kind == .week ? .week : .weekend, hasPage: site.hasPage(e.movieCode),
            periodEnd: start.adding(days: kind.length - 1))
    }
}

/// A week's or weekend's page, its filters' page, and its share card.
struct PeriodJob: PageJob {
    let kind: PeriodKind
    let index: Int

    func id(_ site: SiteModel) -> String { "\(kind.rawValue) \(site.periods[kind]![index].start.iso)" }

    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        let site = keys.site
        let charts = site.periods[kind] ?? []
        let chart = charts[index]
        f.add(keys.periodPrints[kind]![index])
        // Its own card or, once it is over a year old, the site's.
        f.add(ShareCards.ownsCard(site, kind, index))
        f.add(index > 0 ? charts[index - 1].start : nil)
        f.add(index + 1 < charts.count ? charts[index + 1].start : nil)
        let (otherKind, otherStart) = PeriodPage.counterpart(chart)
        f.add(site.periodIndex[otherKind]?[otherStart] != nil)
        keys.addMarket(kind, chart.start, to: &f)
        for d in chart.days { f.add(site.dayIndex[d] != nil) }
        for e in chart.entries {
            keys.addLook(e.movieCode, to: &f)
            f.add(site.hasPage(e.movieCode))
        }
        return true
    }

    /// A period with any filter's chart has its filters page too.
    func pageCount(_ site: SiteModel) -> Int {
        site.market.scopes.contains { site.market.period($0, kind, site.periods[kind]![index].start) != nil } ? 2 : 1
    }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        let chart = site.periods[kind]![index]
        let (card, own) = try ShareCards.forPeriod(site, kind, index, templates)
        let context = TemplateValue.withCard(PeriodPage.context(site, chart: chart), card, base: site.config.baseURL)
        let filters = try PeriodPage.filtersContext(site, chart: chart).map {
            try site.page(
                .periodFilters(kind, chart.start), "filters", .withCard($0, card, base: site.config.baseURL),
                templates)
        }
        return (
            [try site.page(.period(kind, chart.start), "week", context, templates)] + (filters.map { [$0] } ?? [])
                + (own ? card.map { [$0.file] } ?? [] : []), filters == nil ? 1 : 2
        )
    }
}
