import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenServe
import SitegenTestSupport

/// `sitegen serve` as a user runs it: edits show up, a broken template is survived, Ctrl-C stops.
@Suite
struct ServeCommandTests {
    func workspace() throws -> URL {
        let folder = try SiteFixture.temporaryFolder()
        try FileManager.default.copyItem(at: SiteFixture.repo.appendingPathComponent("Templates"), to: folder.appendingPathComponent("Templates"))
        try FileManager.default.copyItem(at: SiteFixture.repo.appendingPathComponent("Public"), to: folder.appendingPathComponent("Public"))
        return folder
    }

    func poll(_ port: UInt16, _ path: String, until condition: (RawHTTP.Response) -> Bool) throws -> RawHTTP.Response {
        var last = try RawHTTP.get(port: port, path)
        let deadline = Date().addingTimeInterval(15)
        while !condition(last) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            last = try RawHTTP.get(port: port, path)
        }
        return last
    }

    /// The site file decides what is fetched, so serve does not rebuild from it quietly with the
    /// old settings: an edit is one note saying to restart.
    @Test func sayItOnceWhenTheSiteFileChanges() async throws {
        let folder = try workspace()
        let settings = folder.appendingPathComponent("sitegen.toml")
        try "name = \"첫 이름\"\n".write(to: settings, atomically: true, encoding: .utf8)
        let running = RunningBinary()
        final class Collected: @unchecked Sendable { var text = "" }
        let collected = Collected(), lock = NSLock()
        running.err.fileHandleForReading.readabilityHandler = { handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            lock.withLock { collected.text += text }
        }
        func errors() -> String { lock.withLock { collected.text } }
        try await running.start(["serve", "--port", "0", "--days", "2", "--until", "2024-02-10"], in: folder)
        defer { if running.process.isRunning { running.process.terminate() } }
        #expect(await running.waitFor(" at http://127.0.0.1:"), "\(running.output())")
        try "name = \"새 이름\"\n".write(to: settings, atomically: true, encoding: .utf8)
        func said() -> [Substring] { errors().split(separator: "\n").filter { $0.contains("sitegen.toml changed") } }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, said().isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        #expect(said().count == 1 && said()[0].contains("run sitegen serve again"), "\(errors())")
        // A second edit is said a second time: the watcher has looked again since the first, so a
        // repeat of the first line would have come before this one (no sleep to wait for a repeat).
        try "name = \"세 번째 이름\"\n".write(to: settings, atomically: true, encoding: .utf8)
        let again = Date().addingTimeInterval(60)
        while Date() < again, said().count < 2 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(said().count == 2, "each edit is said once: \(errors())")
    }

    @Test func rebuildsOnATemplateChangeSurvivesABrokenOneAndStopsOnCtrlC() async throws {
        let folder = try workspace()
        let running = RunningBinary()
        try await running.start(["serve", "--port", "0", "--days", "3", "--until", "2024-02-10"], in: folder)
        defer { if running.process.isRunning { running.process.terminate() } }
        #expect(await running.waitFor(" at http://127.0.0.1:"), "\(running.output())")
        let port = UInt16(running.output().components(separatedBy: "http://127.0.0.1:")[1].prefix { $0.isNumber })!
        #expect(try RawHTTP.get(port: port, "/").status == 200)

        let header = folder.appendingPathComponent("Templates/partials/header.mustache")
        let original = try String(contentsOf: header, encoding: .utf8)
        try original.replacingOccurrences(of: "{{t.navLatest}}", with: "오늘의 순위표").write(to: header, atomically: true, encoding: .utf8)
        let changed = try poll(port, "/") { $0.text.contains("오늘의 순위표") }
        #expect(changed.text.contains("오늘의 순위표"), "the change did not show up on a later request")

        try (original + "{{#unclosed}}\n").write(to: header, atomically: true, encoding: .utf8)
        let state = try poll(port, "/__sitegen/wait?generation=") { $0.text.contains("\"error\"") }
        #expect(state.text.contains("header.mustache"), "\(state.text)")
        let stillUp = try RawHTTP.get(port: port, "/")
        #expect(stillUp.status == 200 && stillUp.text.contains("오늘의 순위표"), "the last good site stays up")
        #expect(String(decoding: running.err.fileHandleForReading.availableData, as: UTF8.self).contains("error: Templates/partials/header.mustache"))

        try original.write(to: header, atomically: true, encoding: .utf8)
        let recovered = try poll(port, "/") { $0.text.contains("최신 순위") }
        #expect(recovered.text.contains("최신 순위") && !recovered.text.contains("오늘의 순위표"))
        // The new site is swapped in a moment before the error is cleared: poll rather than race it.
        #expect(try poll(port, "/__sitegen/wait?generation=") { !$0.text.contains("\"error\"") }.text.contains("\"error\"") == false)

        kill(running.process.processIdentifier, SIGINT)
        await running.exited()
        #expect(running.process.terminationStatus == 0)
        #expect(await running.waitFor("stopped", seconds: 2))
    }

    @Test func aPortInUseIsOneLineNamingThePort() async throws {
        let busy = try TestServer { _ in .drop }
        let result = try await Binary.run(["serve", "--port", String(busy.port), "--days", "2", "--templates",
                                     SiteFixture.repo.appendingPathComponent("Templates").path,
                                     "--output", try SiteFixture.temporaryFolder().appendingPathComponent("_site").path])
        #expect(result.status == 1)
        #expect(result.err == "error: port \(busy.port) on 127.0.0.1 is in use; pick another with --port\n")
    }
}
