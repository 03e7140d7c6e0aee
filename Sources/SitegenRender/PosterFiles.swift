import Foundation
import SitegenBasics
import SitegenModel

/// The posters served from the site, resized copies named by their bytes.
struct PostersJob: PageJob {
    func id(_ site: SiteModel) -> String { "posters" }

    /// Their paths name their bytes; nothing else of the site reaches them.
    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        f = Fingerprint("posters")
        for copy in keys.site.posterCopies { f.add(copy.path) }
        return true
    }

    func pageCount(_ site: SiteModel) -> Int { 0 }

    /// Both editions show the same copies: the Korean edition writes them once.
    var hasEnglishPage: Bool { false }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        (site.posterCopies.map { OutputFile(poster: $0.path) }, 0)
    }
}
