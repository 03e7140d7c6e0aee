/// A site's pages listed and keyed, ready to render all or some of them.
public struct SitePlan: Sendable {
    let input: RenderInput
    let site: SiteModel
    let jobs: [EditionJob]
    public let pages: [PageKey]
    /// The films with a page: every film on a daily chart the site publishes. Stored, so the
    /// summary reads a number and not the model the pipeline frees on another thread.
    public let filmPages: Int

    init(input: RenderInput, site: SiteModel, jobs: [EditionJob], pages: [PageKey]) {
        self.input = input; self.site = site; self.jobs = jobs; self.pages = pages
        filmPages = site.movieCodes.count
    }
}

/// A page of one edition. The edition is a parameter of the render, not a kind of page: the
/// English page is its Korean job rendered with the English model, keeping only its files under
/// `en/` (data and posters are the Korean page's; cards are drawn in each edition's words).
struct EditionJob: Sendable {
    let job: any PageJob
    let language: Language

    /// A page's id in `language`: the Korean page's own, else under the edition's name. The one
    /// rule: `PageKeys.english` keys an English page by it, so a rebuild finds the page again.
    static func id(_ korean: String, in language: Language) -> String {
        language == .ko ? korean : language.rawValue + " " + korean
    }

    func id(_ site: SiteModel) -> String { Self.id(job.id(site), in: language) }

    /// `site` is the model in this job's language.
    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        let (files, count) = try job.render(site, templates)
        guard language != .ko else { return (files, count) }
        return (files.filter { $0.path.hasPrefix(language.folder) || $0.drawing != nil }, count)
    }
}
