import Foundation
import SitegenBasics
import SitegenModel
import SitegenMustache

/// One kind of page (or of files), whole in one place, as Publish's page kinds are one protocol:
/// its id in the build manifest, what it is made from (its key), the chart rows it shows, and
/// its files. Each kind lives beside the view builder whose context it renders (`DayJob` in
/// DayPage.swift), so a value the view reads and the key misses is seen in one screen of code.
/// `SiteRenderer.jobs` lists every page of a site as one of these, a unit of parallel work.
protocol PageJob: Sendable {
    /// Stable across builds (dates and codes, never positions): the previous build's record of
    /// the page is looked up by it.
    func id(_ site: SiteModel) -> String
    /// Adds everything the page is made from to `f`, which already holds what every page shares
    /// and the page's id (`PageKeys.global`). False: the page has no key and is rendered on every
    /// build. A value the page shows but its key misses leaves the page stale after a rebuild:
    /// `IncrementalBuildTests` compares rebuilds with whole builds byte for byte.
    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool
    /// How many pages it renders, as its render counts them (a rebuild that skips it counts this).
    func pageCount(_ site: SiteModel) -> Int
    /// The chart rows it shows (whole days, or one film's rows): built only for the pages chosen.
    func rowsShown(_ site: SiteModel, into wanted: inout RowsWanted)
    /// Its files, and how many of them are pages.
    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int)
    /// Whether the English edition has this page (`EditionJob`): not the posters, which both
    /// editions share.
    var hasEnglishPage: Bool { get }
    /// Whether it takes far longer than any other page (the search page lists every film and
    /// person): begun before the others, so the last pages do not wait on it alone.
    var rendersLong: Bool { get }
}

extension PageJob {
    var hasEnglishPage: Bool { true }
    var rendersLong: Bool { false }
    func pageCount(_ site: SiteModel) -> Int { 1 }
    func rowsShown(_ site: SiteModel, into wanted: inout RowsWanted) {}
}

/// A page made from the whole site (the archive, the records, the feeds…): its key is the print
/// of all the data (`WholeSiteKeys`).
protocol WholeSitePageJob: PageJob {}

extension WholeSitePageJob {
    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        f.add(keys.whole.print)
        return true
    }
}

extension SiteModel {
    /// A page at `route` from `template` and `context`, in this edition.
    func page(_ route: Route, _ template: String, _ context: TemplateValue, _ templates: Templates) throws
        -> OutputFile
    {
        OutputFile(path: path(route), contents: try templates.renderData(template, context))
    }

    /// The files both editions share (data, CSV, posters) are made by the Korean job only: the
    /// English one would make the same bytes and throw them away. Cards are each edition's own,
    /// in its words.
    func shared(_ files: @autoclosure () throws -> [OutputFile]) rethrows -> [OutputFile] {
        language.isRoot ? try files() : []
    }
}

/// Which chart rows a render needs (`nil` in `SiteModel`: all of them).
struct RowsWanted {
    var days: Set<Day> = []
    var films: Set<String> = []
}
