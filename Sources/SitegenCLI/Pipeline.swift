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
    public let seconds: Double
    public let output: URL
    public let source: DataSourceKind

    public var line: String {
        let what = source == .demo ? "demo data (fictional)" : "KOBIS data"
        return String(format: "built %d days, %d movies, %d pages (%d files) from %@ in %.2f s → %@",
                      days, movies, pages, files, what, seconds, output.path)
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
        if !live {
            console.note("note: building from the built-in demo source (fictional films, no network); every page is marked 「데모 데이터」. Set KOBIS_API_KEY for real figures.")
        }
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

    public func build() async throws -> BuildSummary {
        let started = DispatchTime.now()
        let lock = try SiteWriter(output: plan.output).lock()
        do {
            try SiteWriter(output: plan.output).preflight()
            let inputs = try loadInputs()
            let dataset = try await fetch().dataset
            profile("fetch", since: started)
            let summary = try write(dataset, inputs, started: started)
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

    func write(_ dataset: Dataset, _ inputs: LoadedInputs, started: DispatchTime, announce: Bool = true) throws -> BuildSummary {
        // Rendered files stream into the writer's staging folder on a thread of its own, so writing
        // overlaps rendering; nothing is swapped in unless all succeed.
        let session = try SiteWriter(output: plan.output).begin()
        let writer = BackgroundWriter(session: session)
        let rendered: RenderSummary
        let report: WriteReport
        do {
            do {
                var settings = plan.settings
                settings.assets = inputs.assets
                rendered = try SiteRenderer.render(RenderInput(dataset: dataset, templates: inputs.templates, notes: inputs.notes,
                                                              settings: settings, buildTime: plan.buildTime)) { file in
                    try writer.add(file.path, file.contents)
                }
                try writer.drain()
            } catch let error as TemplateError {
                throw error
            } catch let error as WriteError {
                throw error
            } catch {
                throw PhaseError(phase: "render", message: ErrorText.describe(error))
            }
            profile("render+stage", since: started)
            for file in inputs.publicFiles { try session.add(file.path, file.contents, from: file.source) }
            report = try session.finish()
        } catch {
            try? writer.drain()
            session.abort()
            throw error
        }
        if announce {
            rendered.messages.forEach { console.note("note: " + $0) }
            if !inputs.stockOnly.isEmpty {
                console.note("note: using the stock theme built into sitegen (no files of your own in \(inputs.stockOnly.joined(separator: " or ")))")
            }
            if !inputs.skippedPublic.isEmpty {
                let names = inputs.skippedPublic.prefix(5).joined(separator: ", ") + (inputs.skippedPublic.count > 5 ? " and \(inputs.skippedPublic.count - 5) more" : "")
                console.note("note: dotfiles in \(plan.publicFolder.lastPathComponent) are not published: \(names)")
            }
        }
        profile("swap", since: started)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return BuildSummary(days: dataset.days.count, movies: dataset.chartedMovieCodes.count,
                            pages: rendered.pageCount, files: report.fileCount, seconds: seconds, output: plan.output,
                            source: dataset.source)
    }
}

public struct PhaseError: Error, Sendable, CustomStringConvertible {
    public let phase: String
    public let message: String
    public var description: String { "\(phase): \(message)" }
}
