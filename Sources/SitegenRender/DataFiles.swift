import Foundation
import SitegenBasics
import SitegenModel

/// The JSON behind every page: the same figures the page shows, keys sorted, compact (browsers
/// format JSON for reading).
enum DataFiles {
    static func sourceName(_ site: SiteModel) -> String {
        site.isDemo ? "sitegen demo simulator (fictional data)" : "KOBIS Open API (영화진흥위원회)"
    }

    /// Every year with a chart of any kind, national or a filter's.
    static func years(_ site: SiteModel) -> [Int] {
        var years = Set(site.days.map(\.date.year))
        for kind in PeriodKind.allCases { years.formUnion((site.periods[kind] ?? []).map(\.start.year)) }
        for scope in site.market.scopes {
            years.formUnion((site.market.days[scope] ?? []).map(\.date.year))
            for kind in PeriodKind.allCases {
                years.formUnion((site.market.periods[scope]?[kind] ?? []).map(\.start.year))
            }
        }
        return years.sorted()
    }

    /// The formats a chart's year is published in: the national chart as JSON and CSV, a filter's
    /// as CSV only. Each filter's JSON beside its CSV was 47 MB of the whole history's 591 MB, for
    /// the same rows; the press reads these in a spreadsheet, and a program reads CSV as well.
    static func formats(_ scope: ChartScope) -> [DataFormat] { scope == .all ? [.json, .csv] : [.csv] }

    /// A year's data files: each chart's days, weeks and weekends, national and each filter's
    /// (a chart with nothing that year has no file).
    static func year(_ site: SiteModel, _ year: Int) -> [OutputFile] {
        var files: [OutputFile] = []
        for scope in [ChartScope.all] + site.market.scopes {
            let days = (scope == .all ? site.days : site.market.days[scope] ?? []).filter { $0.date.year == year }
            if !days.isEmpty {
                for format in formats(scope) {
                    let contents = format == .json ? Self.days(site, days, year: year) : CSVFiles.days(days)
                    files.append(OutputFile(path: Route.chartData(scope, nil, year, format).path, contents: contents))
                }
            }
            for kind in PeriodKind.allCases {
                let charts = (scope == .all ? site.periods[kind] ?? [] : site.market.periods[scope]?[kind] ?? [])
                    .filter { $0.start.year == year }
                guard !charts.isEmpty else { continue }
                for format in formats(scope) {
                    let contents = format == .json
                        ? periods(site, charts, kind: kind, year: year) : CSVFiles.periods(charts)
                    files.append(OutputFile(path: Route.chartData(scope, kind, year, format).path, contents: contents))
                }
            }
        }
        return files
    }

    /// A year of one chart as one file (`data/2024.json`, `data/week/2024.json`,
    /// `data/korean/2024.csv`): a data user wants a year in one download, and a host counts files.
    /// Each of `charts` is a day's or period's chart with its entries as `rows` of the file's
    /// `columns`.
    static func days(_ site: SiteModel, _ charts: [DayChart], year: Int) -> Data {
        var json = JSONWriter(capacity: 4096 + 3072 * charts.count)
        json.object { o in
            o.key("charts")
            o.array { a in for chart in charts { a.object { day(&$0, chart) } } }
            o.field("columns", JSONWriter.rowColumns)
            o.field("demo", site.isDemo)
            o.field("source", sourceName(site))
            o.field("year", year)
        }
        return json.data
    }

    static func periods(_ site: SiteModel, _ charts: [PeriodChart], kind: PeriodKind, year: Int) -> Data {
        var json = JSONWriter(capacity: 4096 + 3072 * charts.count)
        json.object { o in
            o.key("charts")
            o.array { a in for chart in charts { a.object { period(&$0, chart) } } }
            o.field("columns", JSONWriter.rowColumns)
            o.field("demo", site.isDemo)
            o.field("kind", kind.rawValue)
            o.field("source", sourceName(site))
            o.field("year", year)
        }
        return json.data
    }

    private static func day(_ o: inout JSONWriter, _ chart: DayChart) {
        o.field("audienceTop10", chart.audienceSum)
        o.field("date", chart.date)
        o.field("fetchedAt", chart.fetchedAt)
        o.key("rows")
        o.array { a in for e in chart.entries { a.row(e) } }
        o.field("salesTop10", chart.salesSum)
        o.field("weekday", KoreanFormat.weekdayNames[chart.date.weekday])
    }

    private static func period(_ o: inout JSONWriter, _ chart: PeriodChart) {
        o.field("audienceTop10", chart.audienceSum)
        o.field("end", chart.end)
        o.field("fetchedAt", chart.fetchedAt)
        o.key("rows")
        o.array { a in for e in chart.entries { a.row(e) } }
        o.field("salesTop10", chart.salesSum)
        o.field("start", chart.start)
        o.field("title", PeriodPage.weekName(chart.kind, chart.start))
    }

    static func movie(_ site: SiteModel, _ code: String) -> Data {
        var json = JSONWriter(capacity: 16_384)
        let run = site.index.run(of: code)
        json.object { o in
            // A film never in the national top 10: the filter's chart its rows are from.
            if let scope = run?.scope, scope != .all { o.field("chart", scope.slug) }
            o.field("code", code)
            o.field("columns", JSONWriter.historyColumns)
            o.field("demo", site.isDemo)
            if let details = site.dataset.movies[code] { o.key("details"); o.movie(details) }
            // Rows, not objects: a third of the bytes, which over the whole history is 25 MB.
            o.key("history")
            o.array { a in for row in run?.rows ?? [] { a.row(row.entry, date: row.date) } }
            if let poster = site.dataset.posters[code] {
                o.key("poster")
                o.object { p in
                    p.field("height", poster.height); p.field("url", poster.url); p.field("width", poster.width)
                }
            }
            o.field("source", sourceName(site))
            o.field("title", site.title(of: code))
        }
        return json.data
    }

    static func siteIndex(_ site: SiteModel) -> Data {
        var json = JSONWriter(capacity: 65_536)
        json.object { o in
            o.key("days")
            o.array { a in
                for chart in site.days {
                    a.object { d in
                        d.field("audienceTop10", chart.audienceSum)
                        d.field("date", chart.date)
                        d.field("top", chart.first?.title)
                    }
                }
            }
            o.field("demo", site.isDemo)
            o.field("generator", "sitegen")
            o.key("movies")
            o.array { a in
                for code in site.movieCodes {
                    a.object { m in
                        m.field("code", code); m.field("title", site.title(of: code))
                    }
                }
            }
            o.field("source", sourceName(site))
            // When the newest figures were collected: data-derived, so an unchanged site stays byte-identical.
            o.field("updatedAt", site.days.compactMap(\.fetchedAt).max())
            for (key, kind) in [("weekends", PeriodKind.weekend), ("weeks", .week)] {
                o.key(key)
                o.array { a in
                    for chart in site.periods[kind] ?? [] {
                        a.object { p in
                            p.field("audienceTop10", chart.audienceSum)
                            p.field("end", chart.end)
                            p.field("path", Route.period(kind, chart.start).prettyPath)
                            p.field("start", chart.start)
                            p.field("title", PeriodPage.weekName(kind, chart.start))
                            p.field("top", chart.first?.title)
                        }
                    }
                }
            }
            o.key("years")
            o.array { a in
                for year in YearPage.years(site) {
                    a.object { y in
                        y.field("path", Route.year(year).prettyPath); y.field("year", year)
                    }
                }
            }
        }
        return json.data
    }
}

/// A year of every chart (national and each filter's; days, weeks and weekends) as data files.
struct DataJob: PageJob {
    let year: Int

    func id(_ site: SiteModel) -> String { "data \(year)" }

    /// Every chart of the year, as fetched (titles are the charts' own).
    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        let site = keys.site
        for i in keys.yearDays(year) { f.add(keys.dayPrints[i]) }
        for kind in PeriodKind.allCases {
            for (i, chart) in (site.periods[kind] ?? []).enumerated() where chart.start.year == year {
                f.add(keys.periodPrints[kind]![i])
            }
        }
        // The filters' days, as each day's pages print them (every filter's chart of the date).
        let start = keys.marketDates.partitionPoint { $0.year >= year }
        for date in keys.marketDates[start...].prefix(while: { $0.year == year }) {
            f.add(date); f.add(keys.marketDayPrints[date]!)
        }
        for scope in site.market.scopes {
            for kind in PeriodKind.allCases {
                for chart in site.market.periods[scope]?[kind] ?? [] where chart.start.year == year { f.add(chart) }
            }
            f.byte(0)
        }
        return true
    }

    func pageCount(_ site: SiteModel) -> Int { 0 }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        (site.shared(DataFiles.year(site, year)), 0)
    }
}
