import Foundation
import SitegenModel
import SitegenMustache

/// `region/` and a page per 시·도 (`--regions`): its latest day and week as the national charts
/// show them, and its history by month and over the last days.
enum RegionPage {
    static let recentDays = 14

    static func indexContext(_ site: SiteModel) -> TemplateValue {
        let route = Route.regions
        let list: [TemplateValue] = site.market.regions.map { place in
            let latest = place.days.last
            return [
                "name": .text(site.words.regionName(place.region)),
                "href": .text(site.href(.region(place.slug), from: route)),
                "date": latest.map { .text(site.words.shortDate($0.date)) },
                "total": latest.map { .text(site.words.people($0.audienceSum, compact: true)) },
                "first": latest?.first.map { .text(site.title($0)) },
            ]
        }
        return site.base(
            route, title: site.words("regionsTitle"), description: site.words("regionsDescription"),
            kind: "regions", content: ["regions": ["list": .list(list)]])
    }

    static func context(_ site: SiteModel, _ place: MarketIndex.RegionPlace) -> TemplateValue {
        let route = Route.region(place.slug)
        let name = site.words.regionName(place.region)
        func chart(_ heading: String, _ entries: [ChartEntry], period: Bool) -> TemplateValue {
            let rows: TemplateValue = .list(entries.map {
                DayPage.scopedEntry(site, $0, date: nil, versus: period ? .week : .day)
            })
            return [
                "chart": ChartView.context(
                    heading: heading, caption: "\(name) \(heading)",
                    figureLabel: site.words(period ? "kindWeek" : "today"),
                    changeSub: site.words("versusLabel", site.words.versus(period ? .week : .day)), entries: rows,
                    audienceSum: entries.audienceSum, salesSum: entries.salesSum, emptyText: site.words("noChart"),
                    rejectedRows: 0, isPeriod: period),
                "heading": .text(heading),
            ]
        }
        let day = place.days.last.map { chart(site.words.longDate($0.date), $0.entries, period: false) }
        let week = place.weeks.last.map { chart(site.words.periodHeading(.week, $0.start), $0.entries, period: true) }
        var months: [Int: (audience: Int64, sales: Int64, days: Int)] = [:]
        for d in place.days {
            let key = d.date.year * 12 + d.date.month - 1
            months[key, default: (0, 0, 0)].audience += d.audienceSum
            months[key, default: (0, 0, 0)].sales += d.salesSum
            months[key, default: (0, 0, 0)].days += 1
        }
        let monthRows: [TemplateValue] = months.keys.sorted(by: >).map { key in
            let m = months[key]!
            return [
                "label": .text(site.words.month(Day(year: key / 12, month: key % 12 + 1, day: 1)!)),
                "days": .int(m.days),
                "daysSuffix": .text(site.words("daysCountedSuffix", "\(m.days)")),
                "audience": .text(KoreanFormat.grouped(m.audience)),
                "sales": .text(site.words.won(m.sales, compact: true)),
            ]
        }
        let recent: [TemplateValue] = place.days.suffix(recentDays).reversed().map { d in
            [
                "label": .text(site.words.shortDate(d.date)),
                "href": site.dayIndex[d.date].map { _ in .text(site.href(.day(d.date), from: route)) } ?? nil,
                "audience": .text(KoreanFormat.grouped(d.audienceSum)),
                "first": d.first.map { .text(site.title($0)) },
            ]
        }
        let others: [TemplateValue] = site.market.regions.map { other in
            [
                "name": .text(site.words.regionName(other.region)),
                "href": .text(site.href(.region(other.slug), from: route)),
                "current": .bool(other.slug == place.slug),
            ]
        }
        let subtitle = site.words.subtitle(korean: place.region.name, english: place.region.englishName, shown: name)
        let region: TemplateValue = [
            "name": .text(name),
            "englishName": subtitle.text, "subtitleLang": subtitle.lang,
            "day": day ?? nil, "week": week ?? nil,
            "months": .list(monthRows), "recent": .list(recent), "others": .list(others),
            "indexHref": .text(site.href(.regions, from: route)),
        ]
        return site.base(
            route, title: site.words("regionTitle", name), description: site.words("regionDescription", name),
            kind: "region", content: ["region": region])
    }

    /// A film's audience by region: its rows on each region's daily top 10, summed. A floor:
    /// days it played in a region outside that region's top 10 are not in any answer.
    static func filmRegions(_ site: SiteModel, code: String) -> TemplateValue? {
        let sums = (site.market.filmRegions[code] ?? []).map { (site.market.regions[$0.region], $0.audience) }
        let all = sums.reduce(Int64(0)) { $0 + $1.1 }
        guard all > 0 else { return nil }
        let rows: [TemplateValue] = sums.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.slug < $1.0.slug }.map { place, n in
            let share = Double(n) / Double(all) * 100
            return [
                "name": .text(site.words.regionName(place.region)), "href": .text(site.path(.region(place.slug))),
                "audience": .text(KoreanFormat.grouped(n)), "share": .text(KoreanFormat.percent(share)),
                "width": .text(KoreanFormat.oneDecimal(share)),
            ]
        }
        return ["rows": .list(rows), "total": .text(KoreanFormat.grouped(all))]
    }
}

/// The regions' index.
struct RegionsJob: WholeSitePageJob {
    func id(_ site: SiteModel) -> String { "regions" }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        ([try site.page(.regions, "regions", RegionPage.indexContext(site), templates)], 1)
    }
}

/// A region's page.
struct RegionJob: WholeSitePageJob {
    let index: Int

    func id(_ site: SiteModel) -> String { "region \(site.market.regions[index].slug)" }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        let place = site.market.regions[index]
        return ([try site.page(.region(place.slug), "region", RegionPage.context(site, place), templates)], 1)
    }
}
