import Foundation
import Testing
import SitegenSiteSupport
import SitegenBuild
import SitegenDemo
@testable import SitegenFetch
import SitegenModel

/// What a build leaves out is said, and said once: not in silence, not once per item.
@Suite struct OneWarningTests {
    @Test func aNoteNamedMarkdownIsWarnedNotIgnored() throws {
        let folder = try SiteFixture.temporaryFolder()
        let notes = try SiteFixture.writeNotes(["date/2024-02-10.markdown": "# 메모\n", "date/2024-02-09.md": "# 메모\n"], in: folder)
        let (read, warnings) = try Inputs.notes(at: notes, label: "Notes")
        #expect(read.days.count == 1)
        #expect(warnings == ["Notes/date/2024-02-10.markdown: notes are read from .md files only; rename it to .md; ignored"], "\(warnings)")
    }

    /// A note is read into its page whole: one far larger than any note (a pasted log) is refused
    /// with one line naming it, not published as a page of hundreds of megabytes.
    @Test func aNoteTooLargeForAPageIsRefusedByName() throws {
        let folder = try SiteFixture.temporaryFolder()
        let huge = String(repeating: "로그 한 줄입니다.\n", count: 20_000)
        let notes = try SiteFixture.writeNotes(["site.md": huge, "date/2024-02-09.md": "# 메모\n"], in: folder)
        #expect(throws: InputError.self) { try Inputs.notes(at: notes, label: "Notes") }
        do { _ = try Inputs.notes(at: notes, label: "Notes") } catch {
            #expect("\(error)".contains("Notes/site.md is ") && "\(error)".contains("a note is at most 256 KB"), "\(error)")
        }
    }

    /// libcmark's slow pattern (`![[]()` 42,000 times fits the size cap and took 5.5 s a page) is
    /// refused by name; the same pattern a few hundred times, as a real note might, renders at once.
    @Test func aNoteOfCmarksSlowPatternIsRefusedByName() throws {
        let folder = try SiteFixture.temporaryFolder()
        let slow = String(repeating: "![[]()", count: 42_000)
        #expect(slow.utf8.count < 256_000)
        let notes = try SiteFixture.writeNotes(["date/2024-02-10.md": slow], in: folder)
        let error = #expect(throws: InputError.self) { try Inputs.notes(at: notes, label: "Notes") }
        #expect("\(error.map { "\($0)" } ?? "")".contains("Notes/date/2024-02-10.md has 84000 '[' brackets"))
        let fine = try SiteFixture.writeNotes(["date/2024-02-10.md": String(repeating: "![[]()", count: 4_000)], in: folder)
        #expect(try Inputs.notes(at: fine, label: "Notes").0.days.count == 1)
    }

    @Test func anUnwritableCacheIsOneWarningNotOneAnItem() async throws {
        let folder = try SiteFixture.temporaryFolder()
        // A file where the cache folder would be: nothing can be saved under it (as root too).
        let cache = folder.appendingPathComponent("cache")
        try Data("x".utf8).write(to: cache)
        let monitor = FetchMonitor()
        let client = CachingClient(cache: ResponseCache(folder: cache), upstream: DemoAPI(), monitor: monitor, now: Date())
        for offset in 0..<5 {
            let day = Day(iso: "2024-02-05")!.adding(days: offset)
            _ = try await client.fetch(.dailyChart(day, scope: .all))
            _ = try await client.fetch(.dailyChart(day, scope: .korean))
            _ = try await client.fetch(.dailyChart(day, scope: .foreign))
        }
        #expect(monitor.warnings.count == 1, "\(monitor.warnings)")
        #expect(monitor.warnings.first?.hasPrefix("cache: could not save ") == true)
    }

    /// A FIFO is named the same way (it was skipped in silence).
    @Test func symlinksInTheSitesFoldersAreNamedOnce() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let notes = try SiteFixture.writeNotes(["date/2024-02-10.md": "# 메모\n"], in: folder)
        try FileManager.default.createSymbolicLink(
            at: notes.appendingPathComponent("date/2024-02-09.md"), withDestinationURL: notes.appendingPathComponent("date/2024-02-10.md"))
        let publicFolder = folder.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: publicFolder, withIntermediateDirectories: true)
        try "body{}".write(to: folder.appendingPathComponent("elsewhere.css"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: publicFolder.appendingPathComponent("custom.css"), withDestinationURL: folder.appendingPathComponent("elsewhere.css"))
        #expect(mkfifo(publicFolder.appendingPathComponent("pipe.css").path, 0o644) == 0)
        let log = SiteFixture.Log()
        try await SiteFixture.build(into: folder.appendingPathComponent("_site"), days: 2, notes: notes, publicFolder: publicFolder, log: log)
        let links = log.lines.filter { $0.contains("symbolic links are not followed") }
        let fifos = log.lines.filter { $0.contains("FIFOs, sockets and devices are not files") }
        #expect(fifos.count == 1 && fifos[0].contains("Public: ") && fifos[0].contains("pipe.css"), "\(log.lines)")
        #expect(links.count == 2, "\(log.lines)")
        #expect(links.contains { $0.contains("Notes: ") && $0.contains("date/2024-02-09.md") })
        #expect(links.contains { $0.contains("Public: ") && $0.contains("custom.css") })
    }

    /// The same bad row is in the day's chart for every market (all, 한국, 외국, 다양성).
    @Test func aSkippedChartRowIsWarnedOnceNotOnceAMarket() async throws {
        let log = SiteFixture.Log()
        try await SiteFixture.build(into: try SiteFixture.temporaryFolder().appendingPathComponent("_site"), days: 1,
                                    source: HostileSource(), hotlinkPosters: true, market: true, log: log)
        let row = log.lines.filter { $0.hasPrefix("warning: 2024-02-10 row 7: movieCd") }
        #expect(row.count == 1, "\(row)")
    }
}
