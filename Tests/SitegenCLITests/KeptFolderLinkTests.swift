import Foundation
import Testing
import SitegenSiteSupport
import SitegenTestSupport

/// What a build keeps beside a site (the history a repository commits, the cache a CI restores)
/// can hold anything a commit or a restored archive brings: a link there never leads a build to
/// delete, read or publish what it points to.
@Suite
struct KeptFolderLinkTests {
    func git(_ folder: URL, _ arguments: [String]) async throws {
        let result = try await Binary.runExecutable(
            "/usr/bin/git", ["-C", folder.path, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments)
        try #require(result.status == 0)
    }

    /// `history/.sitegen-tmp -> ../../outside` committed, cloned and built (and the cache's own
    /// temporaries' name a link too): every file outside is still there, writer-like names included.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed"))
    func aTemporariesLinkPushedThroughGitDeletesNothingItPointsTo() async throws {
        let root = try SiteFixture.temporaryFolder()
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let precious = ["precious.txt", "99999999-deadbeef", "1-ABCDEF12"]
        for name in precious { try Data("keep me".utf8).write(to: outside.appendingPathComponent(name)) }

        let origin = root.appendingPathComponent("origin")
        let history = origin.appendingPathComponent("history")
        try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
        try Data("kept\n".utf8).write(to: history.appendingPathComponent("README"))
        try FileManager.default.createSymbolicLink(
            atPath: history.appendingPathComponent(".sitegen-tmp").path, withDestinationPath: "../../outside")
        try await git(origin, ["init", "-q"])
        try await git(origin, ["add", "-f", "."])
        try await git(origin, ["commit", "-q", "-m", "history"])
        let clone = root.appendingPathComponent("clone")
        try await git(root, ["clone", "-q", origin.path, clone.path])
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: clone.path + "/history/.sitegen-tmp")
        try #require(link == "../../outside", "the clone has the link")
        let cache = clone.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: cache.appendingPathComponent(".sitegen-tmp").path, withDestinationPath: outside.path)

        let built = try await Binary.run(
            ["build", "--demo", "--days", "2", "--until", "2024-02-10", "--cache", "cache", "--output", "_site"],
            in: clone)
        #expect(built.status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: outside.path)
        #expect(left.sorted() == precious.sorted(), "\(left)")
        #expect(FileManager.default.fileExists(atPath: clone.path + "/history/README"))
    }
}
