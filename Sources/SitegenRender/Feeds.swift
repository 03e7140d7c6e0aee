import Foundation
import SitegenModel

/// feed.xml (Atom), sitemap.xml and robots.txt: what feed readers, crawlers and hosts expect.
enum Feeds {
    static let feedDays = 30
    static let feedWeeks = 8

    static func atom(_ site: SiteModel) -> String {
        let recent = site.days.suffix(feedDays).reversed()
        // Atom ids must be absolute and permanent; without a base URL a URN stands in.
        let w = site.words
        // The English feed's entries are other entries than the Korean feed's: their own ids.
        let edition = site.language.urnPrefix
        func id(_ route: Route, _ fallback: String) -> String {
            site.absolute(route) ?? "urn:sitegen:\(site.dataset.source.rawValue):\(edition)\(fallback)"
        }
        // Without a base URL, relative to the feed, which sits at its edition's root.
        func link(_ route: Route) -> String { site.absolute(route) ?? route.prettyPath }
        func stamp(_ chart: DayChart) -> String {
            InstantText.iso8601(chart.fetchedAt ?? chart.date.adding(days: 1).startInstantKST)
        }
        func periodStamp(_ chart: PeriodChart) -> String {
            InstantText.iso8601(chart.fetchedAt ?? chart.end.adding(days: 1).startInstantKST)
        }
        let weeks = (site.periods[.week] ?? []).suffix(feedWeeks).reversed()
        let updated = ([recent.first.map(stamp)] + weeks.map { Optional(periodStamp($0)) }).compactMap { $0 }.max()
        let subtitle = site.isDemo ? w("feedDemoSubtitle") : site.siteDescription ?? w("feedSubtitle")
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(site.language.tag)">
        <title>\(XML.escape(site.siteTitle + (site.isDemo ? w("feedDemoSuffix") : "")))</title>
        <subtitle>\(XML.escape(subtitle))</subtitle>
        <id>\(XML.escape(id(.home, "site")))</id>
        <link rel="alternate" type="text/html" href="\(XML.escape(link(.home)))"/>
        <link rel="self" type="application/atom+xml" href="\(XML.escape(link(.feed)))"/>
        <updated>\(updated ?? "1970-01-01T00:00:00Z")</updated>
        <author><name>\(XML.escape(site.config.author ?? site.siteTitle))</name></author>
        <generator>sitegen</generator>

        """
        // Each entry says it is demo data too: a reader or aggregator shows an entry on its own.
        let demo = site.isDemo ? w("feedDemoSuffix") : ""
        for chart in recent {
            let heading = site.words.longDate(chart.date)
            let top = chart.first.map { w("feedTop", site.title($0)) } ?? ""
            let summary = chart.entries.prefix(3).filter { $0.rank <= 3 }.map {
                w("feedItem", "\($0.rank)", site.title($0), w.people($0.audience))
            }
            .joined(separator: " · ")
            xml += """
            <entry>
            <title>\(XML.escape(w("feedDayTitle", heading, top) + demo))</title>
            <id>\(XML.escape(id(.day(chart.date), chart.date.iso)))</id>
            <link rel="alternate" type="text/html" href="\(XML.escape(link(.day(chart.date))))"/>
            <updated>\(stamp(chart))</updated>
            <summary>\(XML.escape(summary.isEmpty ? w("noChart") : summary))</summary>
            </entry>

            """
        }
        for chart in weeks {
            let heading = site.words.periodHeading(.week, chart.start)
            let top = chart.first.map { w("feedTop", site.title($0)) } ?? ""
            let summary = chart.entries.prefix(3).filter { $0.rank <= 3 }.map {
                w("feedItem", "\($0.rank)", site.title($0), w.people($0.audience))
            }
            .joined(separator: " · ")
            let route = Route.period(.week, chart.start)
            xml += """
            <entry>
            <title>\(XML.escape(w("feedWeekTitle", heading, top) + demo))</title>
            <id>\(XML.escape(id(route, "week:" + chart.start.iso)))</id>
            <link rel="alternate" type="text/html" href="\(XML.escape(link(route)))"/>
            <updated>\(periodStamp(chart))</updated>
            <summary>\(XML.escape(summary.isEmpty ? w("noChart") : summary))</summary>
            </entry>

            """
        }
        return xml + "</feed>\n"
    }

    static func sitemap(_ site: SiteModel) -> String {
        var routes: [Route] = [.home, .archive] + ArchivePage.years(site).map { .archiveYear($0) }
        routes += site.days.map { .day($0.date) }
        routes += site.movieCodes.map { .movie($0) }
        routes += site.people.people.map { .person($0.id) } + [.search]
        for kind in PeriodKind.allCases {
            for chart in site.periods[kind] ?? [] {
                routes.append(.period(kind, chart.start))
            }
        }
        if !site.days.isEmpty { routes += [.years, .records] + YearPage.years(site).map { .year($0) } }
        if site.dataset.openings != nil { routes.append(.openings) }
        var xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "
                + "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        // The English pages after the Korean ones; each page names the other in its hreflang links.
        for language in site.config.languages {
            let folder = language.folder
            for route in routes {
                guard let base = site.config.baseURL else { continue }
                let url = Route.joined(base, folder + route.prettyPath)
                xml += "<url><loc>\(XML.escape(url))</loc></url>\n"
            }
        }
        return xml + "</urlset>\n"
    }

    static func robots(_ site: SiteModel) -> String {
        var text = "User-agent: *\nAllow: /\n"
        if let sitemap = Route.sitemap.absolute(site.config.baseURL) { text += "\nSitemap: \(sitemap)\n" }
        return text
    }
}

/// The site's files beside its pages: the data index, the feed, robots.txt, the hosts' headers,
/// the site's card, the sitemap (with a base URL), and the drawn posters of films with no page.
struct FeedsJob: WholeSitePageJob {
    func id(_ site: SiteModel) -> String { "feeds" }

    func pageCount(_ site: SiteModel) -> Int { 0 }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        // Films that made a weekly chart but no daily top 10 (national or a filter's) have no
        // page; their cards and rows still need a poster.
        let placeholders =
            site.periodOnlyCodes.map { site.placeholder($0, year: site.periodTitles[$0]?.openDate?.year) }
            + site.market.scopedOnly.filter { !site.hasPage($0.key) }.sorted(by: { $0.key < $1.key }).map {
                site.placeholder($0.key, year: $0.value.openDate?.year)
            }
        guard site.language.isRoot else {
            return (
                [OutputFile(path: site.path(.feed), text: Feeds.atom(site))] + placeholders
                    + (try ShareCards.site(site, templates).map { [$0.file] } ?? []), 0
            )
        }
        var files = [
            OutputFile(path: Route.siteData.path, contents: DataFiles.siteIndex(site)),
            OutputFile(path: site.path(.feed), text: Feeds.atom(site)),
            OutputFile(path: Route.robots.path, text: Feeds.robots(site)),
            OutputFile(
                path: "_headers",
                text: HostFiles.headers(site.assets, languages: site.config.languages)),
            // GitHub Pages would otherwise run Jekyll, which skips files whose names start with "_".
            OutputFile(path: ".nojekyll", text: ""),
        ] + (try ShareCards.site(site, templates).map { [$0.file] } ?? [])
        files += placeholders
        if site.config.baseURL != nil {
            files.append(OutputFile(path: Route.sitemap.path, text: Feeds.sitemap(site)))
        }
        return (files, 0)
    }
}
