import ArgumentParser
import Foundation
import SitegenBasics
import SitegenBuild
import SitegenModel
import SitegenServe
import SitegenWrite
#if canImport(Glibc)
import Glibc
#endif

public struct ServeCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, then preview the site in a browser, rebuilding and reloading on every change.",
        discussion:
            """
                Builds once (from the cache when it can; every build option applies), serves --output, and watches the \
                templates, public and notes folders: a change re-renders from the data already fetched and open pages \
                reload by themselves. A broken template is shown in the terminal and in the page, and the last good \
                site stays up until it is fixed. Ctrl-C stops.
                """
    )

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Port to listen on (0 picks a free one).", valueName: "n"))
    public var port: Int = 8000

    @Option(
        name: .long,
        help: ArgumentHelp(
            """
                Address to listen on: an IPv4 or IPv6 address (::1, 0.0.0.0, ::) or a name (localhost: 127.0.0.1 and \
                ::1).
                """,
            valueName: "host"))
    public var host: String = "127.0.0.1"

    // Side by side rather than one nested `BuildOptions` group, for the reason `BuildCommand` gives.
    @OptionGroup public var range: RangeOptions
    @OptionGroup public var site: SiteOptions
    public var options: BuildOptions { BuildOptions(range: range, site: site) }

    public init() {}

    public func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535 (got \(port))")
        }
        if let problem = ListenHost.problem(host) { throw ValidationError(problem) }
    }

    public func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let console = Console.forCommand(quiet: options.range.quiet, environment: environment)
        try await console.reportingErrors {
            let plan = try BuildPlan.resolve(options, environment: environment, now: Date())
            let reload = LiveReload()
            // The port first: a port in use should not cost a fetch.
            let server = try PreviewServer(root: plan.output, host: host, port: UInt16(port), reload: reload)
            let pipeline = Pipeline(plan: plan, console: console)
            // Held for the whole session: serve rewrites the folder on every change.
            let lock = try pipeline.holdOutput(command: "serve")
            defer { lock.release() }
            let fetched = try await pipeline.fetch()

            @Sendable func rebuild(first: Bool) async {
                do {
                    let summary = try pipeline.rebuild(from: fetched, announce: first)
                    console.summary(
                        first
                            ? summary.line
                            : String(format: "rebuilt %@ in %.2f s", Count.of(summary.pages, "page"), summary.seconds))
                    if !first { reload.rebuilt() }
                } catch {
                    // The server stays up with the last good site; the page shows what broke.
                    let message = ErrorText.describe(error)
                    console.error(message)
                    reload.failed(message)
                }
            }
            await rebuild(first: true)
            let url = try await server.start()
            // The addresses themselves when the URL does not show them all (a name, or `::`).
            let shown = ListenHost.inURL(host) + ":\(url.port ?? 0)"
            let listening =
                server.listening == [shown] ? "" : "listening on " + server.listening.joined(separator: " and ") + "; "
            console.summary(
                "serving \(plan.output.path) at \(url) (\(listening)watching templates, public and notes; Ctrl-C stops)"
            )

            let watcher = FolderWatcher(folders: [plan.templates, plan.publicFolder, plan.notes])
            let watching = Task { await watcher.watch { await rebuild(first: false) } }
            // The site file decides what is fetched (its first day, the market view, regions), so a
            // change to it needs the fetch a start makes: said at once rather than ignored.
            let settings = plan.siteFile.map { file in
                Task {
                    await FolderWatcher(folders: [file]).watch {
                        console.note(
                            "note: \(file.lastPathComponent) changed; serve reads it only when it starts: press Ctrl-C "
                                + "and run sitegen serve again to build with the new settings")
                    }
                }
            }
            await Signals.waitForInterrupt()
            watching.cancel()
            settings?.cancel()
            await server.stop()
            console.summary("stopped")
        }
    }
}

/// Ctrl-C (and SIGTERM) as an awaitable event, so serving ends cleanly instead of dying mid-write.
enum Signals {
    final class Sources: @unchecked Sendable {
        var sources: [DispatchSourceSignal] = []
        var resumed = false
        let lock = NSLock()
    }

    static func waitForInterrupt() async {
        let box = Sources()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    let first = box.lock.withLock { () -> Bool in defer { box.resumed = true }; return !box.resumed }
                    if first { continuation.resume() }
                }
                source.resume()
                box.sources.append(source)
            }
        }
        box.sources.forEach { $0.cancel() }
    }
}
