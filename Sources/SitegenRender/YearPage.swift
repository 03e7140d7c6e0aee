import SitegenBasics
import Foundation
import SitegenModel
import SitegenMustache

/// `year/YYYY/` and `year/`: the films that opened in a year ranked by their latest known total
/// (with the date of that figure, since a film still running will grow), the year's biggest
/// days, weeks and weekends, its #1 films by days at #1, and the top 10's audience by month.
enum YearPage {
    static func years(_ site: SiteModel) -> [Int] {
        guard let first = site.days.first?.date, let last = site.days.last?.date else { return [] }
        return Array(first.year...last.year)
    }

    struct Facts {
        let charts: [DayChart]
        let openings: [(code: String, total: Int64, date: Day)]
        let topDays: [(code: String, days: Int)]
        init(_ site: SiteModel, year: Int) {
            charts = site.days.filter { $0.date.year == year }
            var openings: [(code: String, total: Int64, date: Day)] = []
            for code in site.openedIn[year] ?? [] {
                if let latest = Records.latestTotal(site, code) { openings.append((code, latest.total, latest.date)) }
            }
            self.openings = openings.sorted { $0.total != $1.total ? $0.total > $1.total : $0.code < $1.code }
            var days: [String: Int] = [:]
            for chart in charts { if let top = chart.first { days[top.movieCode, default: 0] += 1 } }
            topDays = days.map { ($0.key, $0.value) }.sorted {
                $0.days != $1.days ? $0.days > $1.days : $0.code < $1.code
            }
        }
    }

    /// What KOBIS's 연도별 박스오피스 gives beside the admissions: the sales as of the same row as
    /// the total, the widest release on a daily chart (a filter's for a film only on one), and the
    /// distributor (the first one named).
    static func trade(
        _ site: SiteModel, _ code: String
    ) -> (sales: Int64?, widest: Int?, distributor: (text: String, isKorean: Bool)?) {
        // The rows its page tells its run from: a film only on a filter's daily chart has its
        // screens there (the film's own, whichever chart lists it).
        let rows = site.index.run(of: code)?.rows ?? []
        let latest = site.index.latestRow(of: code)
        let distributor = site.dataset.movies[code]?.companies.first { $0.part == "배급사" }.map {
            site.words.company($0.name, english: $0.englishName)
        }
        return (latest?.entry.salesTotal, rows.map(\.entry.screens).max(), distributor)
    }

    static func context(_ site: SiteModel, year: Int) -> TemplateValue {
        let route = Route.year(year)
        let facts = Facts(site, year: year)
        let first = facts.charts.first?.date, last = facts.charts.last?.date
        let whole = first == Day(year: year, month: 1, day: 1) && last == Day(year: year, month: 12, day: 31)
        let films: [TemplateValue] = facts.openings.prefix(50).enumerated().map { i, f in
            let w = site.words, trade = trade(site, f.code)
            return [
                "rank": .int(i + 1), "title": .text(site.title(of: f.code)),
                "titleLang": site.titleLang(of: f.code),
                "href": site.hasPage(f.code) ? .text(site.href(.movie(f.code), from: route)) : nil,
                "openDate": site.index.openDate(of: f.code).map { .text(w.shortDate($0)) }
                    ?? site.periodTitles[f.code]?.openDate.map { .text(w.shortDate($0)) },
                "total": .text(KoreanFormat.grouped(f.total)), "totalCompact": .text(w.compact(f.total)),
                "asOf": .text(w.shortDate(f.date)),
                "sales": trade.sales.map { .text(w.salesCompact($0)) },
                "widest": trade.widest.map { .text(KoreanFormat.grouped(Int64($0))) },
                "distributor": trade.distributor.map { .text($0.text) },
                "distributorLang": trade.distributor.map { site.mark($0.isKorean) } ?? nil,
            ]
        }
        // Sums worked out once, not in every comparison.
        let summed: [(chart: DayChart, sum: Int64)] = facts.charts.map { ($0, $0.audienceSum) }
        let busiest: [DayChart] = summed.sorted { $0.sum != $1.sum ? $0.sum > $1.sum : $0.chart.date < $1.chart.date }
            .map(\.chart)
        let bigDays: [TemplateValue] = busiest.prefix(10).map { chart in
            [
                "label": .text(site.words.longDate(chart.date)),
                "href": .text(site.href(.day(chart.date), from: route)),
                "holiday": site.words.holiday(chart.date).map { .text($0) },
                "total": .text(KoreanFormat.grouped(chart.audienceSum)),
                "top": chart.first.map { .text(site.title($0)) }
            ]
        }
        func bigPeriods(_ kind: PeriodKind) -> [TemplateValue] {
            let summed: [(chart: PeriodChart, sum: Int64)] = (site.periods[kind] ?? [])
                .filter { MonthWeek(monday: kind == .week ? $0.start : $0.start.adding(days: -4)).year == year }.map {
                    ($0, $0.audienceSum)
                }
            let busiest: [PeriodChart] = summed.sorted {
                $0.sum != $1.sum ? $0.sum > $1.sum : $0.chart.start < $1.chart.start
            }.map(\.chart)
            return busiest.prefix(5).map { chart in
                [
                    "label": .text(site.words.periodHeading(kind, chart.start)),
                    "href": .text(site.href(.period(kind, chart.start), from: route)),
                    "total": .text(KoreanFormat.grouped(chart.audienceSum)),
                "top": chart.first.map { .text(site.title($0)) }
                ]
            }
        }
        let numberOnes: [TemplateValue] = facts.topDays.prefix(10).map { f in
            [
                "title": .text(site.title(of: f.code)), "titleLang": site.titleLang(of: f.code),
                "href": .text(site.href(.movie(f.code), from: route)),
                "days": .int(f.days),
                // Around the count, in the edition's order: 「1위 24일」, "24 days at No. 1".
                "atTopBefore": .text(site.words("atTopBefore")),
                "atTopAfter": .text(site.words("atTopAfter", "\(f.days)")),
            ]
        }
        var months: [TemplateValue] = []
        for month in 1...12 {
            let inMonth = facts.charts.filter { $0.date.month == month }
            guard !inMonth.isEmpty else { continue }
            let length = Day.daysIn(month: month, year: year)
            months.append([
                "name": .text(site.words.monthName(month)),
                "total": .text(KoreanFormat.grouped(inMonth.reduce(Int64(0)) { $0 + $1.audienceSum })),
                "days": .int(inMonth.count), "daysSuffix": .text(site.words("daysSuffix", "\(inMonth.count)")),
                "partial": .bool(inMonth.count < length), "length": .int(length)
            ])
        }
        let all = years(site)
        func neighbour(_ y: Int) -> TemplateValue? {
            all.contains(y)
                ? ["href": .text(site.href(.year(y), from: route)), "label": .text(site.words.year(y))] : nil
        }
        let weeks = bigPeriods(.week), weekends = bigPeriods(.weekend)
        let page: TemplateValue = [
            "year": .int(year),
            "range": first.map { f in
                .text(site.words("dateRange", site.words.longDate(f), site.words.longDate(last!)))
            },
            "dayCount": .int(facts.charts.count),
            "daysSuffix": .text(site.words("daysSuffix", "\(facts.charts.count)")),
            "partial": .bool(!whole),
            "films": .list(films), "hasFilms": .bool(!films.isEmpty),
            "days": .list(bigDays),
            "weeks": .list(weeks), "hasWeeks": .bool(!weeks.isEmpty),
            "weekends": .list(weekends), "hasWeekends": .bool(!weekends.isEmpty),
            "numberOnes": .list(numberOnes),
            "months": .list(months),
            "prev": neighbour(year - 1), "next": neighbour(year + 1),
            "indexHref": .text(site.href(.years, from: route)),
            "recordsHref": .text(site.href(.records, from: route)),
            "archiveHref": .text(site.href(ArchivePage.route(of: first ?? site.days[0].date, in: site), from: route)),
        ]
        let top = facts.openings.first.map { site.words("yearTopRelease", site.title(of: $0.code)) } ?? ""
        return site.base(
            route, title: site.words("yearTitle", site.words.year(year)),
            description: site.words("yearDescription", site.words.year(year), top)
                + (site.isDemo ? site.words("demoSuffix") : ""),
            kind: "year", content: ["year": page])
    }

    static func indexContext(_ site: SiteModel) -> TemplateValue {
        let route = Route.years
        let coverage = Coverage.years(site)
        let list: [TemplateValue] = years(site).reversed().map { year in
            let facts = Facts(site, year: year)
            return [
                "year": .int(year), "href": .text(site.href(.year(year), from: route)),
                "dayCount": .int(facts.charts.count),
                "daysSuffix": .text(site.words("daysCountedSuffix", "\(facts.charts.count)")),
                "pending": Coverage.pending(site, year: year, in: coverage),
                "total": .text(
                    site.words.people(facts.charts.reduce(Int64(0)) { $0 + $1.audienceSum }, compact: true)),
                "topFilm": facts.openings.first.map { .text(site.title(of: $0.code)) },
                "topFilmTotal": facts.openings.first.map { .text(site.words.compact($0.total)) },
                "topFilmAsOf": facts.openings.first.map { .text(site.words.shortDate($0.date)) }
            ]
        }
        return site.base(route, title: site.words("yearsTitle"), description: site.words("yearsDescription"),
                         kind: "years",
                         content: [
                             "years": [
                                 "list": .list(list), "recordsHref": .text(site.href(.records, from: route)),
                                 "coverage": Coverage.notice(site),
                             ]
                         ])
    }
}

/// The index of years.
struct YearsJob: WholeSitePageJob {
    func id(_ site: SiteModel) -> String { "years" }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        ([try site.page(.years, "years", YearPage.indexContext(site), templates)], 1)
    }
}

/// A year's page: its records, weeks and films.
struct YearJob: PageJob {
    let year: Int

    func id(_ site: SiteModel) -> String { "year \(year)" }

    /// Its days, the weeks and weekends the press counts in it, and every film that opened in
    /// it, with what it drew.
    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        let site = keys.site
        keys.addYear(year, to: &f)
        for kind in PeriodKind.allCases {
            for i in keys.periodRange(year, kind) { f.add(keys.periodPrints[kind]![i]) }
        }
        // The films that topped its days are named by their titles.
        for i in keys.yearDays(year) { if let top = site.days[i].first { keys.addLook(top.movieCode, to: &f) } }
        for code in site.openedIn[year] ?? [] {
            f.add(code)
            keys.addFacts(code, to: &f)
            keys.addLook(code, to: &f)
            f.add(site.hasPage(code))
            if let row = site.periodTitles[code] { f.add(row) }
            if let latest = Records.latestTotal(site, code) { f.add(latest.total); f.add(latest.date) }
            // Its sales as of that total and its widest release, which may be in another year.
            let rows = site.index.run(of: code)?.rows ?? []
            let latest = site.index.latestRow(of: code)
            f.add(latest?.entry.salesTotal ?? -1)
            f.add(rows.lazy.map(\.entry.screens).max() ?? -1)
        }
        return true
    }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        ([try site.page(.year(year), "year", YearPage.context(site, year: year), templates)], 1)
    }
}
