import Foundation
import Testing
import SitegenSiteSupport
import SitegenCLI
import SitegenFetch
import SitegenModel
@testable import SitegenRender
import SitegenTestSupport

/// Issue 12: a partial including itself twice made `sitegen build` eat memory without end.
@Suite
struct PartialCycleBinaryTests {
    @Test func aSelfIncludingPartialFailsTheBuildInOneLineWithinSeconds() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let templates = folder.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: StockTemplateTests.templatesFolder, to: templates)
        try "<footer>\n\nx{{> partials/footer}}{{> partials/footer}}\n</footer>\n"
            .write(to: templates.appendingPathComponent("partials/footer.mustache"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("_site")

        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["build", "--days", "3", "--until", "2024-02-10", "--templates", templates.path, "--output", out.path,
                             "--public", SiteFixture.repo.appendingPathComponent("Public").path,
                             "--notes", folder.appendingPathComponent("none").path]
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let finished = !process.isRunning
        if !finished { process.terminate(); process.waitUntilExit() }
        #expect(finished, "still running after 15 s")
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(stderr.contains("error: \(templates.path)/partials/footer.mustache:3:2: partial 'partials/footer' includes itself\n"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "no half-written site")
    }
}
