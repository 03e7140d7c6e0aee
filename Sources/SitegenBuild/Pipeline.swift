import Foundation
import SitegenBasics
import SitegenFetch
import SitegenImage
import SitegenModel
import SitegenMustache
import SitegenRender
import SitegenWrite

/// A build as its steps, each named by a verb, timed for `--timings` and saying its errors as its
/// own ("render: …"): load the inputs, fetch the data, model the site (every page and its key),
/// check the last build's output, render and write the pages, record the manifest. Templates are
/// loaded first, so a template error costs no requests.
public struct Pipeline: Sendable {
    public let plan: BuildPlan
    public let console: any BuildReporter
    /// When each step ended, for `--timings` (and `SITEGEN_PROFILE=1`, which prints them as they come).
    public let steps = StepTimes()
    /// The one writer of this run's output folder.
    let writer: SiteWriter

    public init(plan: BuildPlan, console: any BuildReporter) {
        self.plan = plan; self.console = console
        writer = SiteWriter(output: plan.output)
    }

    /// The steps, in the order a build takes them (`--timings` names them so).
    enum Step: String {
        case load, fetch, model, check, render, write, record
    }

    /// Marks the end of `step`: `--timings` reports the steps, and `SITEGEN_PROFILE=1` prints
    /// each as it ends, for finding what to optimise.
    func ended(_ step: Step) {
        steps.mark(step.rawValue)
        guard plan.profiling else { return }
        console.note(String(format: "profile: %@ done at %.3f s", step.rawValue, steps.elapsed))
    }

    /// Runs `body` as `step`: marked when it ends, and an error it throws said as the step's
    /// unless it already says where it came from (a template's file and line, the writer's path,
    /// another step's name).
    func run<T>(_ step: Step, marking: Bool = true, _ body: () throws -> T) throws -> T {
        do {
            let value = try body()
            if marking { ended(step) }
            return value
        } catch let error as any SaysWhereItCameFrom {
            throw error
        } catch {
            throw PhaseError(phase: step.rawValue, message: ErrorText.describe(error))
        }
    }

    public func build() async throws -> BuildSummary {
        let started = DispatchTime.now()
        steps.beginRun()
        let lock = try writer.lock()
        do {
            // Before anything is fetched, and before a rebuild can be found unchanged: --strict
            // refuses cards it cannot draw whatever the last build did.
            try refuseUndrawableCards()
            try writer.preflight()
            let inputs = try run(.load) { try loadInputs() }
            let key = inputsKey(inputs)
            // Read while the data is fetched: it needs only the output folder, which the lock keeps ours.
            let writer = writer
            let previous = Later { CheckedOutput.read(writer, builder: BuildIdentity.current) }
            if let key, writer.recordedInputs() == key,
               let summary = unchanged(inputs, key: key, previous: previous.value, started: started) {
                lock.release()
                return summary
            }
            // libvips takes tens of milliseconds to load and start: done beside the fetch when
            // cards may be drawn, rather than in the morning's last step.
            if plan.config.drawsCards { DispatchQueue.global().async { _ = PosterImages.unavailable } }
            let fetched = try await fetch()
            // A build reads no answer after its fetch step (`sitegen fetch` does, and keeps them).
            plan.caching?.letGoOfDecoded()
            if fetched.dataset.days.isEmpty, let stop = plan.budget.stop {
                throw PhaseError(
                    phase: "fetch",
                    message:
                        "no day fetched yet: \(stop.description); nothing was written, and the next run starts again")
            }
            ended(.fetch)
            let (summary, leftovers) = try write(
                fetched.dataset, posters: fetched.posterBytes, inputs, started: started, inputsKey: key,
                previous: previous, pruning: true)
            freeLater(consume leftovers, fetched: consume fetched, previous: consume previous)
            lock.release()
            return summary
        } catch {
            lock.releaseAfterFailure()
            throw error
        }
    }

    /// The output folder held for a whole `serve` session, which rewrites it on every change:
    /// locked and checked by the run's one writer, before anything is fetched.
    public func holdOutput(command: String) throws -> SiteWriter.Lock {
        let lock = try writer.lock(command: command)
        do { try writer.preflight() } catch {
            lock.release()
            throw error
        }
        return lock
    }

    /// The footprint the last measuring build recorded, when it still describes the output:
    /// read before this build writes.
    public func recordedFootprint() -> Footprint? { FootprintRecord.recorded(writer) }

    /// The output's footprint after `summary`'s build, recorded for the next (`FootprintRecord`).
    public func measure(_ summary: BuildSummary, before: Footprint?) -> Footprint {
        let footprint = FootprintRecord.footprint(
            writer, unchanged: summary.written == 0 && summary.deleted == 0 && summary.repaired == 0,
            before: before, change: summary.updatedInPlace ? summary.footprintChange : nil,
            written: summary.footprintWritten)
        steps.mark("measure")
        return footprint
    }

    /// Renders and writes again from data already fetched (`serve` after an edit).
    /// `announce` false leaves out the notes a first build already printed.
    public func rebuild(from fetched: FetchOutcome, announce: Bool = true) throws -> BuildSummary {
        let started = DispatchTime.now()
        steps.beginRun()
        let (summary, leftovers) = try write(
            fetched.dataset, posters: fetched.posterBytes, try run(.load, marking: false) { try loadInputs() },
            started: started, announce: announce)
        freeLater(consume leftovers)
        return summary
    }

    /// model → check → render and write → record.
    func write(_ dataset: Dataset, posters: [String: Data], _ inputs: LoadedInputs, started: DispatchTime,
               announce: Bool = true,
               inputsKey: UInt64? = nil, previous manifest: Later<CheckedOutput?>? = nil,
               pruning: Bool = false) throws -> (BuildSummary, Leftovers) {
        var config = plan.config
        if config.drawsCards, let why = CardImages.unavailable {
            try refuseUndrawableCards()
            config.cards = false
            console.warning("share cards left out: \(why)")
        }
        let site = try run(.model) {
            SiteRenderer.plan(RenderInput(dataset: dataset, templates: inputs.templates, notes: inputs.notes,
                                          config: config, assets: inputs.assets, buildTime: plan.buildTime))
        }
        let builder = BuildIdentity.current
        let checked = try run(.check) {
            if let manifest { manifest.value } else { CheckedOutput.read(writer, builder: builder) }
        }
        let comparison = checked.map { checked in
            var comparison = Self.compare(site.pages, since: checked.manifest)
            comparison.add(drifted: checked.drift.pages, of: site.pages)
            return comparison
        }
        let changed = comparison?.changed
        if plan.profiling, let changed { reportChanged(changed, of: site.pages.count) }
        // More than two thirds changed: staging the whole site (one atomic swap) then costs about as
        // much as updating it in place. Not half: a young site's morning with the market view
        // changes just over half its pages (every film still on a 한국·외국·다양성 chart has a new
        // total, and so have its people's pages), and in place it writes a third fewer files and
        // leaves the rest as they were for a deploy that copies only what changed.
        let inPlace = changed.map { $0.count * 3 <= site.pages.count * 2 } ?? false
        var record = BuildManifest(builder: builder, folder: "", pages: [])
        let (rendered, report) = try run(.write) {
            if inPlace, let checked, let comparison {
                return try update(site, comparison: comparison, previous: checked, posters: posters,
                                  publicFiles: publicFiles(inputs), record: &record)
            }
            return try stage(site, posters: posters, publicFiles: publicFiles(inputs), record: &record)
        }
        // A whole build writes every file afresh, so it puts right whatever drifted without counting it.
        let repaired = inPlace ? report.repairedCount : 0
        // A whole build swaps in a new folder, carrying only version control over: what the check
        // found that no build wrote is gone with the old one, and is named as the repair names it
        // (a hand-made CNAME went without a word whenever more than half the pages changed).
        let removed = inPlace ? report.removedStrays : checked?.drift.strays ?? []
        if let line = Self.removedLine(removed, from: plan.output) { console.warning(line) }
        sayLeftAlone(checked?.drift)
        let movies = site.filmPages
        record.folders = report.folders
        record.fileMode = report.fileMode
        record.inputs = inputsKey
        record.counts = .init(days: dataset.days.count, movies: movies, pages: rendered.pageCount)
        record.messages = rendered.messages
        // A whole successful `build` (not serve's rebuilds) deletes what it did not use of the store:
        // beside the manifest's writing, as it needs only the files published.
        let store = plan.store, pages = record.pages
        let pruned = pruning ? Later { store.prune(published: pages.flatMap(\.files)) } : nil
        if let failure = writer.recordManifest(record) { console.warning("write: " + failure) }
        ended(.record)
        let kept = pruned?.value
        if announce { self.announce(rendered.messages, inputs) }
        let leftovers = Leftovers(site: consume site, record: record, checked: manifest == nil ? checked : nil)
        var summary = BuildSummary(
            days: dataset.days.count, movies: movies,
            pages: rendered.pageCount, files: report.fileCount, written: report.writtenCount,
            deleted: report.deletedCount, repaired: repaired, updatedInPlace: inPlace,
            seconds: Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9,
            output: plan.output, source: dataset.source)
        summary.footprintChange = report.footprintChange
        summary.footprintWritten = report.footprint
        summary.kept = kept
        if inPlace { summary.rerendered = changed }
        return (summary, leftovers)
    }

    /// The whole site into a staging folder, swapped in when every file is written.
    func stage(
        _ site: SitePlan, posters: [String: Data], publicFiles: () -> [Inputs.PublicFile],
        record: inout BuildManifest
    ) throws -> (RenderSummary, WriteReport) {
        let output = StagedOutput(try writer.begin())
        let (rendered, report, files) = try render(
            site, only: nil, posters: posters, into: output, publicFiles: publicFiles)
        record.pages = files.pages(site.pages, stamps: report.stamps)
        return (rendered, report)
    }

    /// The render-and-write loop of every build, staged or in place: the pages named in `only`
    /// (all when nil) rendered into `output` through the image stage (posters' bytes put in, share
    /// cards drawn or taken from the card cache), then the Public files, then the output
    /// finished; on any failure the output is left as it was.
    func render(
        _ site: SitePlan, only: Set<String>?, posters: [String: Data], into output: any SiteOutput,
        publicFiles: () -> [Inputs.PublicFile]
    ) throws -> (RenderSummary, WriteReport, FilesByPage) {
        var files = FilesByPage()
        let painter = CardPainter(kept: plan.store.cards, posters: posters)
        do {
            let rendered = try run(.render, marking: false) {
                let rendered = try SiteRenderer.render(site, only: only) { page, file in
                    files.add(page, file.path)
                    if let (ready, linking) = try painter.take(page, file) {
                        try output.add(ready.path, ready.contents, from: nil, linking: linking)
                    }
                }
                try painter.drawWaiting { try output.add($0.path, $0.contents, from: nil, linking: nil) }
                // Rendered files first: a Public file that collides with one is the one named.
                try output.drain()
                return rendered
            }
            if plan.profiling, painter.drawn + painter.reused > 0 {
                console.note("profile: share cards drawn \(painter.drawn), from the card cache \(painter.reused)")
            }
            for file in publicFiles() {
                try output.add(file.path, file.contents, from: file.source, linking: nil)
                files.add(Self.publicPage, file.path)
            }
            // An update renders before it touches the output: its render step ends here. A whole
            // build writes as it renders, so its pages are timed as the write step.
            if only != nil { ended(.render) }
            return (rendered, try output.finish(), files)
        } catch {
            output.abort()
            throw error
        }
    }

    /// `SITEGEN_PROFILE=1`: which kinds of page an update renders again, and how many of each.
    func reportChanged(_ changed: Set<String>, of count: Int) {
        var kinds: [String: Int] = [:]
        for id in changed { kinds[String(id.split(separator: " ")[0]), default: 0] += 1 }
        console.note(
            "profile: pages to render again of \(count): "
                + kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    }

    /// What a run is done with once it has its summary, freed once, on another thread: a
    /// ten-year site's data and index are hundreds of thousands of small objects, and the last
    /// build's manifest and this one's thirty thousand names each. Nobody waits for that work
    /// (the process usually exits first, as a compiler exits without freeing its syntax trees).
    struct Leftovers: Sendable {
        var site: SitePlan
        var record: BuildManifest
        /// The check `write` read itself; one read beside the fetch is in `previous`.
        var checked: CheckedOutput?
        var fetched: FetchOutcome?
        var previous: Later<CheckedOutput?>?
    }

    func freeLater(
        _ leftovers: consuming Leftovers, fetched: consuming FetchOutcome? = nil,
        previous: consuming Later<CheckedOutput?>? = nil
    ) {
        var all = leftovers
        all.fetched = fetched
        all.previous = previous
        FreeLater.inBackground(all)
    }

    func announceDemo() {
        console.note(
            "note: building from the built-in demo source (fictional films, no network); every page is marked 「데모 "
                + "데이터」. Set KOBIS_API_KEY for real figures."
        )
    }

    /// `--strict` with share cards on that cannot be drawn here (no libvips, no Korean font): one line.
    func refuseUndrawableCards() throws {
        guard plan.strict, plan.config.drawsCards, let why = CardImages.unavailable else { return }
        throw StrictError(
            "share cards are on but cannot be drawn: \(why); install what they need, or turn them off "
                + "(cards = false, or --no-cards)")
    }

    /// What the repair removed, named: a file put in the output by hand is gone, and whoever put
    /// it there learns where it belongs.
    /// A file system mounted inside the output, which no build removes or empties: said every build.
    func sayLeftAlone(_ drift: OutputDrift?) {
        guard let mounted = drift?.leftAlone, !mounted.isEmpty else { return }
        console.warning(
            "write: left alone in \(ErrorText.printable(plan.output.lastPathComponent)), another file system mounted "
                + "there: \(mounted.prefix(5).map(ErrorText.printable).joined(separator: ", ")); a build never "
                + "removes or replaces anything across a mount")
    }

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
}

/// An error that already says where it came from, which a step passes on as it is.
protocol SaysWhereItCameFrom: Error {}
extension PhaseError: SaysWhereItCameFrom {}
extension StrictError: SaysWhereItCameFrom {}
extension InputError: SaysWhereItCameFrom {}
extension TemplateError: SaysWhereItCameFrom {}
extension WriteError: SaysWhereItCameFrom {}

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
