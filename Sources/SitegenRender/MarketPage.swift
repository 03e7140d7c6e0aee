import Foundation
import SitegenModel
import SitegenMustache

/// The market view: the filter tabs of every chart page, the share line under a chart's total,
/// and `market/`, the 한국영화 share over time with the yearly and monthly figures.
enum MarketPage {
    /// 전체 · 한국 · 외국 · 다양성: the national chart at `national`, and each filter's top 10 on the
    /// filters page at `filters` (`#korean`); a filter without a chart there has no tab, and the
    /// national tab is current on the national chart's page. nil when there is no filtered chart.
    static func tabs(_ site: SiteModel, scopes: [ChartScope], national: String, filters: String) -> TemplateValue? {
        guard !scopes.isEmpty else { return nil }
        var tabs: [TemplateValue] = []
        for scope in [ChartScope.all] + scopes {
            tabs.append([
                "label": .text(site.words.tabName(scope)),
                "suffix": scope == .all ? nil : .text(site.words("tabSuffix")),
                "href": .text(scope == .all ? national : filters + "#" + scope.slug),
                "current": .bool(scope == .all && national.hasPrefix("#")),
            ])
        }
        return ["items": .list(tabs)]
    }

    /// The filters' top 10s of a day or period (partials/scope-charts, on its filters page): each
    /// film one line with its audience, the full figures being in the data files and on its page.
    /// A page of their own for each filter, in two views, made the site four times the bytes.
    static func scopeCharts(
        _ site: SiteModel, _ charts: [(scope: ChartScope, entries: [TemplateValue])]
    ) -> TemplateValue {
        .list(charts.map { chart in
            [
                "slug": .text(chart.scope.slug),
                "name": .text(site.words.scopeName(chart.scope)),
                "entries": .list(chart.entries),
                "hasEntries": .bool(!chart.entries.isEmpty),
            ]
        })
    }

    /// A filters page's downloads beside the national year's: each filter's year as CSV (the
    /// files `DataFiles` writes for every year a filter has a chart in).
    static func scopeDownloads(
        _ site: SiteModel, _ scopes: [ChartScope], kind: PeriodKind?, year: Int, from route: Route
    ) -> TemplateValue {
        .list(scopes.map { scope in
            [
                "name": .text(site.words.scopeName(scope)),
                "href": .text(site.href(.chartData(scope, kind, year, .csv), from: route)),
            ]
        })
    }

    /// On an English page, why some titles are in Korean: a film seen only on a filter's chart has
    /// no details fetched, so no English title; nil when every title is in English.
    static func koreanTitlesNote(_ site: SiteModel, _ charts: [[ChartEntry]]) -> TemplateValue {
        guard !site.isKorean,
            charts.contains(where: { $0.contains { site.filmName($0.movieCode, korean: $0.title).isKorean } })
        else { return .null }
        return .text(site.words("koreanTitlesNote"))
    }

    /// 「한국영화 점유율 관객 54.3% · 매출 55.0%」 for a chart page.
    static func shareLine(_ share: MarketShare?, site: SiteModel, from route: Route) -> TemplateValue? {
        guard let share, let audience = share.koreanAudienceShare, let sales = share.koreanSalesShare else {
            return nil
        }
        return [
            "koreanAudience": .text(KoreanFormat.percent(audience)),
            "koreanSales": .text(KoreanFormat.percent(sales)),
            "diversity": share.diversityAudienceShare.map { .text(KoreanFormat.percent($0)) },
            "basis": .text(site.words("marketBasis")),
            "marketHref": .text(site.href(.market, from: route)),
        ]
    }

    /// A month's or year's share, summed from its days that have both filters' charts.
    static func sum(_ site: SiteModel, days: some Sequence<DayChart>) -> (share: MarketShare, days: Int) {
        var total = MarketShare(), count = 0
        for day in days {
            if let share = site.market.share(on: day.date) { total = total + share; count += 1 }
        }
        return (total, count)
    }

    static func row(
        _ site: SiteModel, _ label: String, _ href: String?, _ sum: (share: MarketShare, days: Int)
    ) -> TemplateValue {
        let s = sum.share
        return [
            "label": .text(label), "href": href.templateValue, "days": .int(sum.days),
            "daysSuffix": .text(site.words("daysCountedSuffix", "\(sum.days)")),
            "korean": .text(KoreanFormat.grouped(s.koreanAudience)),
            "foreign": .text(KoreanFormat.grouped(s.foreignAudience)),
            "koreanCompact": .text(site.words.people(s.koreanAudience, compact: true)),
            "foreignCompact": .text(site.words.people(s.foreignAudience, compact: true)),
            "koreanShare": s.koreanAudienceShare.map { .text(KoreanFormat.percent($0)) },
            "koreanSalesShare": s.koreanSalesShare.map { .text(KoreanFormat.percent($0)) },
            "diversityShare": s.diversityAudienceShare.map { .text(KoreanFormat.percent($0)) },
        ]
    }

    static func context(_ site: SiteModel) -> TemplateValue {
        let route = Route.market
        let shared = site.days.filter { site.market.share(on: $0.date) != nil }
        var byYear: [Int: [DayChart]] = [:], byMonth: [Int: [DayChart]] = [:]
        for day in shared {
            byYear[day.date.year, default: []].append(day)
            byMonth[day.date.year * 12 + day.date.month - 1, default: []].append(day)
        }
        let years = byYear.keys.sorted(by: >).map { year in
            row(site, site.words.year(year), site.href(.year(year), from: route), sum(site, days: byYear[year]!))
        }
        let monthKeys = byMonth.keys.sorted()
        let months = monthKeys.reversed().prefix(12).map { key in
            row(site, site.words.month(Day(year: key / 12, month: key % 12 + 1, day: 1)!), nil,
                sum(site, days: byMonth[key]!))
        }
        var weeks: [TemplateValue] = []
        for chart in (site.periods[.week] ?? []).reversed() where weeks.count < 8 {
            guard let share = site.market.share(.week, chart.start) else { continue }
            weeks.append(
                row(
                    site, site.words.weekName(.week, chart.start), site.href(.period(.week, chart.start), from: route),
                    (share, 7)))
        }
        // Months when the range spans three or more, else days: a line needs a few points.
        let points: [(label: String, share: MarketShare)] =
            monthKeys.count >= 3
            ? monthKeys.map {
                (site.words.axisMonth(year: $0 / 12, month: $0 % 12 + 1), sum(site, days: byMonth[$0]!).share)
            }
            : shared.map { (site.words.shortDate($0.date), site.market.share(on: $0.date)!) }
        let latest = shared.last.map { day -> TemplateValue in
            [
                "label": .text(site.words.longDate(day.date)),
                "href": .text(site.href(.day(day.date), from: route)),
                "share": shareLine(site.market.share(on: day.date), site: site, from: route),
            ]
        }
        let market: TemplateValue = [
            "hasData": .bool(!shared.isEmpty),
            "basis": .text(site.words("marketBasis")),
            "latest": latest ?? nil,
            "chart": ShareChart.svg(points, words: site.words).map { .text($0) },
            "years": .list(years),
            "months": .list(months),
            "weeks": .list(weeks),
            "regionsHref": site.market.regions.isEmpty ? nil : .text(site.href(.regions, from: route)),
            "distributorsHref": site.market.distributors.all.isEmpty
                ? nil : .text(site.href(.distributors, from: route)),
        ]
        return site.base(
            route, title: site.words("marketTitle"),
            description: site.words("marketDescription", site.words("marketBasis")),
            kind: "market", content: ["market": market])
    }
}

/// The market page: the filters' shares of each year.
struct MarketJob: WholeSitePageJob {
    func id(_ site: SiteModel) -> String { "market" }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        ([try site.page(.market, "market", MarketPage.context(site), templates)], 1)
    }
}
