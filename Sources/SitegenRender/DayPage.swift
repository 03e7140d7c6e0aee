import Foundation
import SitegenModel
import SitegenMustache

/// The list and grid pages of one day (and the home page, which is the latest day).
enum DayPage {
    enum View { case list, grid }

    /// The route of a day's list or grid under a filter (`.all`: the national chart).
    static func route(_ scope: ChartScope, _ date: Day, _ view: View) -> Route {
        switch (scope, view) {
        case (.all, .list): .day(date)
        case (.all, .grid): .dayGrid(date)
        case (_, .list): .scopedDay(scope, date)
        case (_, .grid): .scopedDayGrid(scope, date)
        }
    }

    static func context(
        _ site: SiteModel, chart: DayChart, route: Route, view: View, scope: ChartScope = .all
    ) -> TemplateValue {
        let date = chart.date
        let isHome = route == .home || route == .homeGrid
        let listRoute: Route = isHome ? .home : Self.route(scope, date, .list)
        let gridRoute: Route = isHome ? .homeGrid : Self.route(scope, date, .grid)
        let w = site.words
        let scopeName = scope == .all ? "" : w("scopePhrase", w.scopeName(scope))
        let heading = w.longDate(date)
        let top = chart.entries.prefix(3).filter { $0.rank <= 3 }.map {
            w("topItem", "\($0.rank)", site.title($0), w.people($0.audience, compact: true))
        }
        let description =
            chart.entries.isEmpty
            ? w("dayDescriptionEmpty", heading, scopeName)
            : w("dayDescription", heading, scopeName, top.joined(separator: ", "))
                + (site.isDemo ? w("demoSuffix") : "")

        let days = scope == .all ? site.days : site.market.days[scope] ?? []
        let index = scope == .all ? site.dayIndex[date]! : site.market.dayIndex[scope]![date]!
        func neighbour(_ offset: Int) -> TemplateValue? {
            let i = index + offset
            guard days.indices.contains(i) else { return nil }
            let d = days[i].date
            let target = Self.route(scope, d, view)
            return [
                "href": .text(site.href(target, from: route)),
                "label": .text(w.monthDayWeekday(d))
            ]
        }
        let audienceSum = chart.audienceSum
        let salesSum = chart.salesSum
        let links = periodLinks(site, date, from: route, scope: scope)
        let entries: TemplateValue =
            scope == .all
            ? .list(site.rows.on(date).map(\.values))
            : .list(chart.entries.map { scopedEntry(site, $0, date: date) })
        let dataRoute: Route = scope == .all ? .dayData(date) : .scopedDayData(scope, date)
        let csvRoute: Route = scope == .all ? .dayCSV(date) : .scopedDayCSV(scope, date)
        let day: TemplateValue = [
            "iso": .text(date.iso),
            "heading": .text(heading),
            "holiday": w.holiday(date).map { .text($0) },
            "short": .text(w.shortDate(date)),
            "isHome": .bool(isHome),
            "scopeName": scope == .all ? nil : .text(w.scopeName(scope)),
            "tabs": MarketPage.tabs(site, view: view, from: route, isHome: isHome) {
                MarketPage.dayChart(site, $0, date)
            },
            "share": MarketPage.shareLine(site.market.share(on: date), site: site, from: route),
            "hasEntries": .bool(!chart.entries.isEmpty),
            "rejectedRows": chart.rejectedRows > 0 ? ["count": .int(chart.rejectedRows)] : nil,
            "entries": entries,
            "prev": neighbour(-1),
            "next": neighbour(1),
            "listHref": .text(site.href(listRoute, from: route)),
            "calendarHref": .text(
                site.href(ArchivePage.route(of: date, in: site), from: route) + "#" + ArchivePage.anchor(of: date)),
            "gridHref": .text(site.href(gridRoute, from: route)),
            "isList": .bool(view == .list),
            "isGrid": .bool(view == .grid),
            "dataHref": .text(site.href(dataRoute, from: route)),
            "csvHref": .text(site.href(csvRoute, from: route)),
            "permalink": isHome ? .text(site.href(.day(date), from: route)) : nil,
            "fetchedAt": chart.fetchedAt.map { .text(InstantText.kst($0)) },
            "audienceSum": .text(KoreanFormat.grouped(audienceSum)),
            "audienceSumText": .text(w.people(audienceSum)),
            "salesSum": .text(KoreanFormat.grouped(salesSum)),
            "salesSumCompact": .text(w.won(salesSum, compact: true)),
            "note": scope == .all ? site.noteHTML(site.notes.days[date], on: route).templateValue : nil,
            "siteNote": isHome ? site.noteHTML(site.notes.site, on: route).templateValue : nil,
            "periodLinks": .list(links),
            "hasPeriodLinks": .bool(!links.isEmpty),
        ]
        let chartView = ChartView.context(
            heading: heading, caption: w("dayCaption", heading, scopeName), figureLabel: w("today"),
            changeSub: w("versusLabel", w.versus(.day)), entries: entries, audienceSum: audienceSum, salesSum: salesSum,
            emptyText: w("dayEmpty"), rejectedRows: chart.rejectedRows, isPeriod: false)
        let viewName = w(view == .list ? "viewList" : "viewGrid")
        let title = isHome ? w("homeTitle", heading, viewName) : w("dayTitle", heading, viewName, scopeName)
        let pageName = w("dayPageName", heading, scopeName)
        var trail: [(name: String, route: Route)] = [(w("navArchive"), .archive), (heading, .day(date))]
        if scope != .all { trail.append((w.scopeName(scope), DayPage.route(scope, date, .list))) }
        let structured = [
            StructuredData.breadcrumbs(site, trail, from: route),
            StructuredData.chart(site, name: pageName, entries: chart.entries, from: route),
        ]
        return site.base(route, title: title, description: description,
                         kind: view == .list ? "day-list" : "day-grid",
                         dataHref: site.href(dataRoute, from: route), structuredData: structured,
                         content: ["day": day, "chart": chartView])
    }

    /// The week and weekend this day belongs to, when built, then the latest ones. A filter's
    /// day links the filter's week and weekend where they were fetched, and not the latest.
    static func periodLinks(
        _ site: SiteModel, _ date: Day, from route: Route, scope: ChartScope = .all
    ) -> [TemplateValue] {
        var links: [TemplateValue] = []
        var shown = Set<Route>()
        let w = site.words
        func add(_ kind: PeriodKind, _ start: Day?, _ pattern: String) {
            guard let start, site.periodIndex[kind]?[start] != nil, shown.insert(.period(kind, start)).inserted else {
                return
            }
            let target: Route =
                scope != .all && site.market.period(scope, kind, start) != nil
                ? .scopedPeriod(scope, kind, start) : .period(kind, start)
            links.append([
                "href": .text(site.href(target, from: route)),
                "label": .text(w(pattern + (kind == .week ? "Week" : "Weekend"))),
                "name": .text(w.weekName(kind, start))
            ])
        }
        let monday = PeriodKind.week.start(containing: date)
        add(.week, monday, "periodLinkThis")
        add(.weekend, monday?.adding(days: 4), "periodLinkThis")
        // Only the national pages link the latest ones: a filter's pages of past days then stay as
        // they are when a week completes, instead of rewriting three more pages for every day.
        guard scope == .all else { return links }
        add(.week, site.periods[.week]?.last?.start, "periodLinkLatest")
        add(.weekend, site.periods[.weekend]?.last?.start, "periodLinkLatest")
        return links
    }

    /// A filter's row: a film that never made the national daily top 10 has no page to link.
    static func scopedEntry(
        _ site: SiteModel, _ e: ChartEntry, date: Day?, versus: Words.Versus = .day
    ) -> TemplateValue {
        guard case .object(var fields) = entry(site, e, date: date, versus: versus) else { return .null }
        fields["hasPage"] = .bool(site.history[e.movieCode] != nil)
        return .object(fields)
    }

    /// One chart row. Links are from the site root: templates write `{{root}}{{movieHref}}`.
    /// `date` nil (a week's row) leaves out the day of the run; `versus` names what the rank
    /// change is against, for screen readers.
    static func entry(_ site: SiteModel, _ e: ChartEntry, date: Day?, versus: Words.Versus = .day) -> TemplateValue {
        let w = site.words
        let change = w.rankChange(e, versus: versus)
        return [
            "rank": .int(e.rank),
            "isNew": .bool(e.isNew),
            "change": ["kind": .text(change.kind), "symbol": .text(change.symbol), "spoken": .text(change.spoken)],
            "title": .text(site.title(e)),
            // Every film on a daily chart has its page; a week's row may not (PeriodPage says).
            "hasPage": true,
            "code": .text(e.movieCode),
            "movieHref": .text(site.path(.movie(e.movieCode))),
            "audience": .text(KoreanFormat.grouped(e.audience)),
            "audienceTotal": .text(KoreanFormat.grouped(e.audienceTotal)),
            "sales": .text(KoreanFormat.grouped(e.sales)),
            "salesTotal": .text(KoreanFormat.grouped(e.salesTotal)),
            "screens": .text(KoreanFormat.grouped(e.screens)),
            "showings": .text(KoreanFormat.grouped(e.showings)),
            "todayCompact": .text(w.compact(e.audience)),
            "salesCompact": .text(w.isKorean ? KoreanFormat.compact(e.sales) : w.won(e.sales, compact: true)),
            "totalCompact": .text(w.compact(e.audienceTotal)),
            "audienceTrend": .text(KoreanFormat.trend(e.audienceChange)),
            "salesTrend": .text(KoreanFormat.trend(e.salesChange)),
            "poster": site.posterContext(e.movieCode),
            "openDate": e.openDate.map { .text(w.shortDate($0)) },
            "dayOfRun": date.flatMap { w.dayOfRun(open: e.openDate, on: $0) }.templateValue,
            "audienceChange": e.audienceChange.map { .text(KoreanFormat.signed($0)) },
            "audienceChangeRate": e.audienceChangeRate.map { .text(KoreanFormat.signedPercent($0)) },
            "salesChange": e.salesChange.map { .text(KoreanFormat.signed($0)) },
            "salesChangeRate": e.salesChangeRate.map { .text(KoreanFormat.signedPercent($0)) },
            "salesShare": e.salesShare.map { .text(KoreanFormat.percent($0)) },
            "salesShareWidth": e.salesShare.map { .text(KoreanFormat.oneDecimal(min(max($0, 0), 100))) },
        ]
    }
}
