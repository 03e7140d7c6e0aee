import SitegenBasics
import Foundation
import SitegenModel
import SitegenMustache

/// The page of one day's chart (and the home page, which is the latest day): a list, and the
/// same rows as posters at `#posters`. Its filters' top 10s (한국·외국·다양성) are one page beside
/// it, `filters/`, each at its own anchor.
enum DayPage {
    /// `rows` false leaves the chart's rows out, for the filters page, which shows its filters' rows
    /// instead (a whole history's day pages built each day's rows twice).
    static func context(_ site: SiteModel, chart: DayChart, route: Route, rows: Bool = true) -> TemplateValue {
        let date = chart.date
        let isHome = route == .home
        let w = site.words
        let heading = w.longDate(date)
        let top = chart.entries.prefix(3).filter { $0.rank <= 3 }.map {
            w("topItem", "\($0.rank)", site.title($0), w.people($0.audience, compact: true))
        }
        let description =
            chart.entries.isEmpty
            ? w("dayDescriptionEmpty", heading, "")
            : w("dayDescription", heading, "", top.joined(separator: ", "))
                + (site.isDemo ? w("demoSuffix") : "")

        let index = site.dayIndex[date]!
        func neighbour(_ offset: Int) -> TemplateValue? {
            let i = index + offset
            guard site.days.indices.contains(i) else { return nil }
            let d = site.days[i].date
            return [
                "href": .text(site.href(.day(d), from: route)),
                "label": .text(w.monthDayWeekday(d))
            ]
        }
        let audienceSum = chart.audienceSum
        let salesSum = chart.salesSum
        let links = periodLinks(site, date, from: route)
        let entries: TemplateValue = .list(rows ? site.rows.on(date).map(\.values) : [])
        let filters = site.market.scopes.filter { site.market.day($0, date) != nil }
        let day: TemplateValue = [
            "iso": .text(date.iso),
            "heading": .text(heading),
            "holiday": w.holiday(date).map { .text($0) },
            "short": .text(w.shortDate(date)),
            "isHome": .bool(isHome),
            "tabs": MarketPage.tabs(site, scopes: filters, national: "#main",
                                    filters: isHome ? site.href(.dayFilters(date), from: route) : "filters/index.html"),
            "share": MarketPage.shareLine(site.market.share(on: date), site: site, from: route),
            "hasEntries": .bool(!chart.entries.isEmpty),
            "rejectedRows": chart.rejectedRows > 0 ? ["count": .int(chart.rejectedRows)] : nil,
            "entries": entries,
            "prev": neighbour(-1),
            "next": neighbour(1),
            "calendarHref": .text(
                site.href(ArchivePage.route(of: date, in: site), from: route) + "#" + ArchivePage.anchor(of: date)),
            "dataHref": .text(site.href(.yearData(of: date, .json), from: route)),
            "csvHref": .text(site.href(.yearData(of: date, .csv), from: route)),
            "dataYear": .text(w("dataYear", "\(date.year)")),
            // Each filter's year too, on the filters page (`MarketPage.scopeDownloads`).
            "scopeData": nil,
            "permalink": isHome ? .text(site.href(.day(date), from: route)) : nil,
            "fetchedAt": chart.fetchedAt.map { .text(InstantText.kst($0)) },
            "audienceSum": .text(KoreanFormat.grouped(audienceSum)),
            "audienceSumText": .text(w.people(audienceSum)),
            "salesSum": .text(KoreanFormat.grouped(salesSum)),
            "salesSumCompact": .text(w.won(salesSum, compact: true)),
            "note": site.noteHTML(site.notes.days[date], on: route).templateValue,
            "siteNote": isHome ? site.noteHTML(site.notes.site, on: route).templateValue : nil,
            "openings": isHome ? OpeningsPage.teaser(site, from: route) : nil,
            "periodLinks": .list(links),
            "hasPeriodLinks": .bool(!links.isEmpty),
        ]
        let chartView = ChartView.context(
            heading: heading, caption: w("dayCaption", heading, ""), figureLabel: w("today"),
            changeSub: w("versusLabel", w.versus(.day)), entries: entries, audienceSum: audienceSum, salesSum: salesSum,
            emptyText: w("dayEmpty"), rejectedRows: chart.rejectedRows, isPeriod: false)
        let title = isHome ? w("homeTitle", heading) : w("dayTitle", heading, "")
        let pageName = w("dayPageName", heading, "")
        // The chart as an ItemList on the home page only: on every day's page it was a tenth of the
        // page's bytes, for search engines that index the latest chart anyway. No breadcrumbs on a
        // chart page: its address says where it sits (date/2024-02-10/), which search engines show
        // instead, and 16,000 pages an edition of them were 22 MB of a published two-edition site.
        let itemList = isHome ? StructuredData.chart(site, name: pageName, entries: chart.entries, from: route) : nil
        let structured = itemList.map { [$0] } ?? []
        return site.base(route, title: title, description: description,
                         kind: "day",
                         dataHref: site.href(.yearData(of: date, .json), from: route), structuredData: structured,
                         content: ["day": day, "chart": chartView])
    }

    /// The day's 한국영화, 외국영화 and 다양성영화 top 10s on one page (`date/…/filters/`), with the
    /// day's head; nil when the day has no filtered chart.
    static func filtersContext(_ site: SiteModel, chart: DayChart) -> TemplateValue? {
        let date = chart.date
        let route = Route.dayFilters(date)
        let scopes = site.market.scopes.compactMap { scope in
            site.market.day(scope, date).map { (scope, $0.entries.map { scopedEntry(site, $0, date: date) }) }
        }
        guard !scopes.isEmpty, case .object(let page) = context(site, chart: chart, route: route, rows: false),
            case .object(var day)? = page["day"], case .object(var view)? = page["chart"]
        else { return nil }
        let w = site.words
        let heading = w.longDate(date)
        func neighbour(_ offset: Int) -> TemplateValue? {
            let i = site.dayIndex[date]! + offset
            guard site.days.indices.contains(i) else { return nil }
            let d = site.days[i].date
            let target: Route = site.market.scopes.contains { site.market.day($0, d) != nil } ? .dayFilters(d) : .day(d)
            return ["href": .text(site.href(target, from: route)), "label": .text(w.monthDayWeekday(d))]
        }
        day["tabs"] = MarketPage.tabs(site, scopes: scopes.map(\.0), national: site.href(.day(date), from: route),
                                      filters: "")
        day["hasEntries"] = false
        day["note"] = nil
        day["prev"] = neighbour(-1)
        day["next"] = neighbour(1)
        day["scopeData"] = MarketPage.scopeDownloads(site, scopes.map(\.0), kind: nil, year: date.year, from: route)
        view["scopes"] = MarketPage.scopeCharts(site, scopes)
        view["koreanTitlesNote"] = MarketPage.koreanTitlesNote(
            site, site.market.scopes.compactMap { site.market.day($0, date)?.entries })
        let name = w("filtersPageName", heading)
        return site.base(
            route, title: w("dayTitle", heading, w("filtersPhrase")), description: name, kind: "filters",
            dataHref: site.href(.yearData(of: date, .json), from: route),
            content: ["day": .object(day), "chart": .object(view)])
    }

    /// The latest week and weekend a day's page links besides its own: only on the days after
    /// them (a week still under way, whose own charts are not out). Every day linked them once,
    /// so the day that completes a week changed every day page of the history: 8,000 pages
    /// rendered, written and sent to the host each Sunday, where a morning changes a few hundred.
    /// A reader of an older day reaches the latest week through 「최신」, the latest day.
    static func latestLinked(_ site: SiteModel, _ date: Day) -> (week: Day?, weekend: Day?) {
        func latest(_ kind: PeriodKind) -> Day? {
            guard let start = site.periods[kind]?.last?.start, date > start.adding(days: kind.length - 1) else {
                return nil
            }
            return start
        }
        return (latest(.week), latest(.weekend))
    }

    /// The week and weekend this day belongs to, when built, then the latest ones on the days after them.
    static func periodLinks(_ site: SiteModel, _ date: Day, from route: Route) -> [TemplateValue] {
        var links: [TemplateValue] = []
        var shown = Set<Route>()
        let w = site.words
        func add(_ kind: PeriodKind, _ start: Day?, _ pattern: String) {
            guard let start, site.periodIndex[kind]?[start] != nil, shown.insert(.period(kind, start)).inserted else {
                return
            }
            links.append([
                "href": .text(site.href(.period(kind, start), from: route)),
                "label": .text(w(pattern + (kind == .week ? "Week" : "Weekend"))),
                "name": .text(w.weekName(kind, start))
            ])
        }
        let monday = PeriodKind.week.start(containing: date)
        add(.week, monday, "periodLinkThis")
        add(.weekend, monday?.adding(days: 4), "periodLinkThis")
        let latest = latestLinked(site, date)
        add(.week, latest.week, "periodLinkLatest")
        add(.weekend, latest.weekend, "periodLinkLatest")
        return links
    }

    /// A filter's row: a film that never made the national daily top 10 has no page to link.
    static func scopedEntry(
        _ site: SiteModel, _ e: ChartEntry, date: Day?, versus: Words.Versus = .day
    ) -> TemplateValue {
        entry(site, e, date: date, versus: versus, hasPage: site.hasPage(e.movieCode))
    }

    /// One chart row. Links are from the site root: templates write `{{root}}{{movieHref}}`.
    /// `date` nil (a week's row) leaves out the day of the run, or gives the week of the run when
    /// the row is of a period ending `periodEnd`; `versus` names what the rank change is against,
    /// for screen readers. Every film on a daily chart has its page; a filter's or week's row may
    /// not (`hasPage`). Whole, not amended after: amending a row copied its 35 fields.
    static func entry(
        _ site: SiteModel, _ e: ChartEntry, date: Day?, versus: Words.Versus = .day, hasPage: Bool = true,
        periodEnd: Day? = nil
    ) -> TemplateValue {
        let w = site.words
        let change = w.rankChange(e, versus: versus)
        // A new entry's change is against a day it was not charted: KOBIS gives its whole audience
        // as the change (+100%), and leaves it blank on its own pages, as the trade does.
        let moved = !e.isNew
        // Weekday drops are judged against the same weekday a week before, when the film was on
        // that day's chart (its figure off the chart is unknown: no change is made up).
        let weekAgo = date.flatMap { site.index.dayIndex[$0.adding(days: -7)] }.flatMap { i in
            site.days[i].entries.first { $0.movieCode == e.movieCode && $0.audience > 0 }?.audience
        }
        let weekdayChange = weekAgo.map { e.audience - $0 }
        // 「개봉 3일차」 on a day's row, 「개봉 2주차」 on a period's; null when unknown.
        let dayOfRun: String? =
            if let periodEnd { w.weekOfRun(open: e.openDate, end: periodEnd) }
            else { date.flatMap { w.dayOfRun(open: e.openDate, on: $0) } }
        return [
            "rank": .int(e.rank),
            "isNew": .bool(e.isNew),
            "change": ["kind": .text(change.kind), "symbol": .text(change.symbol), "spoken": .text(change.spoken)],
            "title": .text(site.title(e)), "titleLang": site.titleLang(e),
            "hasPage": .bool(hasPage),
            "code": .text(e.movieCode),
            "movieHref": .text(site.path(.movie(e.movieCode))),
            "audience": .text(KoreanFormat.grouped(e.audience)),
            "audienceTotal": .text(KoreanFormat.grouped(e.audienceTotal)),
            "sales": .text(KoreanFormat.grouped(e.sales)),
            "salesTotal": .text(KoreanFormat.grouped(e.salesTotal)),
            "screens": .text(KoreanFormat.grouped(e.screens)),
            "showings": .text(KoreanFormat.grouped(e.showings)),
            "todayCompact": .text(w.compact(e.audience)),
            "salesCompact": .text(w.salesCompact(e.sales)),
            "totalCompact": .text(w.compact(e.audienceTotal)),
            "audienceTrend": .text(KoreanFormat.trend(e.audienceChange)),
            "salesTrend": .text(KoreanFormat.trend(e.salesChange)),
            "poster": site.posterContext(e.movieCode),
            // The poster view's largest paint: the first poster is fetched with the page, not after
            // layout as a lazy image is. The others are as large, and an equal paint is no new largest.
            "eager": e.rank == 1 ? true : nil,
            "openDate": e.openDate.map { .text(w.shortDate($0)) },
            "dayOfRun": dayOfRun.templateValue,
            "weekdayChangeRate": weekAgo.map {
                .text(KoreanFormat.signedPercent(Double(e.audience - $0) / Double($0) * 100))
            },
            "weekdayTrend": .text(KoreanFormat.trend(weekdayChange)),
            // Floored, as every figure here: 1,799 admissions on 10 screens are 179 a screen. A
            // week's or weekend's too: its admissions over the screens KOBIS gives for it.
            "perScreen": e.screens > 0
                ? .text(w("perScreenValue", KoreanFormat.grouped(e.audience / Int64(e.screens)))) : nil,
            "audienceChange": moved ? e.audienceChange.map { .text(KoreanFormat.signed($0)) } : nil,
            // A period's card has no weekday change, so its change's rate stays on a phone.
            "keepRate": periodEnd != nil ? true : nil,
            "audienceChangeRate": moved ? e.audienceChangeRate.map { .text(KoreanFormat.signedPercent($0)) } : nil,
            "salesChange": moved ? e.salesChange.map { .text(KoreanFormat.signed($0)) } : nil,
            "salesChangeRate": moved ? e.salesChangeRate.map { .text(KoreanFormat.signedPercent($0)) } : nil,
            "salesShare": e.salesShare.map { .text(KoreanFormat.percent($0)) },
            "salesShareWidth": e.salesShare.map { .text(KoreanFormat.oneDecimal(min(max($0, 0), 100))) },
        ]
    }
}

/// The home page: the latest day's chart, the site's note, the line on this week's openings.
struct HomeJob: PageJob {
    func id(_ site: SiteModel) -> String { "home" }

    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        let site = keys.site
        guard let last = site.days.indices.last else { return false }
        keys.addDay(last, to: &f)
        f.add(site.notes.site)
        // Its line on this week's and next week's openings.
        if let openings = site.dataset.openings {
            f.add(openings.asOf)
            for film in OpeningsPage.shown(openings) { f.add(film.openDate) }
        } else {
            f.byte(0)
        }
        return true
    }

    func rowsShown(_ site: SiteModel, into wanted: inout RowsWanted) {
        if let last = site.days.last { wanted.days.insert(last.date) }
    }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        let chart = site.days.last!
        // The latest day's card: the day's own job writes it, under the day's name.
        let card = try ShareCards.day(site, chart, templates)
        let context = DayPage.context(site, chart: chart, route: .home)
        return ([try site.page(.home, "day", .withCard(context, card, base: site.config.baseURL), templates)], 1)
    }
}

/// A day's list and posters page, its filters' page, and its share card.
struct DayJob: PageJob {
    let index: Int

    func id(_ site: SiteModel) -> String { "day \(site.days[index].date.iso)" }

    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        let site = keys.site
        keys.addDay(index, to: &f)
        // An older day shows its week's card: the week's chart is drawn on it.
        let own = ShareCards.ownsCard(site, day: index)
        f.add(own)
        if !own, let week = ShareCards.weekWithCard(site, day: index) {
            f.add(keys.periodPrints[.week]![week])
            for e in site.periods[.week]![week].entries.prefix(3) { keys.addLook(e.movieCode, to: &f) }
        }
        return true
    }

    /// A day with any filter's chart has its filters page too.
    func pageCount(_ site: SiteModel) -> Int {
        site.market.scopes.contains { site.market.day($0, site.days[index].date) != nil } ? 2 : 1
    }

    func rowsShown(_ site: SiteModel, into wanted: inout RowsWanted) { wanted.days.insert(site.days[index].date) }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        let chart = site.days[index]
        let (card, own) = try ShareCards.forDay(site, index, templates)
        let context = DayPage.context(site, chart: chart, route: .day(chart.date))
        let filters = try DayPage.filtersContext(site, chart: chart).map {
            try site.page(
                .dayFilters(chart.date), "filters", .withCard($0, card, base: site.config.baseURL), templates)
        }
        return (
            [try site.page(.day(chart.date), "day", .withCard(context, card, base: site.config.baseURL), templates)]
                + (filters.map { [$0] } ?? []) + (own ? card.map { [$0.file] } ?? [] : []),
            filters == nil ? 1 : 2
        )
    }
}
