import Foundation
import Testing
import SitegenSiteSupport
import SitegenTestSupport

/// Options a hostile or careless user can pass: each is one `error:` line with the right exit
/// code, never a crash, a hang or a site that reads itself back in.
@Suite
struct OptionHardeningTests {
    let repo = SiteFixture.repo
    var templates: String { repo.appendingPathComponent("Templates").path }
    var publicFolder: String { repo.appendingPathComponent("Public").path }

    func expectUsageLine(_ result: Binary.Result, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 64, "\(result.status) \(result.err)", sourceLocation: sourceLocation)
        #expect(result.err.hasPrefix("error: ") && result.err.split(separator: "\n").count == 1, "\(result.err)", sourceLocation: sourceLocation)
        #expect(result.err.contains(message), "\(result.err)", sourceLocation: sourceLocation)
        #expect(!result.err.contains("Fatal error") && !result.err.contains("NSError"), sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        (["--days", "2", "--until", "0001-01-03"], "before KOBIS's first chart (2003-11-11)"),
        (["--days", "1", "--until", "2003-11-10"], "before KOBIS's first chart"),
        (["--since", "2003-11-01", "--until", "2003-11-10"], "before KOBIS's first chart"),
        (["--since", "2024-02-11", "--until", "2024-02-10"], "is after --until 2024-02-10"),
    ])
    func refusesDatesBeforeKOBISData(_ extra: [String], _ message: String) async throws {
        let folder = try SiteFixture.temporaryFolder()
        let args = ["build", "--templates", templates, "--output", folder.appendingPathComponent("_site").path] + extra
        expectUsageLine(try await Binary.run(args, timeout: 15), message)
        // The live source takes the same path through Day as the demo one.
        let apis = try FakeAPIs()
        expectUsageLine(try await Binary.run(args + ["--cache", folder.appendingPathComponent("c").path], environment: apis.environment, timeout: 15), message)
        #expect(apis.server.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("_site").path))
        #expect(try await Binary.run(["build", "--templates", templates, "--output", folder.appendingPathComponent("first").path,
                                "--days", "2", "--until", "2003-11-12", "--quiet"], timeout: 15).status == 0, "the first two days build")
    }

    /// A range reaching back past KOBIS's first chart starts there, said in one note, not one
    /// error per day that cannot exist; the live source is never asked for those days.
    @Test(arguments: [
        (["--days", "5", "--until", "2003-11-13"], "--days 5 reaches back"),
        (["--days", "9223372036854775807", "--until", "2003-11-13"], "--days 9223372036854775807 reaches back"),
        (["--since", "1990-01-01", "--until", "2003-11-13"], "--since 1990-01-01 reaches back"),
    ])
    func rangesBeforeKOBISDataStartAtItsFirstDayWithOneNote(_ extra: [String], _ message: String) async throws {
        let folder = try SiteFixture.temporaryFolder()
        let apis = try FakeAPIs()
        let out = folder.appendingPathComponent("_site")
        let result = try await Binary.run(["build", "--templates", templates, "--output", out.path, "--cache", folder.appendingPathComponent("c").path] + extra,
                                    environment: apis.environment, timeout: 60)
        #expect(result.status == 0, "\(result.err)")
        let notes = result.err.split(separator: "\n").filter { $0.contains("KOBIS's first daily chart (2003-11-11)") }
        #expect(notes.count == 1 && notes[0].contains(message), "\(result.err)")
        #expect(Set(apis.chartDates) == ["20031111", "20031112", "20031113"], "\(apis.chartDates)")
        #expect(result.out.hasPrefix("built 3 days, "), "\(result.out)")
    }

    @Test func inputFoldersAroundOrInsideTheOutputAreUsageErrors() async throws {
        let folder = try SiteFixture.temporaryFolder()
        try FileManager.default.copyItem(at: repo.appendingPathComponent("Public"), to: folder.appendingPathComponent("P"))
        let base = ["build", "--days", "2", "--until", "2024-02-10", "--templates", templates, "--output", "o"]
        for _ in 0..<2 {
            expectUsageLine(try await Binary.run(base + ["--public", "."], in: folder, timeout: 15), "--public \(folder.path) contains --output \(folder.path)/o")
        }
        do {
            let ran = try await Binary.run(base + ["--public", "P", "--quiet"], in: folder, timeout: 15)
            #expect(ran.status == 0)
        }
        for (option, value, message) in [("--public", "", "--public is empty"), ("--templates", "", "--templates is empty"),
                                         ("--notes", "", "--notes is empty"), ("--cache", "", "--cache is empty"),
                                         ("--public", "o", "is inside --output"), ("--notes", "o/notes", "is inside --output"),
                                         ("--cache", ".", "contains --output"), ("--templates", "/", "contains --output")] {
            let args = base.filter { $0 != "--templates" && $0 != templates } + (option == "--templates" ? [] : ["--templates", templates])
            expectUsageLine(try await Binary.run(args + [option, value], in: folder, timeout: 15), message)
        }
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!beside.contains { $0.contains("staging") }, "\(beside)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o/o").path))
    }

    @Test func aSymlinkedOutputKeepsItsLinkAndItsTargetIsUpdated() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let real = folder.appendingPathComponent("real"), link = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        for until in ["2024-02-10", "2024-02-12"] {
            let result = try await Binary.run(["build", "--days", "2", "--until", until, "--templates", templates, "--public", publicFolder,
                                         "--output", link.path, "--quiet"], timeout: 30)
            #expect(result.status == 0, "\(result.err)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
        #expect(FileManager.default.fileExists(atPath: real.appendingPathComponent("date/2024-02-12/index.html").path))
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(beside == [".real.sitegen-lock", ".real.sitegen-manifest", ".real.sitegen-manifest-footprint", "real", "site"], "\(beside)")
    }

    @Test func aCacheThatIsAFileIsOneLine() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let file = folder.appendingPathComponent("cache-file")
        try Data("x".utf8).write(to: file)
        let apis = try FakeAPIs()
        let result = try await Binary.run(["build", "--days", "3", "--until", "2024-02-10", "--templates", templates, "--cache", file.path,
                                     "--output", folder.appendingPathComponent("_site").path], environment: apis.environment, timeout: 30)
        expectUsageLine(result, "--cache \(file.path) is a file, not a folder")
        #expect(apis.server.requests.isEmpty)
    }

    @Test func longOutputNamesBuildAndTooLongOnesAreOneLineLeavingNothing() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let long = String(repeating: "n", count: 240)
        let built = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10", "--templates", templates, "--public", publicFolder,
                                    "--output", long, "--quiet"], in: folder, timeout: 30)
        #expect(built.status == 0, "\(built.err)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(long + "/index.html").path))
        let tooLong = "deep/a/b/" + String(repeating: "m", count: 300)
        let refused = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10", "--templates", templates, "--output", tooLong],
                                     in: folder, timeout: 30)
        #expect(refused.status == 1)
        #expect(refused.err.hasSuffix("is 300 bytes long; names can be at most 255; pick a shorter --output\n"), "\(refused.err)")
        #expect(!refused.err.contains("The file name is invalid") && !refused.err.contains("NSCocoaErrorDomain"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("deep").path), "parents left behind")
    }

    @Test func aFailedFirstBuildLeavesNoFoldersBehind() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let result = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10", "--templates", folder.appendingPathComponent("none").path,
                                     "--output", "x/y/z/_site"], in: folder, timeout: 30)
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x").path))
    }

    @Test func aBadHostIsAUsageError() async throws {
        expectUsageLine(try await Binary.run(["serve", "--host", "nosuchhost.invalid", "--port", "0", "--days", "1"], timeout: 15),
                        "--host 'nosuchhost.invalid' is neither an IP address nor a name this machine resolves")
        expectUsageLine(try await Binary.run(["serve", "--host", "999.1.1.1", "--port", "0", "--days", "1"], timeout: 15),
                        "--host '999.1.1.1' is neither an IP address nor a name this machine resolves")
    }

    @Test func publicFilesNeverReplaceGeneratedOnesAndDotfilesStayPrivate() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let pub = folder.appendingPathComponent("P")
        try FileManager.default.copyItem(at: repo.appendingPathComponent("Public"), to: pub)
        try Data("SECRET=1".utf8).write(to: pub.appendingPathComponent(".env"))
        try FileManager.default.createDirectory(at: pub.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("[core]".utf8).write(to: pub.appendingPathComponent(".git/config"))
        let args = ["build", "--days", "2", "--until", "2024-02-10", "--templates", templates, "--public", pub.path, "--output", "o"]
        let built = try await Binary.run(args, in: folder, timeout: 30)
        #expect(built.status == 0, "\(built.err)")
        #expect(built.err.contains("note: dotfiles in P are not published: .env, .git/config"), "\(built.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o/.env").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o/.git").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("o/style.css").path))

        try Data("<p>mine</p>".utf8).write(to: pub.appendingPathComponent("index.html"))
        let before = try SiteFixture.files(folder.appendingPathComponent("o"))
        let collided = try await Binary.run(args, in: folder, timeout: 30)
        #expect(collided.status == 1)
        #expect(collided.err.hasSuffix("error: write: P/index.html would replace the generated index.html; rename or remove one of them\n"), "\(collided.err)")
        #expect(try SiteFixture.files(folder.appendingPathComponent("o")) == before)

        let notFolder = try await Binary.run(args.dropLast(4) + ["--public", pub.appendingPathComponent("style.css").path, "--output", "o"], in: folder, timeout: 30)
        #expect(notFolder.status == 64 && notFolder.err.contains("style.css is a file, not a folder"), "\(notFolder.err)")
    }
}
