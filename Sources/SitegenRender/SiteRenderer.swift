import Foundation
import SitegenBasics
import SitegenModel
import SitegenMustache

/// Render: (dataset, templates, notes, settings, build time) → files. Pure: no network, no clock,
/// no file system, so it is tested by calling it.
public enum SiteRenderer {
    /// Renders chunk by chunk on all cores and hands each file to `sink` (the writer), so a large
    /// site is never all in memory and writing overlaps rendering. Still pure: the sink is the
    /// caller's. Files arrive in a fixed order, whatever order the cores finished in.
    public static func render(
        _ input: RenderInput, chunk: Int = 256, into sink: (OutputFile) throws -> Void
    ) throws -> RenderSummary {
        try render(plan(input), chunk: chunk) { _, file in try sink(file) }
    }

    /// The whole site's list of pages, each with what it is made from (`PageKey`), before any is
    /// rendered: a rebuild compares the keys with the last build's and renders only pages whose
    /// key changed.
    public static func plan(_ input: RenderInput) -> SitePlan {
        let site = SiteModel(input, rows: RowsWanted())
        let keys = PageKeys(site, templates: input.templates)
        let korean = jobs(site)
        // Ten thousand keys at 3,650 days: on all cores.
        let pages = concurrentMap(korean.count, chunk: 512) { keys.key(korean[$0]) }
        guard site.settings.languages.contains(.en) else {
            return SitePlan(input: input, site: site, jobs: korean, pages: pages)
        }
        // An English page is made from what its Korean page is made from (the English names are
        // in the same key): its key is the Korean one under its own id, not worked out again.
        var jobs = korean, english = pages
        for (job, key) in zip(korean, pages) {
            if case .posters = job { continue }
            jobs.append(.english(job))
            english.append(PageKeys.english(key))
        }
        return SitePlan(input: input, site: site, jobs: jobs, pages: english)
    }

    /// Renders the pages of `plan` named in `only` (all when nil) and hands each file to `sink`
    /// with the id of the page it belongs to.
    public static func render(_ plan: SitePlan, only: Set<String>? = nil, chunk: Int = 256,
                              into sink: (_ page: String, OutputFile) throws -> Void) throws -> RenderSummary {
        let input = plan.input
        var chosen: [Job] = []
        var pages = 0
        for (job, page) in zip(plan.jobs, plan.pages) {
            if only?.contains(page.id) ?? true { chosen.append(job) } else { pages += job.pageCount(plan.site) }
        }
        // Chart rows are the one costly shared part: built only for the days chosen pages show.
        var wanted = RowsWanted()
        for job in chosen { job.rowsShown(plan.site, into: &wanted) }
        let site = SiteModel(input, index: plan.site.index, rows: only == nil ? nil : wanted)
        let templates = input.templates
        let english = chosen.contains { if case .english = $0 { true } else { false } }
            ? SiteModel(input, index: plan.site.index, rows: only == nil ? nil : wanted, language: .en) : nil
        // One page at a time per core (pages differ a lot in cost), each handed to the sink as
        // soon as it and the pages before it are done, so writing overlaps rendering; at most
        // `chunk` pages rendered ahead of the sink.
        let jobs = chosen
        try concurrentForEachInOrder(
            jobs.count, window: chunk, produce: { i in
                Result {
                    if case .english = jobs[i] { try jobs[i].render(english!, templates) } else {
                        try jobs[i].render(site, templates)
                    }
                }
            }
        ) { i, result in
            let (made, count) = try result.get()
            let id = jobs[i].id(site)
            for file in made { try sink(id, file) }
            pages += count
        }
        var messages: [String] = []
        if input.settings.baseURL == nil {
            let what =
                input.settings.cards
                ? "sitemap.xml and share cards (og:image) left out (they need" : "sitemap.xml left out (it needs"
            messages.append(
                "no --base-url: \(what) absolute URLs); feed.xml and pages use relative links")
        }
        let known = Set(site.days.map(\.date))
        for day in input.notes.days.keys.sorted() where !known.contains(day) {
            messages.append("note for \(day.iso) not shown: that day is not in the range built")
        }
        for code in input.notes.movies.keys.sorted() where site.history[code] == nil {
            messages.append("note for movie \(code) not shown: it is not on any chart in the range built")
        }
        return RenderSummary(pageCount: pages, messages: messages)
    }

    /// Every page of the site, in the order files are written.
    static func jobs(_ site: SiteModel) -> [Job] {
        (site.days.isEmpty ? [] : [.home]) + site.days.indices.map { .day($0) }
            + site.movieCodes.map { .movie($0) } + site.people.people.indices.map { .person($0) } + [.search]
            + PeriodKind.allCases.flatMap { kind in (site.periods[kind] ?? []).indices.map { Job.period(kind, $0) } }
            + marketJobs(site)
            + [.archive] + ArchivePage.years(site).map { .archiveYear($0) }
            + (site.days.isEmpty ? [] : [.years, .records] + YearPage.years(site).map { .year($0) }) + [
                .notFound, .feeds, .posters
            ] + (site.settings.offline && !site.days.isEmpty ? [.offline] : [])
            + (site.dataset.openings == nil ? [] : [.openings])
    }


    /// The data files a year, the market page, the regions and the distributors.
    static func marketJobs(_ site: SiteModel) -> [Job] {
        let market = site.market
        var jobs: [Job] = DataFiles.years(site).map { .data($0) }
        if !market.scopes.isEmpty { jobs.append(.market) }
        if !market.regions.isEmpty { jobs += [.regions] + market.regions.indices.map { .region($0) } }
        if !market.distributors.all.isEmpty {
            jobs += [.distributors] + market.distributors.all.keys.sorted().map { .distributor($0) }
        }
        return jobs
    }

    /// One unit of parallel work: a page and the files that go with it.
    enum Job: Sendable {
        case home, day(Int), movie(String), person(Int), search, period(PeriodKind, Int), archive,
            archiveYear(Int)
        case years, year(Int), records, notFound, feeds, posters, offline, openings
        /// A year of every chart (national and each filter's; days, weeks and weekends) as data files.
        case data(Int)
        case market, regions, region(Int),
            distributors, distributor(String)
        /// The English edition's page of a Korean job: rendered with the English model, and only
        /// its files under `en/` kept (data, posters and cards are the Korean job's).
        indirect case english(Job)

        func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
            func page(_ route: Route, _ template: String, _ context: TemplateValue) throws -> OutputFile {
                OutputFile(path: site.path(route), contents: try templates.renderData(template, context))
            }
            // The files both editions share (data, CSV, posters) are made by the Korean job only:
            // the English one would make the same bytes and throw them away. Cards are each
            // edition's own, in its words.
            func shared(_ files: @autoclosure () throws -> [OutputFile]) rethrows -> [OutputFile] {
                site.isKorean ? try files() : []
            }
            switch self {
            case .english(let page):
                let (files, count) = try page.render(site, templates)
                // Its cards too: each edition's cards are in its own words.
                return (files.filter { $0.path.hasPrefix(Language.en.folder) || $0.drawing != nil }, count)
            case .home:
                let chart = site.days.last!
                // The latest day's card: the day's own job writes it, under the day's name.
                let card = try ShareCards.day(site, chart, templates)
                let context = DayPage.context(site, chart: chart, route: .home)
                return ([try page(.home, "day", .withCard(context, card, base: site.settings.baseURL))], 1)
            case .day(let i):
                let chart = site.days[i]
                let (card, own) = try ShareCards.forDay(site, i, templates)
                let context = DayPage.context(site, chart: chart, route: .day(chart.date))
                let filters = try DayPage.filtersContext(site, chart: chart).map {
                    try page(.dayFilters(chart.date), "filters", .withCard($0, card, base: site.settings.baseURL))
                }
                return (
                    [try page(.day(chart.date), "day", .withCard(context, card, base: site.settings.baseURL))]
                        + (filters.map { [$0] } ?? []) + (own ? card.map { [$0.file] } ?? [] : []),
                    filters == nil ? 1 : 2
                )
            case .movie(let code):
                let (card, own) = try ShareCards.forMovie(site, code: code, templates)
                let movie = try page(
                    .movie(code), "movie",
                    .withCard(MoviePage.context(site, code: code), card, base: site.settings.baseURL))
                // The placeholder is drawn for every film: the fallback when a found poster's host
                // refuses to serve it.
                let year = site.films[code]?.openDate?.year
                return (
                    [movie]
                        + shared(
                            [
                                OutputFile(path: Route.movieData(code).path, contents: DataFiles.movie(site, code)),
                                OutputFile(
                                    path: Route.movieCSV(code).path,
                                    contents: CSVFiles.movie(site.history[code] ?? [])),
                            ]) + (own ? card.map { [$0.file] } ?? [] : [])
                        + [site.placeholder(code, year: year)], 1
                )
            case .person(let i):
                let person = site.people.people[i]
                let (card, own) = try ShareCards.forPerson(site, person, templates)
                let context = TemplateValue.withCard(
                    PersonPage.context(site, person: person), card, base: site.settings.baseURL)
                return (
                    [try page(.person(person.id), "person", context)]
                        + (own ? card.map { [$0.file] } ?? [] : []), 1
                )
            case .search:
                let index = SearchIndex.json(site), path = site.path(.searchIndex)
                return ([try page(.search, "search", SearchPage.context(site)),
                         OutputFile(path: path, contents: index),
                         OutputFile(path: SearchIndex.scriptPath(path), contents: SearchIndex.script(index))], 1)
            case .period(let kind, let i):
                let chart = site.periods[kind]![i]
                let (card, own) = try ShareCards.forPeriod(site, kind, i, templates)
                let context = TemplateValue.withCard(
                    PeriodPage.context(site, chart: chart), card, base: site.settings.baseURL)
                let filters = try PeriodPage.filtersContext(site, chart: chart).map {
                    try page(
                        .periodFilters(kind, chart.start), "filters", .withCard($0, card, base: site.settings.baseURL))
                }
                return (
                    [try page(.period(kind, chart.start), "week", context)] + (filters.map { [$0] } ?? [])
                        + (own ? card.map { [$0.file] } ?? [] : []), filters == nil ? 1 : 2
                )
            case .data(let year):
                return (shared(DataFiles.year(site, year)), 0)
            case .market:
                return ([try page(.market, "market", MarketPage.context(site))], 1)
            case .regions:
                return ([try page(.regions, "regions", RegionPage.indexContext(site))], 1)
            case .region(let i):
                let place = site.market.regions[i]
                return ([try page(.region(place.slug), "region", RegionPage.context(site, place))], 1)
            case .distributors:
                return ([try page(.distributors, "distributors", DistributorPage.indexContext(site))], 1)
            case .distributor(let code):
                let distributor = site.market.distributors.all[code]!
                return ([try page(.distributor(code), "distributor", DistributorPage.context(site, distributor))], 1)
            case .archive:
                return ([try page(.archive, "archive", ArchivePage.context(site))], 1)
            case .archiveYear(let year):
                return ([try page(.archiveYear(year), "archive", ArchivePage.yearContext(site, year: year))], 1)
            case .years:
                return ([try page(.years, "years", YearPage.indexContext(site))], 1)
            case .year(let year):
                return ([try page(.year(year), "year", YearPage.context(site, year: year))], 1)
            case .records:
                return ([try page(.records, "records", RecordsPage.context(site))], 1)
            case .openings:
                return ([try page(.openings, "openings", OpeningsPage.context(site, site.dataset.openings!))], 1)
            case .notFound:
                return (
                    [
                        try page(
                            .notFound, "404",
                            site.base(
                                .notFound, title: site.words("notFoundTitle"),
                                description: site.words("notFoundDescription"),
                                kind: "not-found",
                                content: ["otherEdition": NotFoundEditions.english(site, templates)]))
                    ], 1
                )
            case .feeds:
                // Films that made a weekly chart but no daily top 10 have no page, nor do films only
                // on a filter's chart (most 다양성 films); their cards and rows still need a poster.
                let placeholders =
                    site.periodOnlyCodes.map { site.placeholder($0, year: site.periodTitles[$0]?.openDate?.year) }
                    + site.market.scopedOnly.sorted(by: { $0.key < $1.key }).map {
                        site.placeholder($0.key, year: $0.value.openDate?.year)
                    }
                guard site.isKorean else {
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
                        text: HostFiles.headers(site.settings.assets, languages: site.settings.languages)),
                    // GitHub Pages would otherwise run Jekyll, which skips files whose names start with "_".
                    OutputFile(path: ".nojekyll", text: ""),
                ] + (try ShareCards.site(site, templates).map { [$0.file] } ?? [])
                files += placeholders
                if site.settings.baseURL != nil {
                    files.append(OutputFile(path: Route.sitemap.path, text: Feeds.sitemap(site)))
                }
                return (files, 0)
            case .offline:
                let latest = site.days.suffix(OfflineFiles.latestDays).reversed().map { chart -> TemplateValue in
                    [
                        "label": .text(site.words.longDate(chart.date)),
                        "href": .text(site.href(.day(chart.date), from: .offline)),
                    ]
                }
                let context = site.base(
                    .offline, title: site.words("offlineTitle"), description: site.words("offlineDescription"),
                    kind: "offline", content: ["offline": ["days": .list(latest)]])
                return (
                    [
                        try page(.offline, "offline", context)
                    ]
                        + [OutputFile(path: (site.isKorean ? "" : site.language.folder) + Route.manifest.path,
                                      text: OfflineFiles.manifest(site))]
                        + (try shared([
                            OutputFile(
                                path: Route.serviceWorker.path,
                                contents: try OfflineFiles.serviceWorker(site, templates: templates)),
                        ])), 1
                )
            case .posters:
                return (site.posterCopies.map { OutputFile(path: $0.path, contents: $0.data) }, 0)
            }
        }
    }
}

/// Hosts (and most static servers) answer every missing address with the root `404.html`, so the
/// Korean 404 carries the English edition's words too: its script shows them, and sets the page's
/// language, when the address is under `en/`; without the script a reader sees both.
enum NotFoundEditions {
    static func english(_ site: SiteModel, _ templates: Templates) -> TemplateValue {
        guard site.isKorean, site.settings.languages.contains(.en) else { return .null }
        let w = Words(language: .en, table: templates.words[.en] ?? [:])
        let en = Language.en.folder
        let name = site.settings.englishTitle
            ?? (site.settings.title != SiteSettings.stockTitle ? site.settings.title : w("siteTitle"))
        return [
            "t": templates.strings[.en] ?? .null,
            "title": .text(w("notFoundTitle") + " · " + name),
            "homeHref": .text(en + Route.home.path),
            "archiveHref": .text(en + Route.archive.path + "#" + ArchivePage.latestAnchor),
            "searchHref": .text(en + Route.search.path),
        ]
    }
}
