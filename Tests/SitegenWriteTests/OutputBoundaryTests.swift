import Foundation
import Testing
import SitegenSiteSupport
import SitegenTestSupport

/// Where a build's removals and swaps stop: never across a file system mounted in the output,
/// never a folder that cannot be replaced whole, never the shell's own folder, never the site file.
@Suite
struct OutputBoundaryTests {
    /// The `error:` lines a run printed (a demo build notes its source first).
    static func errors(_ result: Binary.Result) -> [Substring] {
        result.err.split(separator: "\n").filter { $0.hasPrefix("error:") }
    }

    static let build = ["build", "--demo", "--days", "2", "--until", "2024-02-10", "--cache", "cache", "--output", "_site"]

    /// Whether this process may mount a tmpfs (root, outside a container that forbids it), tried once.
    static let canMount: Bool = {
        guard geteuid() == 0, let folder = try? TestFolders.make() else { return false }
        guard (try? Binary.runBlocking("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", folder.path]))?.status == 0
        else { return false }
        _ = try? Binary.runBlocking("/bin/umount", [folder.path])
        return true
    }()

    static func mountTmpfs(_ folder: URL) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #require(try await Binary.runExecutable("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", folder.path]).status == 0)
    }

    static func unmount(_ folder: URL) { _ = try? Binary.runBlocking("/bin/umount", ["-l", folder.path]) }

    /// A tmpfs mounted at `_site/mnt` with a file on it: a same-input rebuild repairs the output
    /// around it, leaves the file and says so; a whole build refuses before anything, in one line.
    @Test(.enabled(if: canMount, "mounting a tmpfs needs root where mount is permitted"))
    func aFileSystemMountedInTheOutputIsNeverEmptied() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let first = try await Binary.run(Self.build, in: folder, timeout: 120)
        try #require(first.status == 0)
        let mount = folder.appendingPathComponent("_site/mnt")
        try await Self.mountTmpfs(mount)
        defer { Self.unmount(mount) }
        let kept = mount.appendingPathComponent("kept.txt")
        try Data("on another disk".utf8).write(to: kept)

        let again = try await Binary.run(Self.build, in: folder, timeout: 120)
        #expect(again.status == 0)
        #expect(FileManager.default.fileExists(atPath: kept.path), "the repair emptied the mount")
        #expect(again.err.contains("left alone") && again.err.contains("mnt"), "\(again.err)")

        let whole = try await Binary.run(
            ["build", "--demo", "--days", "2", "--until", "2024-03-20", "--cache", "cache", "--output", "_site"],
            in: folder, timeout: 120)
        #expect(whole.status == 1)
        #expect(Self.errors(whole).count == 1 && whole.err.contains("mounted inside"), "\(whole.err)")
        #expect(FileManager.default.fileExists(atPath: kept.path), "a whole build took the mount away or emptied it")
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!beside.contains { $0.contains("staging") }, "\(beside)")
    }

    /// `chmod 555 _site`: a whole build stops with one line, the site as it was and nothing beside
    /// it (it used to swap, then leave the old tree beside the site for good).
    @Test(.enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "root ignores the mode, and setpriv is needed to run as nobody"))
    func aReadOnlyOutputIsNotSwappedAndNothingIsLeftBeside() async throws {
        let box = try CorruptStateTests.Sandbox()
        let first = try await box.run(Self.build)
        try #require(first.status == 0)
        let site = box.url("_site")
        let before = try SiteTree.tree(site)
        try box.own()
        chmod(site.path, 0o555)
        defer { chmod(site.path, 0o755) }
        let whole = try await Binary.run(
            ["build", "--demo", "--days", "2", "--until", "2024-03-20", "--cache", "cache", "--output", "_site"],
            in: box.folder, timeout: 120, launcher: box.launcher)
        #expect(whole.status == 1)
        #expect(Self.errors(whole).count == 1 && whole.err.contains("read-only"), "\(whole.err)")
        chmod(site.path, 0o755)
        #expect(try SiteTree.tree(site) == before, "the site changed")
        let beside = try FileManager.default.contentsOfDirectory(atPath: box.folder.path)
        #expect(!beside.contains { $0.contains("staging") }, "\(beside)")
    }

    /// `--output .`: refused in one line; the folder the shell is in is the same folder after.
    @Test func theCurrentFolderIsNeverSwappedFromUnderTheShell() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let here = folder.appendingPathComponent("site")
        let cache = try SiteFixture.temporaryFolder().appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
        var before = stat()
        stat(here.path, &before)
        for output in [".", ".."] {
            let result = try await Binary.run(
                ["build", "--demo", "--days", "2", "--until", "2024-02-10", "--cache", cache.path,
                 "--output", output], in: here, timeout: 120)
            #expect(result.status != 0)
            #expect(Self.errors(result).count == 1 && result.err.contains("current folder"), "\(result.err)")
        }
        var after = stat()
        #expect(stat(here.path, &after) == 0 && after.st_ino == before.st_ino, "the shell's folder was replaced")
        #expect(try FileManager.default.contentsOfDirectory(atPath: here.path).isEmpty)
    }

    /// `--config _site/site.toml`: one usage line, and the file is still there.
    @Test func aSiteFileInsideTheOutputIsRefusedAndNeverRemoved() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let first = try await Binary.run(Self.build, in: folder, timeout: 120)
        try #require(first.status == 0)
        let file = folder.appendingPathComponent("_site/site.toml")
        try Data("name = \"Inside\"\n".utf8).write(to: file)
        let result = try await Binary.run(Self.build + ["--config", "_site/site.toml"], in: folder, timeout: 120)
        #expect(result.status == 64)
        #expect(Self.errors(result).count == 1 && result.err.contains("is inside --output"), "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: file.path), "the site file was removed as a stray")
    }
}
