import Foundation
import SitegenBasics
import SitegenMustache

/// The 404 page, in each edition.
struct NotFoundJob: PageJob {
    func id(_ site: SiteModel) -> String { "404" }

    /// Made of what every page shares (the global part of the key) and nothing else.
    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool { true }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        let context = site.base(
            .notFound, title: site.words("notFoundTitle"), description: site.words("notFoundDescription"),
            kind: "not-found", content: ["otherEdition": NotFoundEditions.english(site, templates)])
        return ([try site.page(.notFound, "404", context, templates)], 1)
    }
}

/// Hosts (and most static servers) answer every missing address with the root `404.html`, so the
/// Korean 404 carries the English edition's words too: its script shows them, and sets the page's
/// language, when the address is under `en/`; without the script a reader sees both.
enum NotFoundEditions {
    static func english(_ site: SiteModel, _ templates: Templates) -> TemplateValue {
        guard site.language.isRoot, site.config.languages.contains(.en) else { return .null }
        let w = Words(language: .en, table: templates.words[.en] ?? [:])
        let en = Language.en.folder
        let name = SiteModel.title(site.config, w)
        return [
            "t": templates.strings[.en] ?? .null,
            "title": .text(w("notFoundTitle") + " · " + name),
            "homeHref": .text(en + Route.home.path),
            "archiveHref": .text(en + Route.archive.path + "#" + ArchivePage.latestAnchor),
            "searchHref": .text(en + Route.search.path),
        ]
    }
}
