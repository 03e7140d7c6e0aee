import Foundation
import SitegenBasics
import SitegenImage
import SitegenModel
import SitegenRender
import SitegenWrite

/// Rebuilds: what the last build's manifest lets a build skip, and the in-place update.
extension Pipeline {
    /// Everything a build is made of, when the source's answers are known without fetching (the
    /// demo): the days, the source, the options that reach pages, templates, notes and Public files.
    func inputsKey(_ inputs: LoadedInputs) -> UInt64? {
        guard let source = plan.source.snapshotIdentity, !inputs.templates.stampsBuildTime else { return nil }
        var f = Fingerprint("inputs")
        f.add(source)
        f.add(plan.days.count)
        for day in plan.days { f.add(day.ordinal) }
        // The openings page is as of today: the same days a day later list other films.
        if Openings.apply(last: plan.days.max(), today: plan.today) { f.add(plan.today!.ordinal) }
        f.add(plan.config.name); f.add(plan.config.description); f.add(plan.config.author)
        f.add(plan.config.englishName); f.add(plan.config.englishDescription)
        f.add(plan.config.baseURL?.absoluteString); f.add(plan.config.hotlinksPosters)
        f.add(plan.config.market); f.add(plan.config.regions); f.add(plan.config.cards); f.add(plan.config.app)
        // Whether cards can be drawn here is an input too: a font installed since the last build
        // (or gone) changes the site, so a build that left cards out is not "unchanged" after it.
        f.add(plan.config.drawsCards && CardImages.unavailable == nil)
        f.add(plan.config.languages.map(\.rawValue).joined(separator: " "))
        f.add(inputs.templates.fingerprint)
        f.add(inputs.notes.site)
        for (day, text) in inputs.notes.days.sorted(by: { $0.key < $1.key }) { f.add(day.ordinal); f.add(text) }
        for (code, text) in inputs.notes.movies.sorted(by: { $0.key < $1.key }) { f.add(code); f.add(text) }
        f.add(inputs.publicFiles.count)
        for file in inputs.publicFiles { f.add(file.path); f.add(bytes: file.contents) }
        return f.value
    }

    /// The last build had the same inputs and its site is still there: nothing to fetch, render
    /// or write. Says what that build said.
    func unchanged(
        _ inputs: LoadedInputs, key: UInt64, previous checked: CheckedOutput?, started: DispatchTime
    ) -> BuildSummary? {
        guard let checked, checked.drift.isEmpty, checked.manifest.inputs == key,
              let counts = checked.manifest.counts
        else { return nil }
        let previous = checked.manifest
        sayLeftAlone(checked.drift)
        if plan.source.kind == .demo { announceDemo() }
        plan.rangeNotes.forEach(console.note)
        announce(previous.messages, inputs)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return BuildSummary(days: counts.days, movies: counts.movies, pages: counts.pages,
                            files: previous.pages.reduce(0) { $0 + $1.files.count }, written: 0, deleted: 0,
                            updatedInPlace: true, seconds: seconds, output: plan.output, source: plan.source.kind)
    }

    /// The pages whose key changed since the last build, or that it did not have.
    ///
    /// Both lists are in the site's page order, which a morning changes only where it adds or
    /// drops a page, so they are read side by side: a page is looked for where the last build had
    /// it and on (nearly always found at once; a new page is looked for through `window`). One not
    /// found there is taken as new, which at worst renders an unchanged page again; past `misses`
    /// of them the lists have parted, and the rest are found by id. A dictionary of a whole
    /// history's 52,000 ids was a twentieth of a morning, on one core.
    static func changedPages(_ pages: [PageKey], since previous: BuildManifest, window: Int = 4_096,
                             misses: Int = 32) -> Set<String> {
        let old = previous.pages
        var byID: [String: UInt64]?
        var next = 0, missed = 0
        var changed = Set<String>()
        for page in pages {
            let known: UInt64?
            if let byID {
                known = byID[page.id]
            } else if let k = old[next..<min(old.count, next + window)].firstIndex(where: { $0.id == page.id }) {
                known = old[k].key
                next = k + 1
            } else {
                missed += 1
                if missed > misses {
                    var all: [String: UInt64] = [:]
                    for page in old { if let key = page.key { all[page.id] = key } }
                    byID = all
                }
                known = byID?[page.id]
            }
            if page.key == nil || known != page.key { changed.insert(page.id) }
        }
        return changed
    }

    /// Only the pages whose key changed are rendered, all of them before the output is touched;
    /// then the files that changed are replaced and the ones no page writes any more deleted.
    func update(
        _ site: SitePlan, changed: Set<String>, previous checked: CheckedOutput, posters: [String: Data],
        publicFiles: () -> [Inputs.PublicFile], record: inout BuildManifest
    ) throws -> (RenderSummary, WriteReport) {
        let previous = checked.manifest
        // Only the pages rendered again, the pages gone and the Public files can change which
        // files exist; the other pages' files (nearly all of them) are counted, never listed.
        let current = Set(site.pages.map(\.id))
        func isKept(_ page: BuildManifest.Page) -> Bool {
            current.contains(page.id) && !changed.contains(page.id) && page.id != Self.publicPage
        }
        var keptFiles = 0
        var replaced: [String] = []
        var previousByID: [String: BuildManifest.Page] = [:]
        previousByID.reserveCapacity(previous.pages.count)
        for page in previous.pages {
            previousByID[page.id] = page
            if isKept(page) { keptFiles += page.files.count } else { replaced += page.files }
        }
        let output = try writer.update(
            keptCount: keptFiles, replacing: replaced, drift: checked.drift,
            folders: previous.folders, fileMode: previous.fileMode
        ) { path in
            // A Public file over a generated one: only then are the kept pages' files looked through.
            previous.pages.contains { isKept($0) && $0.files.contains(path) }
        }
        let (rendered, report, files) = try render(
            site, only: changed, posters: posters, into: output, publicFiles: publicFiles)
        record.pages = files.pages(site.pages, stamps: report.stamps) { changed.contains($0) ? nil : previousByID[$0] }
        return (rendered, report)
    }

    /// The Public files' entry in the manifest: copied on every build, compared byte for byte.
    static let publicPage = "public files"
}

/// The last build's manifest and how the output differs from it now.
struct CheckedOutput: Sendable {
    let manifest: BuildManifest
    let drift: OutputDrift

    static func read(_ writer: SiteWriter, builder: String) -> CheckedOutput? {
        guard let manifest = writer.readManifest(builder: builder) else { return nil }
        return CheckedOutput(manifest: manifest, drift: writer.checkOutput(against: manifest))
    }
}

/// Which files each page wrote, for the manifest.
struct FilesByPage {
    var pages: [String: [String]] = [:]
    mutating func add(_ page: String, _ path: String) { pages[page, default: []].append(path) }

    /// In the site's page order, then the Public files. `kept` gives the last build's record of
    /// a page not rendered again, nil for a page rendered now (whose files' stamps are in `stamps`).
    func pages(
        _ order: [PageKey], stamps: [String: UInt64], kept: (String) -> BuildManifest.Page? = { _ in nil }
    ) -> [BuildManifest.Page] {
        func rendered(_ id: String, _ key: UInt64?) -> BuildManifest.Page {
            let files = pages[id] ?? []
            return BuildManifest.Page(id: id, key: key, files: files, stamps: files.map { stamps[$0] ?? 0 })
        }
        return order.map { page in
            if let old = kept(page.id) {
                return BuildManifest.Page(id: page.id, key: page.key, files: old.files, stamps: old.stamps)
            }
            return rendered(page.id, page.key)
        } + [rendered(Pipeline.publicPage, nil)]
    }
}
