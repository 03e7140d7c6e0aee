import Foundation
import SitegenBasics
import SitegenModel
import SitegenMustache

/// Render: (dataset, templates, notes, config, assets, build time) → files. Pure: no network, no clock,
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
        // Ten thousand keys at 3,650 days: on all cores, in slices small enough that the years'
        // keys, the costliest and last, are shared out rather than left to one core at the end.
        let pages = concurrentMap(korean.count, chunk: 32) { keys.key(korean[$0]) }
        var jobs = korean.map { EditionJob(job: $0, language: .ko) }
        guard site.config.languages.contains(.en) else {
            return SitePlan(input: input, site: site, jobs: jobs, pages: pages)
        }
        // An English page is made from what its Korean page is made from (the English names are
        // in the same key): its key is the Korean one under its own id, not worked out again.
        var english = pages
        for (job, key) in zip(korean, pages) where job.hasEnglishPage {
            jobs.append(EditionJob(job: job, language: .en))
            english.append(PageKeys.english(key))
        }
        return SitePlan(input: input, site: site, jobs: jobs, pages: english)
    }

    /// Renders the pages of `plan` named in `only` (all when nil) and hands each file to `sink`
    /// with the id of the page it belongs to.
    public static func render(_ plan: SitePlan, only: Set<String>? = nil, chunk: Int = 256,
                              into sink: (_ page: String, OutputFile) throws -> Void) throws -> RenderSummary {
        let input = plan.input
        var chosen: [EditionJob] = []
        var pages = 0
        for (job, page) in zip(plan.jobs, plan.pages) {
            if only?.contains(page.id) ?? true { chosen.append(job) } else { pages += job.job.pageCount(plan.site) }
        }
        // Chart rows are the one costly shared part: built only for the days chosen pages show.
        var wanted = RowsWanted()
        for job in chosen { job.job.rowsShown(plan.site, into: &wanted) }
        let site = SiteModel(input, index: plan.site.index, rows: only == nil ? nil : wanted)
        let templates = input.templates
        let english = chosen.contains { $0.language == .en }
            ? SiteModel(input, index: plan.site.index, rows: only == nil ? nil : wanted, language: .en) : nil
        // One page at a time per core (pages differ a lot in cost), each handed to the sink as
        // soon as it and the pages before it are done, so writing overlaps rendering; at most
        // `chunk` pages rendered ahead of the sink.
        let jobs = chosen
        @Sendable func made(_ i: Int) -> Result<([OutputFile], Int), any Error> {
            Result { try jobs[i].render(jobs[i].language == .en ? english! : site, templates) }
        }
        // A page far longer than the others begun at once, beside them, rather than in its turn:
        // in its turn it was a morning's last tenth of a second of rendering, on one core.
        var early: [Int: Later<Result<([OutputFile], Int), any Error>>] = [:]
        for i in jobs.indices where jobs[i].job.rendersLong { early[i] = Later { made(i) } }
        let begun = early
        try concurrentForEachInOrder(
            jobs.count, window: chunk, produce: { i in begun[i]?.value ?? made(i) }
        ) { i, result in
            let (made, count) = try result.get()
            let id = jobs[i].id(site)
            for file in made { try sink(id, file) }
            pages += count
        }
        var messages: [String] = []
        if input.config.baseURL == nil {
            let what =
                input.config.cards
                ? "sitemap.xml and share cards (og:image) left out (they need" : "sitemap.xml left out (it needs"
            messages.append(
                "no --base-url: \(what) absolute URLs); feed.xml and pages use relative links")
        }
        let known = Set(site.days.map(\.date))
        for day in input.notes.days.keys.sorted() where !known.contains(day) {
            messages.append("note for \(day.iso) not shown: that day is not in the range built")
        }
        for code in input.notes.movies.keys.sorted() where !site.hasPage(code) {
            messages.append("note for movie \(code) not shown: it is not on any chart in the range built")
        }
        return RenderSummary(pageCount: pages, messages: messages)
    }

    /// Every page of the site, in the order files are written.
    static func jobs(_ site: SiteModel) -> [any PageJob] {
        var jobs: [any PageJob] = site.days.isEmpty ? [] : [HomeJob()]
        jobs += site.days.indices.map { DayJob(index: $0) } as [any PageJob]
        jobs += site.movieCodes.map { MovieJob(code: $0) } as [any PageJob]
        jobs += site.people.people.indices.map { PersonJob(index: $0) } as [any PageJob]
        jobs.append(SearchJob())
        for kind in PeriodKind.allCases {
            jobs += (site.periods[kind] ?? []).indices.map { PeriodJob(kind: kind, index: $0) } as [any PageJob]
        }
        jobs += marketJobs(site)
        jobs.append(ArchiveJob())
        jobs += ArchivePage.years(site).map { ArchiveYearJob(year: $0) } as [any PageJob]
        if !site.days.isEmpty {
            jobs += [YearsJob(), RecordsJob()] as [any PageJob]
            jobs += YearPage.years(site).map { YearJob(year: $0) } as [any PageJob]
        }
        jobs += [NotFoundJob(), FeedsJob(), PostersJob()] as [any PageJob]
        if site.config.app && !site.days.isEmpty { jobs.append(OfflineJob()) }
        if site.dataset.openings != nil { jobs.append(OpeningsJob()) }
        return jobs
    }

    /// The data files a year, the market page, the regions and the distributors.
    static func marketJobs(_ site: SiteModel) -> [any PageJob] {
        let market = site.market
        var jobs: [any PageJob] = DataFiles.years(site).map { DataJob(year: $0) }
        if !market.scopes.isEmpty { jobs.append(MarketJob()) }
        if !market.regions.isEmpty {
            jobs.append(RegionsJob())
            jobs += market.regions.indices.map { RegionJob(index: $0) } as [any PageJob]
        }
        if !market.distributors.all.isEmpty {
            jobs.append(DistributorsJob())
            jobs += market.distributors.all.keys.sorted().map { DistributorJob(code: $0) } as [any PageJob]
        }
        return jobs
    }
}
