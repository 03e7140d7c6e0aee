import Foundation
import SitegenModel

/// feed.xml (Atom), sitemap.xml and robots.txt: what feed readers, crawlers and hosts expect.
enum Feeds {
    static let feedDays = 30
    static let feedWeeks = 8

    static func atom(_ site: SiteModel) -> String {
        let base = site.settings.baseURL
        let recent = site.days.suffix(feedDays).reversed()
        // Atom ids must be absolute and permanent; without a base URL a URN stands in.
        func id(_ route: Route, _ fallback: String) -> String {
            route.absolute(base) ?? "urn:sitegen:\(site.dataset.source.rawValue):\(fallback)"
        }
        func link(_ route: Route) -> String { route.absolute(base) ?? route.prettyPath }
        func stamp(_ chart: DayChart) -> String {
            InstantText.iso8601(chart.fetchedAt ?? chart.date.adding(days: 1).startInstantKST)
        }
        func periodStamp(_ chart: PeriodChart) -> String {
            InstantText.iso8601(chart.fetchedAt ?? chart.end.adding(days: 1).startInstantKST)
        }
        let weeks = (site.periods[.week] ?? []).suffix(feedWeeks).reversed()
        let updated = ([recent.first.map(stamp)] + weeks.map { Optional(periodStamp($0)) }).compactMap { $0 }.max()
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ko">
        <title>\(XML.escape(site.settings.title + (site.isDemo ? " (데모 데이터)" : "")))</title>
        <subtitle>\(XML.escape(site.isDemo ? "데모 데이터: 가상의 수치입니다" : "영화관입장권통합전산망(KOBIS) 일별 박스오피스"))</subtitle>
        <id>\(XML.escape(id(.home, "site")))</id>
        <link rel="alternate" type="text/html" href="\(XML.escape(link(.home)))"/>
        <link rel="self" type="application/atom+xml" href="\(XML.escape(link(.feed)))"/>
        <updated>\(updated ?? "1970-01-01T00:00:00Z")</updated>
        <author><name>sitegen</name></author>
        <generator>sitegen</generator>

        """
        for chart in recent {
            let heading = KoreanFormat.longDate(chart.date)
            let top = chart.first.map { " 1위 \($0.title)" } ?? ""
            let summary = chart.entries.prefix(3).filter { $0.rank <= 3 }.map {
                "\($0.rank)위 \($0.title) \(KoreanFormat.people($0.audience))"
            }
            .joined(separator: " · ")
            xml += """
            <entry>
            <title>\(XML.escape("\(heading) 박스오피스\(top)"))</title>
            <id>\(XML.escape(id(.day(chart.date), chart.date.iso)))</id>
            <link rel="alternate" type="text/html" href="\(XML.escape(link(.day(chart.date))))"/>
            <updated>\(stamp(chart))</updated>
            <summary>\(XML.escape(summary.isEmpty ? "집계된 자료가 없습니다." : summary))</summary>
            </entry>

            """
        }
        for chart in weeks {
            let heading = PeriodPage.heading(.week, chart.start)
            let top = chart.first.map { " 1위 \($0.title)" } ?? ""
            let summary = chart.entries.prefix(3).filter { $0.rank <= 3 }.map {
                "\($0.rank)위 \($0.title) \(KoreanFormat.people($0.audience))"
            }
            .joined(separator: " · ")
            let route = Route.period(.week, chart.start)
            xml += """
            <entry>
            <title>\(XML.escape("\(heading) 주간 박스오피스\(top)"))</title>
            <id>\(XML.escape(id(route, "week:" + chart.start.iso)))</id>
            <link rel="alternate" type="text/html" href="\(XML.escape(link(route)))"/>
            <updated>\(periodStamp(chart))</updated>
            <summary>\(XML.escape(summary.isEmpty ? "집계된 자료가 없습니다." : summary))</summary>
            </entry>

            """
        }
        return xml + "</feed>\n"
    }

    static func sitemap(_ site: SiteModel) -> String {
        var routes: [Route] = [.home, .homeGrid, .archive] + ArchivePage.years(site).map { .archiveYear($0) }
        for chart in site.days { routes += [.day(chart.date), .dayGrid(chart.date)] }
        routes += site.movieCodes.map { .movie($0) }
        routes += site.people.people.map { .person($0.id) } + [.search]
        for kind in PeriodKind.allCases {
            for chart in site.periods[kind] ?? [] {
                routes += [.period(kind, chart.start), .periodGrid(kind, chart.start)]
            }
        }
        if !site.days.isEmpty { routes += [.years, .records] + YearPage.years(site).map { .year($0) } }
        var xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "
                + "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for route in routes {
            guard let url = route.absolute(site.settings.baseURL) else { continue }
            xml += "<url><loc>\(XML.escape(url))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }

    static func robots(_ site: SiteModel) -> String {
        var text = "User-agent: *\nAllow: /\n"
        if let sitemap = Route.sitemap.absolute(site.settings.baseURL) { text += "\nSitemap: \(sitemap)\n" }
        return text
    }
}
