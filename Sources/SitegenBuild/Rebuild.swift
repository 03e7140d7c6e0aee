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

    /// This build's pages against the last build's: which are rendered again, and where each was.
    struct PageComparison {
        /// By place in this build's list: whether the page is rendered again (new, unkeyed, its
        /// key changed, or its files not as the last build left them).
        var rendered: [Bool]
        /// By place: the page's place in the last build's list, when it was found there.
        let previous: [Int?]
        /// The ids of the pages rendered again, and of any page whose files drifted.
        var changed: Set<String>

        /// Pages whose files are not as the last build left them are rendered again like changed ones.
        mutating func add(drifted ids: Set<String>, of pages: [PageKey]) {
            guard !ids.isEmpty else { return }
            for i in pages.indices where ids.contains(pages[i].id) { rendered[i] = true }
            changed.formUnion(ids)
        }
    }

    /// The pages whose key changed since the last build, or that it did not have, and where each was.
    /// Both lists are in the site's page order, which a morning changes only where it adds or
    /// drops a page, so they are read side by side: a page is looked for where the last build had
    /// it and on (nearly always found at once; a new page is looked for through `window`). One not
    /// found there is taken as new, which at worst renders an unchanged page again; past `misses`
    /// of them the lists have parted, and the rest are found by id. A dictionary of a whole
    /// history's 52,000 ids, a set of them and another of the last build's pages were a tenth of
    /// a morning, on one core.
    static func compare(_ pages: [PageKey], since previous: BuildManifest, window: Int = 4_096,
                        misses: Int = 32) -> PageComparison {
        let old = previous.pages
        var byID: [String: Int]?
        var next = 0, missed = 0
        var changed = Set<String>()
        var rendered = [Bool](repeating: false, count: pages.count)
        var places = [Int?](repeating: nil, count: pages.count)
        for (i, page) in pages.enumerated() {
            let place: Int?
            if let byID {
                place = byID[page.id]
            } else if let k = old[next..<min(old.count, next + window)].firstIndex(where: { $0.id == page.id }) {
                place = k
                next = k + 1
            } else {
                missed += 1
                if missed > misses {
                    byID = Dictionary(old.indices.map { (old[$0].id, $0) }, uniquingKeysWith: { _, last in last })
                }
                place = byID?[page.id]
            }
            places[i] = place
            if page.key == nil || place.flatMap({ old[$0].key }) != page.key {
                rendered[i] = true
                changed.insert(page.id)
            }
        }
        return PageComparison(rendered: rendered, previous: places, changed: changed)
    }

    /// Only the pages whose key changed are rendered, all of them before the output is touched;
    /// then the files that changed are replaced and the ones no page writes any more deleted.
    func update(
        _ site: SitePlan, comparison: PageComparison, previous checked: CheckedOutput, posters: [String: Data],
        publicFiles: () -> [Inputs.PublicFile], record: inout BuildManifest
    ) throws -> (RenderSummary, WriteReport) {
        let old = checked.manifest.pages
        // Only the pages rendered again, the pages gone and the Public files can change which
        // files exist; the other pages' files (nearly all of them) are counted, never listed. A
        // page of the last build is kept when this build has it, found in its place, unchanged.
        var kept = [Bool](repeating: false, count: old.count)
        for (i, place) in comparison.previous.enumerated() where !comparison.rendered[i] {
            if let place { kept[place] = true }
        }
        var keptFiles = 0
        var replaced: [String] = []
        for (k, page) in old.enumerated() {
            if kept[k] { keptFiles += page.files.count } else { replaced += page.files }
        }
        let output = try writer.update(
            keptCount: keptFiles, replacing: replaced, drift: checked.drift,
            folders: checked.manifest.folders, fileMode: checked.manifest.fileMode
        ) { path in
            // A Public file over a generated one: only then are the kept pages' files looked through.
            old.indices.contains { kept[$0] && old[$0].files.contains(path) }
        }
        let (rendered, report, files) = try render(
            site, only: comparison.changed, posters: posters, into: output, publicFiles: publicFiles)
        record.pages = files.pages(site.pages, stamps: report.stamps) { i in
            comparison.rendered[i] ? nil : comparison.previous[i].map { old[$0] }
        }
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
    /// a page not rendered again (by its place in `order`), nil for a page rendered now (whose
    /// files' stamps are in `stamps`).
    func pages(
        _ order: [PageKey], stamps: [String: UInt64], kept: (Int) -> BuildManifest.Page? = { _ in nil }
    ) -> [BuildManifest.Page] {
        func rendered(_ id: String, _ key: UInt64?) -> BuildManifest.Page {
            let files = pages[id] ?? []
            return BuildManifest.Page(id: id, key: key, files: files, stamps: files.map { stamps[$0] ?? 0 })
        }
        return order.enumerated().map { i, page in
            if let old = kept(i) {
                return BuildManifest.Page(id: page.id, key: page.key, files: old.files, stamps: old.stamps)
            }
            return rendered(page.id, page.key)
        } + [rendered(Pipeline.publicPage, nil)]
    }
}
