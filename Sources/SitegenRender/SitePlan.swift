/// A site's pages listed and keyed, ready to render all or some of them.
public struct SitePlan: Sendable {
    let input: RenderInput
    let site: SiteModel
    let jobs: [any PageJob]
    public let pages: [PageKey]
    /// The films with a page: every film on a daily chart the site publishes. Stored, so the
    /// summary reads a number and not the model the pipeline frees on another thread.
    public let filmPages: Int

    init(input: RenderInput, site: SiteModel, jobs: [any PageJob], pages: [PageKey]) {
        self.input = input; self.site = site; self.jobs = jobs; self.pages = pages
        filmPages = site.movieCodes.count
    }
}
