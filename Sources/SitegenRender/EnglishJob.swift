import Foundation
import SitegenBasics

/// The English edition's page of a Korean job: rendered with the English model, and only its
/// files under `en/` kept (data, posters and cards are the Korean job's). Its key is the Korean
/// page's under its own id (`PageKeys.english`): the English names are in the same key.
struct EnglishJob: PageJob {
    let korean: any PageJob

    func id(_ site: SiteModel) -> String { "en " + korean.id(site) }

    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool { false }

    func pageCount(_ site: SiteModel) -> Int { korean.pageCount(site) }

    func rowsShown(_ site: SiteModel, into wanted: inout RowsWanted) { korean.rowsShown(site, into: &wanted) }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        let (files, count) = try korean.render(site, templates)
        // Its cards too: each edition's cards are in its own words.
        return (files.filter { $0.path.hasPrefix(Language.en.folder) || $0.drawing != nil }, count)
    }
}
