import Foundation
import SitegenModel
import SitegenMustache

/// `records/`: the 천만 club as the press keeps it, then 500만 and 100만 crossings by year.
enum RecordsPage {
    static func crossing(_ site: SiteModel, _ c: Records.Crossing, from route: Route) -> TemplateValue {
        let m = c.milestone
        let latest = Records.latestTotal(site, c.code)
        return [
            "title": .text(site.title(of: c.code)), "titleLang": site.titleLang(of: c.code),
            "href": .text(site.href(.movie(c.code), from: route)),
            "date": .text(site.words.longDate(m.date)),
            "dateHref": site.dayIndex[m.date].map { _ in .text(site.href(.day(m.date), from: route)) },
            "exact": .bool(m.exact),
            "dayOfRun": m.dayOfRun.map { .text(site.words("inDays", "\($0)")) },
            "openDate": site.index.openDate(of: c.code).map { .text(site.words.shortDate($0)) },
            "openedBeforeRange": .bool(c.openedBeforeRange),
            "latestTotal": latest.map { .text(KoreanFormat.grouped($0.total)) },
            "latestDate": latest.map { .text(site.words.shortDate($0.date)) },
        ]
    }

    /// The fastest to each mark (`Fastest`), a list a mark, with the rule they are counted by.
    static func fastest(_ site: SiteModel, from route: Route) -> TemplateValue {
        let w = site.words
        let fastest = Fastest(site)
        let lists: [TemplateValue] = fastest.lists.map { list in
            [
                "slug": .text("\(list.threshold / 10_000)"),
                "heading": .text(w("fastestHeading", w.compact(list.threshold))),
                "hasEntries": .bool(!list.entries.isEmpty),
                "entries": .list(list.entries.map { e in
                    [
                        "rank": .int(e.rank),
                        "title": .text(site.title(of: e.code)), "titleLang": site.titleLang(of: e.code),
                        "href": .text(site.href(.movie(e.code), from: route)),
                        "days": .text(e.days == 0 ? w("beforeOpening") : w("fastestDays", "\(e.days)")),
                        "date": .text(w.longDate(e.date)),
                        "dateHref": site.dayIndex[e.date].map { _ in .text(site.href(.day(e.date), from: route)) },
                        "openDate": .text(w.shortDate(e.openDate)),
                    ]
                }),
            ]
        }
        return [
            "lists": .list(lists),
            "help": fastest.since.map { .text(w("fastestHelp", w.longDate($0))) },
        ]
    }

    static func context(_ site: SiteModel) -> TemplateValue {
        let route = Route.records
        let records = Records(site)
        let range = site.days.first.map {
            site.words("dateRange", site.words.longDate($0.date), site.words.longDate(site.days.last!.date))
        }
        let club = records.crossings.filter { $0.threshold == Records.tenMillion }
        let before: [TemplateValue] = records.passedBeforeRange.map { b in
            [
                "title": .text(site.title(of: b.code)), "titleLang": site.titleLang(of: b.code),
                "href": .text(site.href(.movie(b.code), from: route)),
                "firstDate": .text(site.words.longDate(b.firstDate)),
                "firstTotal": .text(KoreanFormat.grouped(b.firstTotal)),
                "openDate": site.index.openDate(of: b.code).map { .text(site.words.shortDate($0)) }
            ]
        }
        let years = Set(records.crossings.map(\.milestone.date.year)).sorted(by: >)
        let byYear: [TemplateValue] = years.map { year in
            let inYear = records.crossings.filter { $0.milestone.date.year == year }
            let five = inYear.filter { $0.threshold == 5_000_000 }.map { crossing(site, $0, from: route) }
            let one = inYear.filter { $0.threshold == 1_000_000 }.map { crossing(site, $0, from: route) }
            return [
                "year": .int(year), "five": .list(five), "hasFive": .bool(!five.isEmpty), "one": .list(one),
                "hasOne": .bool(!one.isEmpty)
            ]
        }
        let records_: TemplateValue = [
            "range": range.templateValue,
            "club": .list(club.map { crossing(site, $0, from: route) }),
            "hasClub": .bool(!club.isEmpty),
            "before": .list(before),
            "hasBefore": .bool(!before.isEmpty),
            "fastest": fastest(site, from: route),
            "years": .list(byYear),
            "yearsHref": .text(site.href(.years, from: route)),
        ]
        let names = club.map { site.title(of: $0.code) }.prefix(5).joined(separator: ", ")
        return site.base(route, title: site.words("recordsTitle"), description: club.isEmpty
                            ? site.words("noClub")
                            : site.words("clubDescription", names) + (site.isDemo ? site.words("demoSuffix") : ""),
                         kind: "records", content: ["records": records_])
    }
}

/// The records page.
struct RecordsJob: WholeSitePageJob {
    func id(_ site: SiteModel) -> String { "records" }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        ([try site.page(.records, "records", RecordsPage.context(site), templates)], 1)
    }
}
