import Foundation
import SitegenBasics
import SitegenFetch
import SitegenModel
import SitegenRender
import SitegenWrite

public struct BuildSummary: Sendable {
    public let days: Int
    public let movies: Int
    public let pages: Int
    public let files: Int
    /// Files written with new bytes, and files of the previous build deleted.
    public let written: Int
    public let deleted: Int
    /// The build changed a few pages of the previous site in place instead of staging all of it.
    public let updatedInPlace: Bool
    public let seconds: Double
    public let output: URL
    public let source: DataSourceKind

    public var line: String {
        let what = source == .demo ? "demo data (fictional)" : "KOBIS data"
        // A rebuild says how much of the site it touched: "(28771 files, 212 changed, 3 deleted)".
        var counts = "\(files) files"
        if written < files || deleted > 0 {
            counts += written == 0 && deleted == 0 ? ", none changed" : ", \(written) changed" + (deleted > 0 ? ", \(deleted) deleted" : "")
        }
        return String(format: "built %d days, %d movies, %d pages (%@) from %@ in %.2f s → %@",
                      days, movies, pages, counts, what, seconds, output.path)
    }
}

/// fetch → render → write. Templates are compiled first, so a template error costs no requests.
public struct Pipeline: Sendable {
    public let plan: BuildPlan
    public let console: Console

    public init(plan: BuildPlan, console: Console) { self.plan = plan; self.console = console }

    /// The fetch stage alone (also `sitegen fetch`): progress on a terminal, then one summary line.
    public func fetch() async throws -> FetchOutcome {
        let live = plan.source.kind == .kobis
        if !live { announceDemo() }
        let progress = ProgressLine.start(plan.monitor, enabled: live && !console.quiet)
        let outcome: FetchOutcome
        do {
            outcome = try await Fetcher(source: plan.source, jobs: plan.jobs, monitor: plan.monitor).fetch(days: plan.days)
        } catch {
            progress?.cancel()
            _ = await progress?.value
            plan.monitor.warnings.forEach { console.warning($0) }
            if live { console.note(plan.monitor.summaryLine) }
            throw error
        }
        var result = outcome
        if !plan.hotlinkPosters {
            let (dataset, posterWarnings) = try await PosterCopies(source: plan.source, jobs: plan.jobs, monitor: plan.monitor).run(outcome.dataset)
            result.dataset = dataset
            result.warnings += posterWarnings
        }
        progress?.cancel()
        _ = await progress?.value
        result.warnings.forEach { console.warning($0.description) }
        if live { console.note(plan.monitor.summaryLine) }
        return result
    }

    /// A ten-year site's data and index are hundreds of thousands of small objects; freeing them
    /// is work nobody waits for, so another thread does it (the process usually exits first, as a
    /// compiler exits without freeing its syntax trees).
    func freeLater<T: Sendable>(_ value: consuming T) {
        let box = FreeLater(value)
        DispatchQueue.global(qos: .background).async { box.drop() }
    }

    func announceDemo() {
        console.note("note: building from the built-in demo source (fictional films, no network); every page is marked 「데모 데이터」. Set KOBIS_API_KEY for real figures.")
    }

    public func build() async throws -> BuildSummary {
        let started = DispatchTime.now()
        let lock = try SiteWriter(output: plan.output).lock()
        do {
            try SiteWriter(output: plan.output).preflight()
            let inputs = try loadInputs()
            profile("inputs", since: started)
            let key = inputsKey(inputs)
            if let summary = unchanged(inputs, key: key, started: started) {
                lock.release()
                return summary
            }
            // Read while the data is fetched: it needs only the output folder, which the lock keeps ours.
            let output = plan.output
            let previous = Later { SiteWriter(output: output).readManifest(builder: BuildIdentity.current) }
            let dataset = try await fetch().dataset
            profile("fetch", since: started)
            let summary = try write(dataset, inputs, started: started, inputsKey: key, previous: previous)
            freeLater(consume dataset)
            lock.release()
            return summary
        } catch {
            lock.releaseAfterFailure()
            throw error
        }
    }

    /// `SITEGEN_PROFILE=1` prints how long each phase took, for finding what to optimise.
    func profile(_ phase: String, since start: DispatchTime) {
        guard ProcessInfo.processInfo.environment["SITEGEN_PROFILE"] == "1" else { return }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        console.note(String(format: "profile: %@ done at %.3f s", phase, seconds))
    }

    /// Renders and writes again from data already fetched (`serve` after an edit).
    /// `announce` false leaves out the notes a first build already printed.
    public func rebuild(from dataset: Dataset, announce: Bool = true) throws -> BuildSummary {
        let started = DispatchTime.now()
        return try write(dataset, try loadInputs(), started: started, announce: announce)
    }

    /// Everything read from the user's folders before rendering.
    struct LoadedInputs {
        var templates: Templates
        var notes: NoteSources
        var publicFiles: [Inputs.PublicFile]
        var assets: SiteAssets
        var skippedPublic: [String]
        var stockOnly: [String]
    }

    func loadInputs() throws -> LoadedInputs {
        let (templates, stockTemplates) = try Inputs.templates(at: plan.templates, label: plan.templatesLabel,
                                                               required: plan.themeFoldersRequired.templates)
        let (publicFiles, skipped, stockPublic) = try Inputs.publicFiles(at: plan.publicFolder, label: plan.publicFolder.lastPathComponent,
                                                                         required: plan.themeFoldersRequired.public)
        let (notes, noteWarnings) = try Inputs.notes(at: plan.notes, label: plan.notes.lastPathComponent)
        noteWarnings.forEach(console.warning)
        let stockOnly = (stockTemplates ? [plan.templatesLabel] : []) + (stockPublic ? [plan.publicFolder.lastPathComponent] : [])
        let (published, assets) = PublishedAssets.make(publicFiles)
        return LoadedInputs(templates: templates, notes: notes, publicFiles: published, assets: assets, skippedPublic: skipped, stockOnly: stockOnly)
    }

    /// Everything a build is made of, when the source's answers are known without fetching (the
    /// demo): the days, the source, the options that reach pages, templates, notes and Public files.
    func inputsKey(_ inputs: LoadedInputs) -> UInt64? {
        guard let source = plan.source.snapshotIdentity, !inputs.templates.stampsBuildTime else { return nil }
        var f = Fingerprint("inputs")
        f.add(source)
        f.add(plan.days.count)
        for day in plan.days { f.add(day.ordinal) }
        f.add(plan.settings.title); f.add(plan.settings.baseURL?.absoluteString); f.add(plan.hotlinkPosters)
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
    func unchanged(_ inputs: LoadedInputs, key: UInt64?, started: DispatchTime) -> BuildSummary? {
        guard let key, let previous = SiteWriter(output: plan.output).readManifest(builder: BuildIdentity.current),
              previous.inputs == key, previous.counts.count == 3 else { return nil }
        if plan.source.kind == .demo { announceDemo() }
        announce(previous.messages, inputs)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return BuildSummary(days: previous.counts[0], movies: previous.counts[1], pages: previous.counts[2],
                            files: previous.pages.reduce(0) { $0 + $1.files.count }, written: 0, deleted: 0,
                            updatedInPlace: true, seconds: seconds, output: plan.output, source: plan.source.kind)
    }

    func announce(_ messages: [String], _ inputs: LoadedInputs) {
        messages.forEach { console.note("note: " + $0) }
        if !inputs.stockOnly.isEmpty {
            console.note("note: using the stock theme built into sitegen (no files of your own in \(inputs.stockOnly.joined(separator: " or ")))")
        }
        if !inputs.skippedPublic.isEmpty {
            let names = inputs.skippedPublic.prefix(5).joined(separator: ", ") + (inputs.skippedPublic.count > 5 ? " and \(inputs.skippedPublic.count - 5) more" : "")
            console.note("note: dotfiles in \(plan.publicFolder.lastPathComponent) are not published: \(names)")
        }
    }

    func write(_ dataset: Dataset, _ inputs: LoadedInputs, started: DispatchTime, announce: Bool = true,
               inputsKey: UInt64? = nil, previous manifest: Later<BuildManifest?>? = nil) throws -> BuildSummary {
        var settings = plan.settings
        settings.assets = inputs.assets
        let site = SiteRenderer.plan(RenderInput(dataset: dataset, templates: inputs.templates, notes: inputs.notes,
                                                 settings: settings, buildTime: plan.buildTime))
        profile("plan", since: started)
        let writer = SiteWriter(output: plan.output)
        let builder = BuildIdentity.current
        var record = BuildManifest(builder: builder, folder: "", pages: [])
        let rendered: RenderSummary
        let report: WriteReport
        var inPlace = false
        let previous = if let manifest { manifest.value } else { writer.readManifest(builder: builder) }
        profile("manifest read", since: started)
        if ProcessInfo.processInfo.environment["SITEGEN_PROFILE"] == "1", let previous {
            var old: [String: UInt64] = [:]
            for page in previous.pages { if let key = page.key { old[page.id] = key } }
            var kinds: [String: Int] = [:]
            for page in site.pages where page.key == nil || old[page.id] != page.key { kinds[String(page.id.split(separator: " ")[0]), default: 0] += 1 }
            console.note("profile: pages to render again of \(site.pages.count): " + kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        if let previous, let changed = Self.changedPages(site.pages, since: previous) {
            (rendered, report) = try update(site, changed: changed, previous: previous, publicFiles: inputs.publicFiles, record: &record,
                                            started: started)
            inPlace = true
        } else {
            (rendered, report) = try stage(site, publicFiles: inputs.publicFiles, record: &record)
        }
        profile("render+write", since: started)
        let movies = dataset.chartedMovieCodes.count
        record.inputs = inputsKey
        record.counts = [dataset.days.count, movies, rendered.pageCount]
        record.messages = rendered.messages
        writer.recordManifest(record)
        profile("write", since: started)
        if announce { self.announce(rendered.messages, inputs) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        freeLater(consume site)
        return BuildSummary(days: dataset.days.count, movies: movies,
                            pages: rendered.pageCount, files: report.fileCount, written: report.writtenCount,
                            deleted: report.deletedCount, updatedInPlace: inPlace, seconds: seconds, output: plan.output, source: dataset.source)
    }

    /// The pages to render again, or nil when more than half changed: staging the whole site
    /// (one atomic swap) then costs about as much as updating it in place.
    static func changedPages(_ pages: [PageKey], since previous: BuildManifest) -> Set<String>? {
        var old: [String: UInt64] = [:]
        for page in previous.pages { if let key = page.key { old[page.id] = key } }
        var changed: Set<String> = []
        for page in pages where page.key == nil || old[page.id] != page.key { changed.insert(page.id) }
        return changed.count * 2 <= pages.count ? changed : nil
    }

    /// The whole site into a staging folder, swapped in when every file is written. Rendered
    /// files stream into it on a thread of their own, so writing overlaps rendering.
    func stage(_ site: SitePlan, publicFiles: [Inputs.PublicFile], record: inout BuildManifest) throws -> (RenderSummary, WriteReport) {
        let session = try SiteWriter(output: plan.output).begin()
        let writer = BackgroundWriter(session: session)
        var files = FilesByPage()
        do {
            let rendered = try renderPhase {
                try SiteRenderer.render(site) { page, file in
                    files.add(page, file.path)
                    try writer.add(file.path, file.contents)
                }
            } after: { try writer.drain() }
            for file in publicFiles {
                try session.add(file.path, file.contents, from: file.source)
                files.add(Self.publicPage, file.path)
            }
            let report = try session.finish()
            record.pages = files.pages(site.pages)
            return (rendered, report)
        } catch {
            try? writer.drain()
            session.abort()
            throw error
        }
    }

    /// Only the pages whose key changed are rendered, all of them before the output is touched;
    /// then the files that changed are replaced and the ones no page writes any more deleted.
    func update(_ site: SitePlan, changed: Set<String>, previous: BuildManifest, publicFiles: [Inputs.PublicFile],
                record: inout BuildManifest, started: DispatchTime) throws -> (RenderSummary, WriteReport) {
        // Only the pages rendered again, the pages gone and the Public files can change which
        // files exist; the other pages' files (nearly all of them) are counted, never listed.
        let current = Set(site.pages.map(\.id))
        var keptFiles = 0
        var replaced: [String] = []
        var previousByID: [String: BuildManifest.Page] = [:]
        previousByID.reserveCapacity(previous.pages.count)
        for page in previous.pages {
            previousByID[page.id] = page
            if current.contains(page.id) && !changed.contains(page.id) && page.id != Self.publicPage {
                keptFiles += page.files.count
            } else {
                replaced += page.files
            }
        }
        let update = try SiteWriter(output: plan.output).update(keptCount: keptFiles, replacing: replaced) {
            // A Public file over a generated one: only then are the kept pages' files looked through.
            path in previous.pages.contains { current.contains($0.id) && !changed.contains($0.id) && $0.id != Self.publicPage && $0.files.contains(path) }
        }
        var files = FilesByPage()
        do {
            let rendered = try renderPhase {
                try SiteRenderer.render(site, only: changed) { page, file in
                    files.add(page, file.path)
                    try update.add(file.path, file.contents)
                }
            } after: {}
            for file in publicFiles {
                try update.add(file.path, file.contents, from: file.source)
                files.add(Self.publicPage, file.path)
            }
            profile("render changed pages", since: started)
            let report = try update.finish()
            record.pages = site.pages.map { page in
                BuildManifest.Page(id: page.id, key: page.key,
                                   files: changed.contains(page.id) ? files.pages[page.id] ?? [] : previousByID[page.id]?.files ?? [])
            } + [BuildManifest.Page(id: Self.publicPage, key: nil, files: files.pages[Self.publicPage] ?? [])]
            return (rendered, report)
        } catch {
            update.abort()
            throw error
        }
    }

    /// The Public files' entry in the manifest: copied on every build, compared byte for byte.
    static let publicPage = "public files"

    /// Errors of rendering said as the render phase's; the writer's and the templates' keep their own words.
    func renderPhase(_ body: () throws -> RenderSummary, after: () throws -> Void) throws -> RenderSummary {
        do {
            let summary = try body()
            try after()
            return summary
        } catch let error as TemplateError {
            throw error
        } catch let error as WriteError {
            throw error
        } catch {
            throw PhaseError(phase: "render", message: ErrorText.describe(error))
        }
    }
}

/// Holds a value until `drop`, on whatever thread calls it.
final class FreeLater<T: Sendable>: @unchecked Sendable {
    private var value: T?
    init(_ value: T) { self.value = value }
    func drop() { value = nil }
}

/// Which files each page wrote, for the manifest.
struct FilesByPage {
    var pages: [String: [String]] = [:]
    mutating func add(_ page: String, _ path: String) { pages[page, default: []].append(path) }

    /// In the site's page order, then the Public files.
    func pages(_ order: [PageKey]) -> [BuildManifest.Page] {
        order.map { BuildManifest.Page(id: $0.id, key: $0.key, files: pages[$0.id] ?? []) }
            + [BuildManifest.Page(id: Pipeline.publicPage, key: nil, files: pages[Pipeline.publicPage] ?? [])]
    }
}

public struct PhaseError: Error, Sendable, CustomStringConvertible {
    public let phase: String
    public let message: String
    public var description: String { "\(phase): \(message)" }
}
