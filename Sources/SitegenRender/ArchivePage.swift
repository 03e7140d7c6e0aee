import SitegenBasics
import Foundation
import SitegenModel
import SitegenMustache

/// The date picker: month calendars of every day built, oldest month first as on a wall
/// calendar, 토 blue, 일 and holidays red, each day tinted by its top-10 audience and labelled with
/// its #1. A range of a year or more is split into a page per year behind an index of years, so
/// no reader scrolls through ten years of months to find one day.
enum ArchivePage {
    /// From this many days on, the archive is an index of years with a page per year.
    static let daysBeforeSplit = 365

    static func isSplit(_ site: SiteModel) -> Bool { site.days.count >= daysBeforeSplit }

    /// The years that get their own page (empty when the archive is one page).
    static func years(_ site: SiteModel) -> [Int] {
        guard isSplit(site), let first = site.days.first?.date, let last = site.days.last?.date else { return [] }
        return Array(first.year...last.year)
    }

    /// Where a day's cell is: the 달력 link of a day page opens its month with the day marked.
    static func route(of day: Day, in site: SiteModel) -> Route { isSplit(site) ? .archiveYear(day.year) : .archive }
    static func anchor(of day: Day) -> String { "d" + day.iso }

    /// The single archive page, or the index of years.
    static func context(_ site: SiteModel) -> TemplateValue {
        let route = Route.archive
        guard let first = site.days.first?.date, let last = site.days.last?.date else {
            return site.base(route, title: site.words("navArchive"), description: site.words("archiveEmpty"),
                             kind: "archive",
                             content: ["archive": .object(emptyArchive)])
        }
        let range = site.words("dateRange", site.words.longDate(first), site.words.longDate(last))
        var archive = emptyArchive
        archive["range"] = .text(range)
        archive["dayCount"] = .int(site.days.count)
        archive["daysSuffix"] = .text(site.words("daysSuffix", "\(site.days.count)"))
        archive["coverage"] = Coverage.notice(site)
        if isSplit(site) {
            let coverage = Coverage.years(site)
            archive["years"] = .list(
                years(site).reversed().map { year in yearSummary(site, year: year, from: route, coverage: coverage) })
            archive["hasYears"] = true
            // This month's calendar above the years, where 날짜별 보기 (`#latest`) lands.
            archive["months"] = .list(self.months(site, from: max(first, last.firstOfMonth), to: last,
                                                  route: route))
        } else {
            let months = self.months(site, from: first, to: last, route: route)
            archive["months"] = .list(months)
            archive["hasMonths"] = true
        }
        return site.base(route, title: site.words("navArchive"), description: site.words("archiveDescription", range),
                         kind: "archive",
                         content: ["archive": .object(archive)])
    }

    /// Every name the archive template asks for, so strict rendering finds each one.
    private static let emptyArchive: [String: TemplateValue] = [
        "year": .null, "range": .null, "dayCount": .int(0), "daysSuffix": .null, "months": .list([]),
        "hasMonths": false, "years": .list([]),
        "hasYears": false, "prevYear": .null, "nextYear": .null, "indexHref": .null, "coverage": .null,
    ]

    /// One year's page of month calendars.
    static func yearContext(_ site: SiteModel, year: Int) -> TemplateValue {
        let route = Route.archiveYear(year)
        let first = max(site.days.first!.date, Day(year: year, month: 1, day: 1)!)
        let last = min(site.days.last!.date, Day(year: year, month: 12, day: 31)!)
        let months = self.months(site, from: first, to: last, route: route)
        let all = years(site)
        func neighbour(_ y: Int) -> TemplateValue? {
            all.contains(y)
                ? ["href": .text(site.href(.archiveYear(y), from: route)), "label": .text(site.words.year(y))] : nil
        }
        let range = site.words("dateRange", site.words.longDate(first), site.words.longDate(last))
        let dayCount = site.days.filter { $0.date.year == year }.count
        var archive = emptyArchive
        archive["year"] = .int(year)
        archive["range"] = .text(range)
        archive["dayCount"] = .int(dayCount)
        archive["daysSuffix"] = .text(site.words("daysSuffix", "\(dayCount)"))
        archive["months"] = .list(months)
        archive["hasMonths"] = true
        archive["prevYear"] = neighbour(year - 1) ?? .null
        archive["nextYear"] = neighbour(year + 1) ?? .null
        archive["indexHref"] = .text(site.href(.archive, from: route))
        return site.base(route, title: site.words("archiveYearTitle", site.words.year(year)),
                         description: site.words("archiveDescription", range), kind: "archive",
                         content: ["archive": .object(archive)])
    }

    /// A year on the index page: its range, its busiest day and its months.
    static func yearSummary(
        _ site: SiteModel, year: Int, from route: Route, coverage: [Coverage.Year] = []
    ) -> TemplateValue {
        let page = Route.archiveYear(year)
        let charts = site.days.filter { $0.date.year == year }
        let busiest = charts.max {
            $0.audienceSum < $1.audienceSum || ($0.audienceSum == $1.audienceSum && $0.date > $1.date)
        }
        var monthLinks: [TemplateValue] = []
        var seen = Set<Int>()
        for chart in charts where seen.insert(chart.date.month).inserted {
            monthLinks.append([
                "name": .text(site.words.shortMonth(chart.date.month)),
                "href": .text(site.href(page, from: route) + "#" + monthID(chart.date))
            ])
        }
        var summary: [String: TemplateValue] = [
            "year": .int(year), "href": .text(site.href(page, from: route)), "dayCount": .int(charts.count),
            "daysSuffix": .text(site.words("daysCountedSuffix", "\(charts.count)")),
            "months": .list(monthLinks),
            "busiest": .null, "pending": Coverage.pending(site, year: year, in: coverage)
        ]
        if let busiest, let top = busiest.first {
            summary["busiest"] = [
                "date": .text(site.words.longDate(busiest.date)),
                "href": .text(site.href(.day(busiest.date), from: route)),
                "total": .text(site.words.people(busiest.audienceSum, compact: true)), "top": .text(site.title(top))
            ]
        }
        return .object(summary)
    }

    static func monthID(_ day: Day) -> String { "m" + day.iso.prefix(7) }
    /// Marks the latest day's month wherever its calendar is, for the site's 날짜별 보기 link.
    static let latestAnchor = "latest"

    /// Month calendars from `first`'s month to `last`'s, oldest first.
    static func months(_ site: SiteModel, from first: Day, to last: Day, route: Route) -> [TemplateValue] {
        let maxTotal = max(1, site.busiestDayTotal)
        let latest = site.days.last?.date
        var months: [TemplateValue] = []
        var month = first.firstOfMonth
        while month <= last.firstOfMonth {
            var cells: [TemplateValue] = Array(repeating: ["blank": true], count: month.weekday)
            for n in 0..<month.daysInMonth {
                let d = month.adding(days: n)
                let holiday = site.words.holiday(d)
                var cell: [String: TemplateValue] = [
                    "day": .int(d.day), "weekday": .text(KoreanFormat.dayClass(d)),
                    "label": .text(site.words.longDate(d)), "id": .text(anchor(of: d)), "blank": false,
                    "holiday": .null, "href": .null, "top": .null, "total": .null, "tint": .null,
                    "empty": false, "outside": false, "latest": false
                ]
                if let holiday { cell["holiday"] = .text(holiday) }
                if d == latest { cell["latest"] = true }
                if let i = site.dayIndex[d] {
                    let chart = site.days[i]
                    cell["href"] = .text(site.href(.day(d), from: route))
                    if !chart.entries.isEmpty {
                        let sum = chart.audienceSum
                        // Only the rank-1 film is labelled; a day whose 1위 row was rejected shows none.
                        if let top = chart.first { cell["top"] = .text(site.title(top)) }
                        cell["total"] = .text(site.words.people(sum, compact: true))
                        cell["tint"] = .int(1 + min(3, Int(Double(sum) / Double(maxTotal) * 4)))
                    } else {
                        cell["empty"] = true
                    }
                } else {
                    cell["outside"] = true
                }
                cells.append(.object(cell))
            }
            while cells.count % 7 != 0 { cells.append(["blank": true]) }
            let weeks: [TemplateValue] = stride(from: 0, to: cells.count, by: 7).map {
                ["days": .list(Array(cells[$0..<$0 + 7]))]
            }
            // The month's weeks as the press numbers them (by their Thursday), with their charts.
            var periods: [TemplateValue] = []
            let firstThursday = month.adding(days: (4 - month.weekday + 7) % 7)
            for monday in stride(from: firstThursday.ordinal - 3, through: month.ordinal + month.daysInMonth - 4, by: 7)
                .map(Day.init(ordinal:))
            {
                let week = PeriodPage.link(site, .week, monday, from: route)
                let weekend = PeriodPage.link(site, .weekend, monday.adding(days: 4), from: route)
                guard week != nil || weekend != nil else { continue }
                periods.append([
                    "number": .text(site.words("weekNumber", "\(MonthWeek(monday: monday).number)")), "week": week,
                    "weekend": weekend
                ])
            }
            months.append([
                "name": .text(site.words.month(month)), "short": .text(site.words.shortMonth(month.month)),
                "id": .text(monthID(month)),
                "latestMonth": .bool(latest?.firstOfMonth == month),
                "weeks": .list(weeks), "periods": .list(periods), "hasPeriods": .bool(!periods.isEmpty)
            ])
            month = month.adding(days: month.daysInMonth)
        }
        return months
    }
}

/// The archive's index (or, for a short site, the whole archive).
struct ArchiveJob: WholeSitePageJob {
    func id(_ site: SiteModel) -> String { "archive" }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        ([try site.page(.archive, "archive", ArchivePage.context(site), templates)], 1)
    }
}

/// A year's calendars in the archive.
struct ArchiveYearJob: PageJob {
    let year: Int

    func id(_ site: SiteModel) -> String { "archive \(year)" }

    /// Its days and their charts, the years beside it, the weeks and weekends of its months (a
    /// week may start in the year before), the tint scale and the latest day's mark.
    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        let site = keys.site
        keys.addYear(year, to: &f)
        f.add(site.busiestDayTotal)
        f.add(site.days.last.map { $0.date.year == year ? $0.date : nil } ?? nil)
        for kind in PeriodKind.allCases { for chart in keys.periodsNear(year, kind) { f.add(chart.start) } }
        return true
    }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        ([try site.page(.archiveYear(year), "archive", ArchivePage.yearContext(site, year: year), templates)], 1)
    }
}
