import Foundation
import SitegenModel

/// The list and grid pages of one day (and the home page, which is the latest day).
enum DayPage {
    enum View { case list, grid }

    static func context(_ site: SiteModel, chart: DayChart, route: Route, view: View) -> [String: Any] {
        let date = chart.date
        let isHome = route == .home || route == .homeGrid
        let listRoute: Route = isHome ? .home : .day(date)
        let gridRoute: Route = isHome ? .homeGrid : .dayGrid(date)
        let heading = KoreanFormat.longDate(date)
        let top = chart.entries.prefix(3).map { "\($0.rank)위 \($0.title)(\(KoreanFormat.people($0.audience, compact: true)))" }
        let description = chart.entries.isEmpty
            ? "\(heading) 일별 박스오피스: 집계된 자료가 없습니다."
            : "\(heading) 일별 박스오피스 " + top.joined(separator: ", ") + (site.isDemo ? " · 데모 데이터" : "")

        let index = site.dayIndex[date]!
        func neighbour(_ offset: Int) -> [String: Any]? {
            let i = index + offset
            guard site.days.indices.contains(i) else { return nil }
            let d = site.days[i].date
            let target: Route = view == .list ? .day(d) : .dayGrid(d)
            return ["href": target.href(from: route), "label": KoreanFormat.monthDay(d) + " (\(KoreanFormat.weekdayNames[d.weekday]))"]
        }
        let audienceSum = chart.entries.reduce(Int64(0)) { $0 + $1.audience }
        let salesSum = chart.entries.reduce(Int64(0)) { $0 + $1.sales }
        let note = isHome ? site.noteHTML(site.notes.site, on: route) : nil

        var day: [String: Any?] = [
            "iso": date.iso,
            "heading": heading,
            "short": KoreanFormat.shortDate(date),
            "isHome": isHome,
            "hasEntries": !chart.entries.isEmpty,
            "entries": chart.entries.map { entry(site, $0, date: date, from: route) },
            "prev": neighbour(-1),
            "next": neighbour(1),
            "listHref": listRoute.href(from: route),
            "gridHref": gridRoute.href(from: route),
            "isList": view == .list,
            "isGrid": view == .grid,
            "dataHref": Route.dayData(date).href(from: route),
            "csvHref": Route.dayCSV(date).href(from: route),
            "permalink": isHome ? Route.day(date).href(from: route) : nil,
            "fetchedAt": chart.fetchedAt.map(KoreanFormat.timestampKST),
            "audienceSum": KoreanFormat.grouped(audienceSum),
            "audienceSumText": KoreanFormat.people(audienceSum),
            "salesSum": KoreanFormat.grouped(salesSum),
            "salesSumCompact": KoreanFormat.won(salesSum, compact: true),
            "note": site.noteHTML(site.notes.days[date], on: route),
            "siteNote": note,
        ]
        day = day.filter { $0.value != nil }
        return site.base(route, title: isHome ? site.settings.title : "\(heading) 박스오피스", description: description,
                         kind: view == .list ? "day-list" : "day-grid",
                         extra: ["dataHref": Route.dayData(date).href(from: route)])
            .merging(["day": day.compactMapValues { $0 }]) { a, _ in a }
    }

    static func entry(_ site: SiteModel, _ e: ChartEntry, date: Day, from route: Route) -> [String: Any] {
        let change = KoreanFormat.rankChange(e)
        var c: [String: Any] = [
            "rank": e.rank,
            "isNew": e.isNew,
            "change": ["kind": change.kind, "symbol": change.symbol, "spoken": change.spoken],
            "title": e.title,
            "code": e.movieCode,
            "movieHref": Route.movie(e.movieCode).href(from: route),
            "audience": KoreanFormat.grouped(e.audience),
            "audienceTotal": KoreanFormat.grouped(e.audienceTotal),
            "sales": KoreanFormat.grouped(e.sales),
            "salesTotal": KoreanFormat.grouped(e.salesTotal),
            "screens": KoreanFormat.grouped(e.screens),
            "showings": KoreanFormat.grouped(e.showings),
            "todayCompact": KoreanFormat.compact(e.audience),
            "totalCompact": KoreanFormat.compact(e.audienceTotal),
            "audienceTrend": KoreanFormat.trend(e.audienceChange),
            "salesTrend": KoreanFormat.trend(e.salesChange),
            "poster": site.posterContext(e.movieCode, from: route),
        ]
        if let open = e.openDate {
            c["openDate"] = KoreanFormat.shortDate(open)
            c["dayOfRun"] = KoreanFormat.dayOfRun(open: open, on: date)
        }
        if let v = e.audienceChange { c["audienceChange"] = KoreanFormat.signed(v) }
        if let v = e.audienceChangeRate { c["audienceChangeRate"] = KoreanFormat.signedPercent(v) }
        if let v = e.salesChange { c["salesChange"] = KoreanFormat.signed(v) }
        if let v = e.salesChangeRate { c["salesChangeRate"] = KoreanFormat.signedPercent(v) }
        if let v = e.salesShare {
            c["salesShare"] = KoreanFormat.percent(v)
            c["salesShareWidth"] = String(format: "%.1f", min(max(v, 0), 100))
        }
        return c
    }
}
