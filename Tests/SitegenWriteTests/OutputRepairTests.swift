import Foundation
import Testing
import SitegenSiteSupport
import SitegenBuild
@testable import SitegenCLI
import SitegenDemo
import SitegenFetch
@testable import SitegenWrite
#if canImport(Glibc)
import Glibc
#endif

/// Every build ends with the output equal to what a clean build of the same inputs writes, even
/// after someone deleted, edited or added files by hand: the manifest's word is checked against
/// the folder (stat first, bytes when in doubt), and what differs is put right.
@Suite struct OutputRepairTests {
    /// What the issue found: a deleted day page, a film page overwritten by hand, a stray file and
    /// folder, a link where a page was, a page made a folder, a folder made a file, other permissions.
    static func damage(_ site: URL) throws -> Int {
        let fm = FileManager.default
        try fm.removeItem(at: site.appendingPathComponent("date/2024-01-20/index.html"))
        let film = try #require(try fm.contentsOfDirectory(atPath: site.appendingPathComponent("movie").path).sorted().first)
        try Data("edited by hand".utf8).write(to: site.appendingPathComponent("movie/\(film)/index.html"))
        try Data("stray".utf8).write(to: site.appendingPathComponent("date/stray.html"))
        try fm.createDirectory(at: site.appendingPathComponent("date/junk/deeper"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: site.appendingPathComponent("date/junk/deeper/x.html"))
        try fm.removeItem(at: site.appendingPathComponent("date/2024-01-25/index.html"))
        try fm.createSymbolicLink(atPath: site.appendingPathComponent("date/2024-01-25/index.html").path, withDestinationPath: "/etc/hostname")
        try fm.removeItem(at: site.appendingPathComponent("date/2024-01-26/index.html"))
        try fm.createDirectory(at: site.appendingPathComponent("date/2024-01-26/index.html"), withIntermediateDirectories: false)
        try fm.removeItem(at: site.appendingPathComponent("date/2024-01-27/filters"))
        try Data("not a folder".utf8).write(to: site.appendingPathComponent("date/2024-01-27/filters"))
        chmod(site.appendingPathComponent("index.html").path, 0o600)
        try Data("edited marker\n".utf8).write(to: site.appendingPathComponent(".sitegen"))
        // The same bytes under a new modification time: in doubt, compared, and kept as it is.
        let touched = site.appendingPathComponent("date/2024-01-28/index.html")
        try fm.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: touched.path)
        // Ten paths to put right: the folder made a file also loses the page inside it.
        return 10
    }

    static func inode(_ url: URL) -> UInt64 {
        var info = stat()
        return lstat(url.path, &info) == 0 ? UInt64(info.st_ino) : 0
    }

    /// Builds `before`, damages it, rebuilds with `after`, and builds `after` clean elsewhere.
    /// `days`: a morning of a short site with the filters' films (their pages, people and pace)
    /// changes over two thirds of its pages and is staged whole; 120 days stay in place.
    func repair(
        before: String, after: String, days: Int = 40, source: @escaping @Sendable () -> any BoxOfficeSource
    ) async throws {
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("_site"), clean = folder.appendingPathComponent("clean/_site")
        try await SiteFixture.build(into: site, days: days, until: before, source: source())
        let damaged = try Self.damage(site)
        let touched = site.appendingPathComponent("date/2024-01-28/index.html")
        let touchedInode = Self.inode(touched)
        let summary = try await SiteFixture.build(into: site, days: days, until: after, source: source())
        try await SiteFixture.build(into: clean, days: days, until: after, source: source())
        let differing = SiteTree.differences(try SiteTree.tree(site), try SiteTree.tree(clean))
        #expect(differing.isEmpty, "differs from a clean build: \(differing.prefix(6))")
        #expect(summary.updatedInPlace, "put right in place, not rebuilt whole")
        #expect(summary.repaired == damaged, "\(summary.line)")
        #expect(summary.line.contains("\(damaged) repaired"), "\(summary.line)")
        #expect(Self.inode(touched) == touchedInode, "a page with the right bytes is not written again")
        // Repaired once: the next build finds nothing astray and writes nothing.
        let again = try await SiteFixture.build(into: site, days: days, until: after, source: source())
        #expect(again.repaired == 0 && again.written == 0 && again.deleted == 0, "\(again.line)")
    }

    /// The case: the same range built again (the demo's shortcut for unchanged inputs
    /// must not skip the check).
    @Test func repairsDriftWhenTheSameRangeIsBuiltAgain() async throws {
        try await repair(before: "2024-02-10", after: "2024-02-10") { DemoSource() }
    }

    /// A source whose inputs are not known before fetching updates in place: the same repair.
    @Test func repairsDriftWhenASourceIsFetchedAgain() async throws {
        try await repair(before: "2024-02-10", after: "2024-02-10") { EditedDemoSource(edit: { $1 }) }
    }

    /// The morning's in-place update puts right what drifted while it adds the new day.
    @Test func repairsDriftDuringTheNextDaysUpdate() async throws {
        try await repair(before: "2024-02-09", after: "2024-02-10", days: 120) { DemoSource() }
    }

    /// A whole build (no manifest to trust) leaves nothing of the old folder's strays either.
    @Test func aWholeBuildLeavesNoStrays() async throws {
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("_site"), clean = folder.appendingPathComponent("clean/_site")
        try await SiteFixture.build(into: site, days: 40, source: DemoSource())
        _ = try Self.damage(site)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("._site.sitegen-manifest"))
        let summary = try await SiteFixture.build(into: site, days: 40, source: DemoSource())
        try await SiteFixture.build(into: clean, days: 40, source: DemoSource())
        #expect(!summary.updatedInPlace)
        #expect(SiteTree.differences(try SiteTree.tree(site), try SiteTree.tree(clean)).isEmpty)
    }

    /// The check itself: nothing is in doubt right after a build, and each kind of damage is
    /// found where it is.
    @Test func theCheckFindsEachKindOfDrift() async throws {
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: site, days: 40, source: DemoSource())
        let writer = SiteWriter(output: site)
        let manifest = try #require(writer.readManifest(builder: BuildIdentity.current))
        #expect(writer.checkOutput(against: manifest) == OutputDrift(), "a fresh build is exactly as recorded")
        _ = try Self.damage(site)
        let drift = writer.checkOutput(against: manifest)
        #expect(drift.strays == ["date/2024-01-26/index.html", "date/2024-01-27/filters", "date/junk", "date/stray.html"])
        #expect(drift.rewrite == ["date/2024-01-25/index.html", "index.html"])
        #expect(drift.marker, "the .sitegen marker was edited")
        #expect(drift.files.isSuperset(of: ["date/2024-01-20/index.html", "date/2024-01-27/filters/index.html", "date/2024-01-28/index.html"]))
        #expect(drift.pages.contains("day 2024-01-20") || drift.pages.contains { $0.contains("2024-01-20") })
    }
}
