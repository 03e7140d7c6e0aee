import Foundation
import SitegenBasics
import SitegenModel

/// The JSON behind every page: the same figures the page shows, keys sorted, compact (browsers
/// format JSON for reading).
enum DataFiles {
    static func sourceName(_ site: SiteModel) -> String {
        site.isDemo ? "sitegen demo simulator (fictional data)" : "KOBIS Open API (영화진흥위원회)"
    }

    /// A filter's file says which filter (`"filter": "korean"`); the national one is as it was.
    static func day(_ site: SiteModel, _ chart: DayChart, scope: ChartScope = .all) -> Data {
        var json = JSONWriter(capacity: 8192)
        json.object { o in
            o.field("audienceTop10", chart.audienceSum)
            o.field("date", chart.date)
            o.field("demo", site.isDemo)
            o.key("entries")
            o.array { a in for e in chart.entries { a.entry(e) } }
            o.field("fetchedAt", chart.fetchedAt)
            if scope != .all { o.field("filter", scope.slug) }
            o.field("salesTop10", chart.salesSum)
            o.field("source", sourceName(site))
            o.field("weekday", KoreanFormat.weekdayNames[chart.date.weekday])
        }
        return json.data
    }

    static func period(_ site: SiteModel, _ chart: PeriodChart, scope: ChartScope = .all) -> Data {
        var json = JSONWriter(capacity: 8192)
        json.object { o in
            o.field("audienceTop10", chart.audienceSum)
            o.field("demo", site.isDemo)
            o.field("end", chart.end)
            o.key("entries")
            o.array { a in for e in chart.entries { a.entry(e) } }
            o.field("fetchedAt", chart.fetchedAt)
            if scope != .all { o.field("filter", scope.slug) }
            o.field("kind", chart.kind.rawValue)
            o.field("salesTop10", chart.salesSum)
            o.field("source", sourceName(site))
            o.field("start", chart.start)
            o.field("title", PeriodPage.weekName(chart.kind, chart.start))
        }
        return json.data
    }

    static func movie(_ site: SiteModel, _ code: String) -> Data {
        var json = JSONWriter(capacity: 16_384)
        json.object { o in
            o.field("code", code)
            o.field("demo", site.isDemo)
            if let details = site.dataset.movies[code] { o.key("details"); o.movie(details) }
            o.key("history")
            o.array { a in
                for row in site.history[code] ?? [] {
                    a.object { r in r.field("date", row.date); r.key("entry"); r.entry(row.entry) }
                }
            }
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
