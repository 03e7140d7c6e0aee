import Foundation
import Testing
import SitegenSiteSupport
import SitegenBuild
@testable import SitegenWrite
#if canImport(Glibc)
import Glibc
#endif

/// A build changes only what it wrote, inside the folder it writes: a manifest edited by a sync
/// tool or a merge cannot lead a removal outside the output, a repository or a `CNAME` someone
/// keeps in it is kept or named, and an update that fails half way leaves the previous site.
@Suite struct OutputSafetyTests {
    static func append(_ lines: String, toManifestOf site: URL) throws {
        let manifest = site.deletingLastPathComponent().appendingPathComponent(".\(site.lastPathComponent).sitegen-manifest")
        let handle = try FileHandle(forWritingTo: manifest)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(lines.utf8))
        try handle.close()
    }

    /// The three manifests: a file above the output (the next day's build), a folder above
    /// it and the output's parent (a rebuild with the same inputs, whose repair lists folders).
    @Test(arguments: [
        ("P\t-\tx\nF\t0123456789abcdef\t../precious/keep.txt\n", "2024-02-10"),
        ("D\t0000000000000001\t../precious\n", "2024-02-09"),
        ("D\t0000000000000001\t..\n", "2024-02-09"),
        ("D\t0000000000000001\t/tmp\n", "2024-02-09"),
    ])
    func refusesManifestPathsAboveTheOutput(_ lines: String, _ until: String) async throws {
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("_site")
        let precious = folder.appendingPathComponent("precious/keep.txt")
        try await SiteFixture.build(into: site, until: "2024-02-09")
        try FileManager.default.createDirectory(at: precious.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: precious)
        try Self.append(lines, toManifestOf: site)
        let summary = try await SiteFixture.build(into: site, until: until)
        #expect(FileManager.default.fileExists(atPath: precious.path), "\(summary.line)")
        #expect(!summary.updatedInPlace, "an untrusted manifest means a whole build: \(summary.line)")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("date/\(until)/index.html").path))
    }

    /// `git init` and a commit in the output (a deploy that pushes the built folder), and a
    /// hand-made CNAME: the repository stays through an in-place rebuild and a whole one; the
    /// CNAME is removed and named, with where it belongs.
    @Test func keepsARepositoryInTheOutputAndNamesWhatItRemoves() async throws {
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: site, until: "2024-02-09")
        let head = site.appendingPathComponent(".git/HEAD"), nested = site.appendingPathComponent("date/.hg/store")
        // A folder named card/ inside it holds no share cards of the site's.
        for file in [head, nested, site.appendingPathComponent(".git/objects/ab/cdef"), site.appendingPathComponent(".git/card/x")] {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("ref: refs/heads/main\n".utf8).write(to: file)
        }
        try Data("boxoffice.example.com\n".utf8).write(to: site.appendingPathComponent("CNAME"))
        let log = SiteFixture.Log()
        let summary = try await SiteFixture.build(into: site, until: "2024-02-09", log: log)
        #expect(summary.updatedInPlace)
        #expect(FileManager.default.fileExists(atPath: head.path), "the repository is kept: \(summary.line)")
        #expect(FileManager.default.fileExists(atPath: nested.path), "wherever it is found")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("CNAME").path))
        #expect(summary.repaired == 1, "\(summary.line)")
        let said = log.lines.filter { $0.contains("CNAME") }
        #expect(said.count == 1 && said[0].contains("removed 1 name") && said[0].contains("Public/"), "\(log.lines)")

        // A whole build (its manifest gone) swaps in a new folder: the repository moves with it.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("._site.sitegen-manifest"))
        let whole = try await SiteFixture.build(into: site, until: "2024-02-10")
        #expect(!whole.updatedInPlace)
        #expect(FileManager.default.fileExists(atPath: head.path), "kept by a whole build too")
        // What it says of its size counts the repository it carried over, as a walk of the folder does.
        #expect(whole.footprintWritten == Footprint.measure(site), "\(String(describing: whole.footprintWritten))")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(".git/objects/ab/cdef").path))
        let again = try await SiteFixture.build(into: site, until: "2024-02-10")
        #expect(again.repaired == 0 && FileManager.default.fileExists(atPath: head.path), "\(again.line)")
    }

    /// Files put in the output by hand, then a build that changes most pages (a shorter range):
    /// it is staged whole and swapped in, so they go with the old folder, and are named as the
    /// in-place repair names them (they went without a word).
    @Test func aWholeBuildOverTheSiteNamesWhatItRemoved() async throws {
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: site, days: 14, until: "2024-02-09")
        try Data("boxoffice.example.com\n".utf8).write(to: site.appendingPathComponent("CNAME"))
        try FileManager.default.createDirectory(
            at: site.appendingPathComponent("custom"), withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: site.appendingPathComponent("custom/page.html"))
        let log = SiteFixture.Log()
        let summary = try await SiteFixture.build(into: site, days: 3, until: "2024-02-09", log: log)
        #expect(!summary.updatedInPlace, "staged whole: \(summary.line)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("CNAME").path))
        let said = log.lines.filter { $0.contains("no build wrote") }
        #expect(said.count == 1 && said[0].contains("removed 2 names") && said[0].contains("CNAME")
                    && said[0].contains("custom") && said[0].contains("Public/"), "\(log.lines)")
    }

    /// A regular file where the next day's folder must be made (its folder's stamp put back, so
    /// the repair does not see it): the update fails with one line and no live file has changed.
    @Test func aFailedUpdateLeavesThePreviousSiteAsItWas() async throws {
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: site, days: 40, until: "2024-02-09", market: false)
        let before = try SiteTree.tree(site)
        let dates = site.appendingPathComponent("date")
        var info = stat()
        #expect(lstat(dates.path, &info) == 0)
        try Data("squatter".utf8).write(to: dates.appendingPathComponent("2024-02-10"))
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, dates.path, &times, AT_SYMLINK_NOFOLLOW) == 0)

        await #expect {
            try await SiteFixture.build(into: site, days: 40, until: "2024-02-10", market: false)
        } throws: { error in
            "\(error)".hasPrefix("write: cannot create date/2024-02-10 (")
        }
        var after = try SiteTree.tree(site)
        after.removeValue(forKey: "date/2024-02-10")
        let differing = SiteTree.differences(after, before)
        #expect(differing.isEmpty, "changed by a failed update: \(differing.prefix(6))")
        // Out of the way, the next build updates the site as if nothing happened.
        try FileManager.default.removeItem(at: dates.appendingPathComponent("2024-02-10"))
        try await SiteFixture.build(into: site, days: 40, until: "2024-02-10", market: false)
        #expect(FileManager.default.fileExists(atPath: dates.appendingPathComponent("2024-02-10/index.html").path))
    }

    /// A refused output leaves nothing beside it: the lock is taken only once it is accepted.
    @Test func aRefusedOutputLeavesNoLock() throws {
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notOurs = folder.appendingPathComponent("notours")
        try FileManager.default.createDirectory(at: notOurs, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: notOurs.appendingPathComponent("thesis.tex"))
        #expect(throws: WriteError.self) { try SiteWriter(output: notOurs).lock() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notours"])
        let rootLock = "/.sitegen-lock"
        let existed = access(rootLock, F_OK) == 0
        defer { if !existed { unlink(rootLock) } }
        #expect(throws: WriteError.self) { try SiteWriter(output: URL(fileURLWithPath: "/")).lock() }
        #expect(existed || access(rootLock, F_OK) != 0, "no lock left at the root")
    }
}
