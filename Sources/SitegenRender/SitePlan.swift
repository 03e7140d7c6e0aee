/// A site's pages listed and keyed, ready to render all or some of them.
public struct SitePlan: Sendable {
    let input: RenderInput
    let site: SiteModel
    let jobs: [any PageJob]
    public let pages: [PageKey]
    /// The films with a page: every film on a daily chart the site publishes.
    public var filmPages: Int { site.movieCodes.count }
}
