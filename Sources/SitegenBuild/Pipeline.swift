import Foundation
import SitegenBasics
import SitegenFetch
import SitegenImage
import SitegenModel
import SitegenMustache
import SitegenRender
import SitegenTheme
import SitegenWrite

public struct BuildSummary: Sendable {
    public let days: Int
    public let movies: Int
    public let pages: Int
    public let files: Int
    /// Files written with new bytes, and files of the previous build deleted.
    public let written: Int
    public let deleted: Int
    /// Files of the last build found deleted or edited by hand and put back, and names no build
    /// wrote that were removed: the output always ends as a clean build would leave it.
    public var repaired = 0
    /// The output as a host counts it, when measured (`build` measures it; serve's rebuilds do not).
    public var footprint: Footprint?
    /// What an in-place update changed of the footprint, when it knows (see `FootprintRecord`).
    public var footprintChange: Footprint?
    /// The build changed a few pages of the previous site in place instead of staging all of it.
    public let updatedInPlace: Bool
    /// The pages an in-place update rendered again (their keys changed, or their files were not
    /// as the last build left them), by page id; nil for a whole build, which renders every page.
    public var rerendered: Set<String>?
    public let seconds: Double
    public let output: URL
    public let source: DataSourceKind

    public var line: String {
        let what = source == .demo ? "demo data (fictional)" : "KOBIS data"
        // A rebuild says how much of the site it touched: "(28771 files, 212 changed, 3 deleted)".
        var counts = Count.of(files, "file")
        if let footprint { counts = footprint.text }
        if written < files || deleted > 0 {
            counts +=
                written == 0 && deleted == 0
                ? ", none changed" : ", \(written) changed" + (deleted > 0 ? ", \(deleted) deleted" : "")
        }
        if repaired > 0 { counts += ", \(repaired) repaired" }
        return String(format: "built %@, %@, %@ (%@) from %@ in %.2f s → %@",
                      Count.of(days, "day"), Count.of(movies, "movie"), Count.of(pages, "page"), counts, what, seconds,
                      output.path)
    }
}

/// fetch → render → write. Templates are compiled first, so a template error costs no requests.
public struct Pipeline: Sendable {
    public let plan: BuildPlan
    public let console: any BuildReporter
    /// When each step ended, for `--timings` (and `SITEGEN_PROFILE=1`, which prints them as they come).
    public let steps = StepTimes()

    public init(plan: BuildPlan, console: any BuildReporter) { self.plan = plan; self.console = console }

    /// The fetch stage alone (also `sitegen fetch`): progress on a terminal, then one summary line.
    /// `reportingGaps` false leaves the line on what is still to fetch to the caller (`sitegen
    /// fetch` says it in its own last line, and one line should not say it twice).
    public func fetch(reportingGaps: Bool = true) async throws -> FetchOutcome {
        let live = plan.source.kind == .kobis
        if !live { announceDemo() }
        plan.rangeNotes.forEach(console.note)
        let progress = live ? console.progress(of: plan.monitor) : nil
        let outcome: FetchOutcome
        do {
            outcome = try await Fetcher(
                source: plan.source, jobs: plan.jobs, monitor: plan.monitor, keepsGaps: plan.accumulating
            )
            .fetch(days: plan.days, market: plan.market, regions: plan.regions, today: plan.today)
        } catch {
            progress?.cancel()
            _ = await progress?.value
            plan.monitor.warnings.forEach { console.warning($0) }
            if live { console.note(plan.monitor.summaryLine) }
            throw error
        }
        var result = outcome
        if plan.strict, plan.regions, outcome.dataset.regions.isEmpty {
            progress?.cancel()
            _ = await progress?.value
            let why = outcome.warnings.first { $0.message.contains("region") }?.message ?? "KOBIS gave no region codes"
            throw StrictError(
                "regions are on but their pages cannot be made: \(why); fetch the region codes first (a build "
                    + "without --offline), or turn them off (regions = false, or --no-regions)")
        }
        if !plan.hotlinkPosters {
            let (dataset, posterWarnings) = try await PosterCopies(
                source: plan.source, jobs: plan.jobs, monitor: plan.monitor, deadline: plan.posterStageSeconds
            ).run(outcome.dataset)
            result.dataset = dataset
            result.warnings += posterWarnings
        }
        progress?.cancel()
        _ = await progress?.value
        result.warnings.forEach { console.warning($0.description) }
        if live { console.note(plan.monitor.summaryLine) }
        if reportingGaps, let line = gapsLine(result.dataset) { console.warning(line) }
        return result
    }

    /// One line for what a stopped backfill (or an offline build) left out, never one per day.
    public func gapsLine(_ dataset: Dataset) -> String? {
        let gaps = dataset.gaps
        guard !gaps.isEmpty || gaps.scopedCharts > 0 else { return nil }
        var parts: [String] = []
        if !gaps.days.isEmpty {
            parts.append("\(Count.grouped(gaps.days.count)) \(gaps.days.count == 1 ? "day" : "days")")
        }
        if !gaps.movies.isEmpty {
            parts.append(
                "the details of \(Count.grouped(gaps.movies.count)) \(gaps.movies.count == 1 ? "film" : "films")")
        }
        if gaps.scopedCharts > 0 {
            // Only the filters this build asks for.
            let which = (plan.market ? ["한국·외국·다양성"] : []) + (plan.regions ? ["regions"] : [])
            parts.append(
                "\(Count.grouped(gaps.scopedCharts)) filtered \(gaps.scopedCharts == 1 ? "chart" : "charts")"
                    + (which.isEmpty ? "" : " (\(which.joined(separator: ", ")))"))
        }
        let why = plan.budget.stop.map { " (\($0.description))" } ?? " (not in the cache)"
        return
            "history: \(parts.joined(separator: " and ")) not fetched yet\(why); what was fetched is kept "
                + "(\(Count.grouped(dataset.days.count)) \(dataset.days.count == 1 ? "day" : "days")), and the next "
                + "run fetches the rest"
    }

    /// A ten-year site's data and index are hundreds of thousands of small objects; freeing them
    /// is work nobody waits for, so another thread does it (the process usually exits first, as a
    /// compiler exits without freeing its syntax trees).
    func freeLater<T: Sendable>(_ value: consuming T) {
        let box = FreeLater(value)
        DispatchQueue.global(qos: .background).async { box.drop() }
    }

    func announceDemo() {
        console.note(
            "note: building from the built-in demo source (fictional films, no network); every page is marked 「데모 "
                + "데이터」. Set KOBIS_API_KEY for real figures."
        )
    }

    public func build() async throws -> BuildSummary {
        let started = DispatchTime.now()
        let lock = try SiteWriter(output: plan.output).lock()
        do {
            // Before anything is fetched, and before a rebuild can be found unchanged: --strict
            // refuses cards it cannot draw whatever the last build did.
            try refuseUndrawableCards()
            try SiteWriter(output: plan.output).preflight()
            let inputs = try loadInputs()
            profile("inputs", since: started)
            let key = inputsKey(inputs)
            // Read while the data is fetched: it needs only the output folder, which the lock keeps ours.
            let output = plan.output
            let previous = Later { CheckedOutput.read(output, builder: BuildIdentity.current) }
            if let key, SiteWriter(output: output).recordedInputs() == key,
               let summary = unchanged(inputs, key: key, previous: previous.value, started: started) {
                lock.release()
                return summary
            }
            // libvips takes tens of milliseconds to load and start: done beside the fetch when
            // cards may be drawn, rather than in the morning's last step.
            if plan.settings.drawsCards { DispatchQueue.global().async { _ = PosterImages.unavailable } }
            let dataset = try await fetch().dataset
            if dataset.days.isEmpty, let stop = plan.budget.stop {
                throw PhaseError(
                    phase: "fetch",
                    message:
                        "no day fetched yet: \(stop.description); nothing was written, and the next run starts again")
            }
            profile("fetch", since: started)
            let summary = try write(dataset, inputs, started: started, inputsKey: key, previous: previous)
            freeLater(consume dataset)
            freeLater(consume previous)
            lock.release()
            return summary
        } catch {
            lock.releaseAfterFailure()
            throw error
        }
    }

    /// Marks the end of a step: `--timings` reports the steps, and `SITEGEN_PROFILE=1` prints
    /// each as it ends, for finding what to optimise.
    func profile(_ phase: String, since start: DispatchTime) {
        steps.mark(Self.stepNames[phase] ?? phase)
        guard ProcessInfo.processInfo.environment["SITEGEN_PROFILE"] == "1" else { return }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        console.note(String(format: "profile: %@ done at %.3f s", phase, seconds))
    }

    /// The steps as `--timings` names them (verbs, as the phases of errors are named).
    static let stepNames = [
        "inputs": "load", "plan": "model", "manifest read": "check", "render changed pages": "render",
        "render+write": "write", "write": "record",
    ]

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
        /// The Public files and the hashed copies of the assets; the app icons are in `icons`.
        var publicFiles: [Inputs.PublicFile]
        /// The app icons, drawn on another thread while the site is fetched and rendered (their
        /// names, which pages need, come from the favicon's bytes alone).
        var icons: Later<(icons: [(AppIcon, Data)], problem: String?)>? = nil
        var assets: SiteAssets
        var skippedPublic: [String]
        var stockOnly: [String]
        /// `site.md` is still init's sample, left out of the site.
        var sampleNote = false
    }

    func loadInputs() throws -> LoadedInputs {
        let (templates, stockTemplates) = try Inputs.templates(
            at: plan.templates, label: plan.templatesLabel,
            required: plan.themeFoldersRequired.templates)
        let (publicFiles, skipped, stockPublic) = try Inputs.publicFiles(
            at: plan.publicFolder, label: plan.publicFolder.lastPathComponent,
            required: plan.themeFoldersRequired.public)
        var (notes, noteWarnings) = try Inputs.notes(at: plan.notes, label: plan.notes.lastPathComponent)
        noteWarnings.forEach(console.warning)
        let sampleNote = notes.site.map(Inputs.isSampleSiteNote) ?? false
        if sampleNote { notes.site = nil }
        for (folder, label) in [
            (plan.templates, plan.templatesLabel), (plan.publicFolder, plan.publicFolder.lastPathComponent),
            (plan.notes, plan.notes.lastPathComponent)
        ] {
            let links = FolderFiles.links(folder)
            guard !links.isEmpty else { continue }
            console.warning(
                "\(label): symbolic links are not followed, so these are left out: "
                    + links.prefix(5).joined(separator: ", ") + (links.count > 5 ? " and \(links.count - 5) more" : ""))
        }
        if let warning = Self.notesOutside(plan.days, notes, label: plan.notes.lastPathComponent) {
            console.warning(warning)
        }
        let stockOnly =
            (stockTemplates ? [plan.templatesLabel] : []) + (stockPublic ? [plan.publicFolder.lastPathComponent] : [])
        var (published, assets) = PublishedAssets.make(publicFiles)
        var icons: Later<(icons: [(AppIcon, Data)], problem: String?)>?
        if plan.settings.offline, let favicon = publicFiles.first(where: { $0.path == "favicon.svg" }) {
            assets.icons = AppIcons.names(favicon.contents)
            let cache = plan.cache
            icons = Later { AppIcons.make(favicon: favicon.contents, cache: cache) }
        }
        return LoadedInputs(
            templates: templates, notes: notes, publicFiles: published, icons: icons, assets: assets,
            skippedPublic: skipped, stockOnly: stockOnly, sampleNote: sampleNote)
    }

    /// A day's note for a day the site does not build is shown nowhere: said, not dropped in silence.
    static func notesOutside(_ days: [Day], _ notes: NoteSources, label: String) -> String? {
        guard let first = days.first, let last = days.last else { return nil }
        let outside = notes.days.keys.filter { $0 < first || $0 > last }.sorted()
        guard !outside.isEmpty else { return nil }
        let names = outside.prefix(3).map { "\(label)/date/\($0.iso).md" }.joined(separator: ", ")
            + (outside.count > 3 ? " and \(outside.count - 3) more" : "")
        return "\(names): outside the days built (\(first.iso) to \(last.iso)), so not shown; widen --days or --since"
    }

    /// The Public files with the app icons, once drawn, in path order (a failure is a warning).
    func publicFiles(_ inputs: LoadedInputs) -> () -> [Inputs.PublicFile] {
        {
            guard let drawn = inputs.icons?.value else { return inputs.publicFiles }
            if let problem = drawn.problem { console.warning("app icons left out: \(problem)") }
            let icons = drawn.icons.map {
                Inputs.PublicFile(path: $0.0.path, contents: $0.1, source: "favicon.svg, drawn as an app icon")
            }
            return (inputs.publicFiles + icons).sorted { $0.path < $1.path }
        }
    }

    func announce(_ messages: [String], _ inputs: LoadedInputs) {
        messages.forEach { console.note("note: " + $0) }
        if inputs.sampleNote {
            console.note(
                "note: \(plan.notes.lastPathComponent)/site.md is still the sample sitegen init wrote, so the home "
                    + "page shows no note; write yours there (or delete the file)")
        }
        if !inputs.stockOnly.isEmpty {
            console.note(
                "note: using the stock theme built into sitegen (no files of your own in "
                    + "\(inputs.stockOnly.joined(separator: " or ")))"
            )
        }
        let stockStyle = EmbeddedTheme.files(in: "Public").first { $0.path == PublishedAssets.stockStyle }?.contents
        if let warning = PublishedAssets.replacedStyleWarning(inputs.publicFiles, stock: stockStyle) {
            console.warning(warning)
        }
        if !inputs.skippedPublic.isEmpty {
            let names =
                inputs.skippedPublic.prefix(5).joined(separator: ", ")
                + (inputs.skippedPublic.count > 5 ? " and \(inputs.skippedPublic.count - 5) more" : "")
            console.note("note: dotfiles in \(plan.publicFolder.lastPathComponent) are not published: \(names)")
        }
    }

    func write(_ dataset: Dataset, _ inputs: LoadedInputs, started: DispatchTime, announce: Bool = true,
               inputsKey: UInt64? = nil, previous manifest: Later<CheckedOutput?>? = nil) throws -> BuildSummary {
        var settings = plan.settings
        settings.assets = inputs.assets
        if settings.drawsCards, let why = CardImages.unavailable {
            try refuseUndrawableCards()
            settings.cards = false
            console.warning("share cards left out: \(why)")
        }
        let site = SiteRenderer.plan(RenderInput(dataset: dataset, templates: inputs.templates, notes: inputs.notes,
                                                 settings: settings, buildTime: plan.buildTime))
        profile("plan", since: started)
        let writer = SiteWriter(output: plan.output)
        let builder = BuildIdentity.current
        var record = BuildManifest(builder: builder, folder: "", pages: [])
        let rendered: RenderSummary
        let report: WriteReport
        var inPlace = false
        let checked = if let manifest { manifest.value } else { CheckedOutput.read(plan.output, builder: builder) }
        let previous = checked?.manifest
        profile("manifest read", since: started)
        // Pages whose files are not as the last build left them are rendered again like changed ones.
        let changed = checked.map { Self.changedPages(site.pages, since: $0.manifest).union($0.drift.pages) }
        if ProcessInfo.processInfo.environment["SITEGEN_PROFILE"] == "1", let changed {
            var kinds: [String: Int] = [:]
            for id in changed { kinds[String(id.split(separator: " ")[0]), default: 0] += 1 }
            console.note(
                "profile: pages to render again of \(site.pages.count): "
                    + kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        // More than half changed: staging the whole site (one atomic swap) then costs about as
        // much as updating it in place.
        if let checked, let changed, changed.count * 2 <= site.pages.count {
            (rendered, report) = try update(site, changed: changed, previous: checked.manifest, drift: checked.drift,
                                            publicFiles: publicFiles(inputs), record: &record, started: started)
            inPlace = true
        } else {
            (rendered, report) = try stage(site, publicFiles: publicFiles(inputs), record: &record)
        }
        // A whole build writes every file afresh, so it puts right whatever drifted without counting it.
        let repaired = inPlace ? report.repairedCount : 0
        if let line = Self.removedLine(report.removedStrays, from: plan.output) { console.warning(line) }
        record.folders = report.folders
        record.fileMode = report.fileMode
        profile("render+write", since: started)
        let movies = dataset.chartedMovieCodes.count
        record.inputs = inputsKey
        record.counts = [dataset.days.count, movies, rendered.pageCount]
        record.messages = rendered.messages
        if let failure = writer.recordManifest(record) { console.warning("write: " + failure) }
        profile("write", since: started)
        if announce { self.announce(rendered.messages, inputs) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        freeLater(consume site)
        // The last build's manifest and this one's: thirty thousand names each.
        freeLater(record)
        if manifest == nil { freeLater(previous) }
        var summary = BuildSummary(
            days: dataset.days.count, movies: movies,
            pages: rendered.pageCount, files: report.fileCount, written: report.writtenCount,
            deleted: report.deletedCount, repaired: repaired, updatedInPlace: inPlace, seconds: seconds,
            output: plan.output,
            source: dataset.source)
        summary.footprintChange = report.footprintChange
        if inPlace { summary.rerendered = changed }
        return summary
    }

    /// `--strict` with share cards on that cannot be drawn here (no libvips, no Korean font): one line.
    func refuseUndrawableCards() throws {
        guard plan.strict, plan.settings.drawsCards, let why = CardImages.unavailable else { return }
        throw StrictError(
            "share cards are on but cannot be drawn: \(why); install what they need, or turn them off "
                + "(cards = false, or --no-cards)")
    }

    /// What the repair removed, named: a file put in the output by hand is gone, and whoever put
    /// it there learns where it belongs.
    static func removedLine(_ strays: [String], from output: URL) -> String? {
        guard !strays.isEmpty else { return nil }
        let names =
            strays.prefix(5).map(ErrorText.printable).joined(separator: ", ")
            + (strays.count > 5 ? " and \(strays.count - 5) more" : "")
        return
            "write: removed \(strays.count) \(strays.count == 1 ? "name" : "names") no build wrote from "
                + "\(ErrorText.printable(output.lastPathComponent)): \(names); a file to publish (CNAME, .well-known/) "
                + "belongs in Public/, which every build copies into the site"
    }

    /// The whole site into a staging folder, swapped in when every file is written. Rendered
    /// files stream into it on a thread of their own, so writing overlaps rendering.
    func stage(
        _ site: SitePlan, publicFiles: () -> [Inputs.PublicFile], record: inout BuildManifest
    ) throws -> (RenderSummary, WriteReport) {
        let session = try SiteWriter(output: plan.output).begin()
        let writer = BackgroundWriter(session: session)
        var files = FilesByPage()
        let painter = CardPainter(cache: plan.cache)
        do {
            let rendered = try renderPhase {
                try SiteRenderer.render(site) { page, file in
                    files.add(page, file.path)
                    if let (ready, linking) = painter.take(page, file) {
                        try writer.add(ready.path, ready.contents, linking: linking)
                    }
                }
            } after: {
                try painter.drawWaiting { try writer.add($0.path, $0.contents) }
                try writer.drain()
            }
            reportCards(painter)
            for file in publicFiles() {
                try session.add(file.path, file.contents, from: file.source)
                files.add(Self.publicPage, file.path)
            }
            let report = try session.finish()
            record.pages = files.pages(site.pages, stamps: report.stamps)
            return (rendered, report)
        } catch {
            try? writer.drain()
            session.abort()
            throw error
        }
    }

    /// `SITEGEN_PROFILE=1` says how many share cards were drawn and how many came from the card cache.
    func reportCards(_ painter: CardPainter) {
        guard ProcessInfo.processInfo.environment["SITEGEN_PROFILE"] == "1", painter.drawn + painter.reused > 0 else {
            return
        }
        console.note("profile: share cards drawn \(painter.drawn), from the card cache \(painter.reused)")
    }

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

/// What `--strict` refuses: a feature that is on and could not be made, said in one line.
public struct StrictError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ problem: String) { description = "--strict: " + problem }
}

public struct PhaseError: Error, Sendable, CustomStringConvertible {
    public let phase: String
    public let message: String
    public var description: String { "\(phase): \(message)" }
}
