import Foundation
import SitegenBasics
import SitegenModel
import SitegenMustache

/// What every page shares: the data's index (its fields read as the model's own), the user's
/// config and notes, the chart rows as pages show them, and the layout and poster contexts.
@dynamicMemberLookup
struct SiteModel: Sendable {
    let index: SiteIndex
    let config: SiteConfig
    /// The stylesheet, scripts and icons pages link, by their published names.
    let assets: SiteAssets
    let notes: NoteSources
    let buildTime: Date
    /// The edition this model renders; `t` is its interface strings.
    let language: Language
    let t: TemplateValue
    let words: Words
    private(set) var rows: ChartRows
    /// Each charted film's poster as its chart rows show it, worked out once by a whole build: a
    /// whole history has 400,000 rows of 4,000 films. A build of a few pages works out what it shows.
    private var rowPosters: [String: TemplateValue] = [:]

    var dataset: Dataset { index.dataset }
    var days: [DayChart] { index.days }
    subscript<T>(dynamicMember field: KeyPath<SiteIndex, T>) -> T { index[keyPath: field] }

    /// `rows` nil builds every day's chart rows; otherwise only the rows wanted (a rebuild that
    /// renders a few pages needs a few days' rows and a few films').
    init(_ input: RenderInput, index: SiteIndex? = nil, rows wanted: RowsWanted?, language: Language = .ko) {
        self.index = index ?? SiteIndex(input.dataset)
        self.language = language
        t = input.templates.strings[language] ?? .null
        words = Words(language: language, table: input.templates.words[language] ?? [:])
        config = input.config
        assets = input.assets
        notes = input.notes
        buildTime = input.buildTime
        rows = ChartRows([], values: { _, _ in .null })
        if wanted == nil {
            let codes = self.index.movieCodes + self.index.periodTitles.keys + self.index.market.scopedOnly.keys
            let model = self
            let posters = concurrentMap(codes.count, chunk: 256) { model.posterContext(codes[$0]) }
            rowPosters = Dictionary(zip(codes, posters), uniquingKeysWith: { first, _ in first })
        }
        // A row's values need the model for their poster context.
        let model = self
        if let wanted {
            // Whole days for day pages; a film's own row on each of its days for its page.
            let days = self.index.days.compactMap { chart -> DayChart? in
                if wanted.days.contains(chart.date) { return chart }
                var only = chart
                only.entries = chart.entries.filter { wanted.films.contains($0.movieCode) }
                return only.entries.isEmpty ? nil : only
            }
            rows = ChartRows(days) { entry, date in DayPage.entry(model, entry, date: date) }
        } else {
            rows = ChartRows(self.index.days) { entry, date in DayPage.entry(model, entry, date: date) }
        }
        siteCard = try? ShareCards.site(self, input.templates)
    }

    /// The card of every page without one of its own (nil without a base URL). Worked out here
    /// because every page's base context names it; the feeds job, which writes its file, draws it
    /// again with `try`, so a theme's broken `card-site` is reported there, not lost here.
    private(set) var siteCard: ShareCard?

    var isDemo: Bool { dataset.source == .demo }

    /// Whether a film has a page (`SiteIndex.hasPage`): every film on a daily chart the site publishes.
    func hasPage(_ code: String) -> Bool { index.hasPage(code) }

    /// `route`'s file in this edition: an English page under `en/`.
    func path(_ route: Route) -> String { (route.isPage ? language.folder : "") + route.path }

    /// From `page` (of this edition) back to the site root, where the assets are. The 404 page
    /// resolves from the root at any depth (its `<base>`), in either edition.
    func root(_ page: Route) -> String {
        page == .notFound ? "" : page.root + (page.isPage ? language.up : "")
    }

    /// A relative link from `page` to `target`, both of this edition.
    func href(_ target: Route, from page: Route) -> String { root(page) + path(target) }

    /// The same page in each edition built, for `hreflang` links and the language switch; empty
    /// for a site of one language.
    func editions(of route: Route) -> TemplateValue {
        guard config.languages.count > 1 else { return .list([]) }
        return .list(config.languages.map { other in
            let file = (route.isPage ? other.folder : "") + route.path
            return [
                "tag": .text(other.tag), "name": .text(other == .ko ? "한국어" : "English"),
                "href": .text(root(route) + file),
                "url": config.baseURL.map { .text(Route.joined($0, Route.pretty(file))) }
                    ?? .text(root(route) + file),
                "current": .bool(other == language),
            ]
        })
    }

    /// The site's name: the one it was given, or in English the stock name's English.
    var siteTitle: String { Self.title(config, words) }

    static func title(_ config: SiteConfig, _ words: Words) -> String {
        words.isKorean ? config.name
            : config.englishName ?? (config.name != SiteConfig.stockName ? config.name : words("siteTitle"))
    }

    /// The calendar at the latest month, not at the top of its year (about 6,600 px above it by
    /// November on a phone). The same address every day, so a new month changes no page's link.
    func archiveHref(from route: Route) -> String { href(.archive, from: route) + "#" + ArchivePage.latestAnchor }

    /// The site file's description, in this edition's language where it gives one.
    var siteDescription: String? { isKorean ? config.description : config.englishDescription }

    /// `target`'s absolute URL under --base-url, with folders ending in "/".
    func absolute(_ target: Route) -> String? {
        guard let base = config.baseURL else { return nil }
        return Route.joined(base, Route.pretty(path(target)))
    }

    /// The served poster files, each once: named by their bytes, so two films sharing an image share its files.
    var posterCopies: [PosterFile] {
        var seen = Set<String>()
        return dataset.sizedPosters.keys.sorted().flatMap { dataset.sizedPosters[$0]!.files }.filter {
            seen.insert($0.path).inserted
        }
    }

    /// Its movie info's (the fetch stage gives an empty one the title the film first charted
    /// under), else, for a film without details, the last title a daily or a weekly chart gave it.
    func title(of code: String) -> String { name(of: code).text }

    /// A chart row's title in this edition (the row's own Korean title, or the film's English one).
    func title(_ e: ChartEntry) -> String {
        isKorean ? e.title : filmName(e.movieCode, korean: e.title).text
    }

    /// The film's name in this edition and whether it is the Korean one, which an English page
    /// marks `lang="ko"` (a foreign film, or one whose nation is not known yet, without an
    /// English title).
    func name(of code: String) -> (text: String, isKorean: Bool) {
        filmName(code, korean: koreanTitle(of: code))
    }

    /// One rule, everywhere (the English footer states it): KOBIS's English title, else a Korean
    /// film's title romanized, else a foreign film's original title in Latin letters, else its
    /// Korean title marked so (`Words.film`).
    func filmName(_ code: String, korean: String) -> (text: String, isKorean: Bool) {
        if isKorean { return (korean, true) }
        return words.film(korean, english: englishTitle(of: code),
                          original: dataset.movies[code]?.originalTitle ?? "", koreanFilm: isKoreanFilm(code))
    }

    /// KOBIS's English title: its details', else the openings list's (a film listed before its
    /// details are fetched would otherwise be romanized on the chart and English on openings).
    func englishTitle(of code: String) -> String {
        if let title = dataset.movies[code]?.englishTitle, !title.isEmpty { return title }
        return index.listed[code]?.englishTitle ?? ""
    }

    /// Whether the film is Korean: its details' nations, else the Korean or foreign chart it made,
    /// else the openings list's nations; nil while none says.
    func isKoreanFilm(_ code: String) -> Bool? {
        if let nations = dataset.movies[code]?.nations, !nations.isEmpty { return nations.contains("한국") }
        if let korean = index.market.koreanFilm[code] { return korean }
        if let nations = index.listed[code]?.nations, !nations.isEmpty { return nations.contains("한국") }
        return nil
    }

    /// `lang="ko"` for a name an English page shows in Korean; nil otherwise.
    func mark(_ isKoreanName: Bool) -> TemplateValue { !isKorean && isKoreanName ? .text("ko") : .null }

    /// The film's title's `lang`: "ko" where an English page shows it in Korean.
    func titleLang(of code: String) -> TemplateValue { mark(name(of: code).isKorean) }

    /// A chart row's title's `lang`.
    func titleLang(_ e: ChartEntry) -> TemplateValue { mark(filmName(e.movieCode, korean: e.title).isKorean) }

    var isKorean: Bool { language == .ko }

    func koreanTitle(of code: String) -> String {
        dataset.movies[code]?.title ?? index.history[code]?.last?.entry.title
            ?? index.filterRuns[code]?.rows.last?.entry.title ?? index.periodTitles[code]?.title
            ?? index.market.scopedOnly[code]?.title ?? code
    }

    /// A note is written once but shown at several depths (home and grid/), so its relative links
    /// are taken from the site root and rewritten for the page showing it.
    func noteHTML(_ markdown: String?, on route: Route) -> String? {
        guard let markdown, !markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        let html = Markdown.html(markdown)
        let root = self.root(route)
        guard !root.isEmpty else { return html }
        var out = ""
        var rest = html[...]
        while let match = rest.firstMatch(of: /(href|src)="([^"]*)"/) {
            out += rest[..<match.range.lowerBound]
            let target = String(match.output.2)
            let relative = !target.isEmpty && !target.hasPrefix("#") && !target.hasPrefix("/") && !target.hasPrefix("?")
                && target.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.\-]*:/) == nil
            // On an English page a link to a page leads to its English twin; files stay shared.
            let folder = relative && Self.namesAPage(target) ? language.folder : ""
            out += "\(match.output.1)=\"\(relative ? root + folder + target : target)\""
            rest = rest[match.range.upperBound...]
        }
        return out + rest
    }

    /// A note's link to a page (`archive/index.html`, `movie/123/`), not to a shared file
    /// (`data/2024-02-10.json`, a poster).
    static func namesAPage(_ target: String) -> Bool {
        let path = target.prefix { $0 != "#" && $0 != "?" }
        if ["data/", "poster/", "card/"].contains(where: { path.hasPrefix($0) }) { return false }
        let last = path.split(separator: "/").last ?? ""
        return path.hasSuffix("/") || path.hasSuffix(".html") || !last.contains(".")
    }

    /// What every page's layout needs, with the page's own `content` beside it.
    func base(_ route: Route, title: String, description: String, kind: String,
              dataHref: String? = nil, structuredData: [JSONWriter.Value] = [],
              content: [String: TemplateValue] = [:]) -> TemplateValue {
        let source = words(isDemo ? "sourceDemo" : "sourceKOBIS")
        var fields: [String: TemplateValue] = [
            "root": .text(root(route)),
            "baseHref": .null,
            "t": t,
            "lang": [
                "tag": .text(language.tag), "ogLocale": .text(language.ogLocale), "folder": .text(language.folder),
                // Notes are written once, for the Korean site; English pages show them marked as Korean.
                "notes": isKorean ? nil : .text(Language.ko.tag),
                "editions": editions(of: route), "hasEditions": .bool(config.languages.count > 1),
            ],
            "site": [
                "title": .text(siteTitle),
                "description": siteDescription.templateValue,
                "author": config.author.templateValue,
                "demo": .bool(isDemo),
                "sourceCredit": .text(source),
                "homeHref": .text(href(.home, from: route)),
                "archiveHref": .text(archiveHref(from: route)),
                "searchHref": .text(href(.search, from: route)),
                "yearsHref": days.isEmpty ? nil : .text(href(.years, from: route)),
                "recordsHref": days.isEmpty ? nil : .text(href(.records, from: route)),
                "feedHref": .text(href(.feed, from: route)),
                "marketHref": index.market.scopes.isEmpty ? nil : .text(href(.market, from: route)),
                "manifestHref": config.app ? .text(manifestHref(from: route)) : nil,
                "touchIcon": config.app
                    ? (assets.icons.first { !$0.maskable && $0.size == 192 }).map { .text($0.path) } ?? nil
                    : nil,
                // For templates that want it; the stock ones leave it out so rebuilds stay identical.
                "builtAt": .text(InstantText.kst(buildTime)),
                "assets": [
                    "style": .text(assets.style),
                    "custom": assets.custom.templateValue,
                    "siteScript": .text(assets.siteScript),
                    "searchScript": .text(assets.searchScript),
                    "favicon": .text(assets.favicon),
                ],
            ],
            "page": [
                "title": .text(title == siteTitle ? title : "\(title) · \(siteTitle)"),
                "heading": .text(title),
                "description": .text(description),
                "kind": .text(kind),
                "canonical": route == .notFound ? nil : absolute(route).templateValue,
                "dataHref": dataHref.templateValue,
                // Feed readers look for the feed where readers subscribe: the home page and the
                // archive (every page's footer links it). On every page it was 6 MB an edition.
                "feedAlternate": .bool(route == .home || route == .archive),
                "inlineStyle": route == .notFound ? .text(Self.inlinable(assets.styleText)) : nil,
                // Open Graph and JSON-LD describe a page at its address: without --base-url there is
                // none (no og:url, no og:image), so a page gives its title and description, which
                // chat apps and search engines read instead. 27 MB of the whole history otherwise.
                "structuredData": config.baseURL == nil ? nil : StructuredData.script(structuredData).templateValue,
                // The site's, unless the page's job sets its own (`TemplateValue.withCard`).
                "card": config.baseURL.flatMap { base in siteCard.map { $0.value(base: base) } },
            ],
        ]
        // A host serves the 404 at any depth (`/movie/123/x/`), so its links resolve against the
        // site root: the path of --base-url when known (root-relative, so it also works on a
        // staging host); otherwise the page's own script finds the root (404.mustache).
        if route == .notFound, let base = config.baseURL {
            var path = URLComponents(url: base, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? "/"
            if !path.hasSuffix("/") { path += "/" }
            fields["baseHref"] = .text(path)
        }
        fields.merge(content) { _, new in new }
        return .object(fields)
    }

    /// What the search box shows beside a film: the card-sized copy (a path from the site root) or
    /// the hot-linked URL; nil means the drawn placeholder.
    func posterThumbnail(_ code: String) -> String? {
        dataset.postersServedFromSite ? dataset.sizedPosters[code]?.card.first?.path : dataset.posters[code]?.url
    }

    /// CSS that cannot end the `<style>` element it is inlined into.
    static func inlinable(_ css: String) -> String {
        css.replacing(/<\/(style)/.ignoresCase(), with: { "<\\/" + $0.output.1 })
    }

    /// The edition's own web app manifest (`en/manifest.webmanifest` for English pages).
    func manifestHref(from route: Route) -> String {
        root(route) + language.folder + Route.manifest.path
    }

    /// The drawn placeholder poster of this edition: its words (the title, 「포스터 없음」 / "No
    /// poster") are the edition's, so an English page never shows a Korean picture.
    func placeholderPath(_ code: String) -> String { language.folder + Route.poster(code).path }

    func placeholder(_ code: String, year: Int?) -> OutputFile {
        OutputFile(path: placeholderPath(code),
                   text: PlaceholderPoster.svg(code: code, title: title(of: code), year: year,
                                               caption: words("posterNone")))
    }

    /// A poster served from the site, a hot-linked one, or the drawn placeholder. `local` and
    /// `local2x` are paths from the site root; `remote` is a found poster's URL on its own host.
    func posterContext(_ code: String, onFilmPage: Bool = false) -> TemplateValue {
        if !onFilmPage, let known = rowPosters[code] { return known }
        let name = self.name(of: code)
        // An attribute cannot be marked Korean: a film named only in Korean on an English page is
        // described without its name (the name is beside the poster, marked).
        let title = !isKorean && name.isKorean ? words("filmWithoutEnglishTitle") : name.text
        if let sized = dataset.sizedPosters[code], let first = (onFilmPage ? sized.page : sized.card).first {
            let copies = onFilmPage ? sized.page : sized.card
            return [
                "remote": nil, "fallback": nil, "local": .text(first.path),
                "local2x": copies.dropFirst().first.map { .text($0.path) } ?? nil,
                "width": .int(first.width), "height": .int(first.height), "alt": .text(words("posterAlt", title))
            ]
        }
        if let poster = dataset.posters[code], !dataset.postersServedFromSite {
            return [
                "remote": .text(poster.url), "fallback": .text(placeholderPath(code)), "local": nil, "local2x": nil,
                "width": .int(poster.width),
                "height": .int(poster.height), "alt": .text(words("posterAlt", title))
            ]
        }
        return [
            "remote": nil, "fallback": nil, "local": .text(placeholderPath(code)), "local2x": nil,
            "width": .int(PlaceholderPoster.width),
            "height": .int(PlaceholderPoster.height), "alt": .text(words("posterMissingAlt", title))
        ]
    }
}
