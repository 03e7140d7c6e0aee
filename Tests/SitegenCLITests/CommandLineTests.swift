import Foundation
import Testing
import SitegenSiteSupport
import SitegenWrite
import SitegenTestSupport

@Suite
struct CommandLineTests {
    let repo = SiteFixture.repo

    func baseArguments(_ out: URL) -> [String] {
        ["build", "--output", out.path, "--templates", repo.appendingPathComponent("Templates").path,
         "--public", repo.appendingPathComponent("Public").path, "--notes", out.deletingLastPathComponent().appendingPathComponent("none").path]
    }

    @Test func buildsFromDemoDataAndSaysSoInOneSummaryLine() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let result = try await Binary.run(baseArguments(out) + ["--days", "4", "--until", "2024-02-10"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("built 4 days, ") == true)
        for part in ["movies", "pages", "demo data", " s → ", out.path] { #expect(result.out.contains(part), "\(part)") }
        #expect(result.err.contains("demo source") && result.err.contains("데모 데이터"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("date/2024-02-07/index.html").path))
        // The site as a host counts it: every file and byte in the folder, as measured on disk.
        let measured = try #require(result.out.firstMatch(of: /\((\d+) files, (\d+)\.(\d) (KB|MB)[,)]/))
        let files = try SiteFixture.files(out)
        #expect(Int(measured.output.1) == files.count)
        let bytes = files.values.reduce(0) { $0 + $1.count }
        let scale = measured.output.4 == "MB" ? 1_000_000 : 1_000
        let shown = Int(measured.output.2)! * scale + Int(measured.output.3)! * scale / 10
        #expect(shown <= bytes && bytes < shown + scale / 10, "\(result.out) for \(bytes) bytes")
    }

    /// Published with a base URL the site carries its share cards; the line says what they take,
    /// so an operator sees the published footprint beside the site's own.
    @Test func theSummarySaysWhatTheShareCardsTake() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let result = try await Binary.run(
            baseArguments(out) + ["--days", "4", "--until", "2024-02-10", "--base-url", "https://example.com/box/"])
        #expect(result.status == 0, "\(result.err)")
        let said = try #require(result.out.firstMatch(of: /; share cards (\d+) files, (\d+)\.(\d) KB[,)]/), "\(result.out)")
        let cards = try SiteFixture.files(out).filter { $0.key.hasPrefix("card/") }
        #expect(Int(said.output.1) == cards.count && cards.count > 4)
        let bytes = cards.values.reduce(0) { $0 + $1.count }
        let shown = Int(said.output.2)! * 1_000 + Int(said.output.3)! * 100
        #expect(shown <= bytes && bytes < shown + 100, "\(result.out) for \(bytes) bytes")
    }

    /// A build that changed nothing says the size the last build recorded, without walking the
    /// output again (the walk was most of a no-op); an in-place update adds what it changed.
    @Test func aNoOpSaysTheRecordedSizeAMorningAddsWhatItChangedAndDoubtMeasures() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        func build(_ until: String) async throws -> String {
            // The national charts alone: a small site's morning with the filters' films (their pages,
            // people and pace) changes over two thirds of its pages and is staged whole.
            let result = try await Binary.run(baseArguments(out) + ["--since", "2023-12-01", "--until", until, "--no-market"])
            #expect(result.status == 0, "\(result.err)")
            return result.out
        }
        func size(_ line: String) -> String? { line.firstMatch(of: /\((\d+ files, [0-9.]+ [KMG]?B)/).map { String($0.output.1) } }
        let first = try await build("2024-02-10"), measured = Footprint.measure(out)
        #expect(size(first) == "\(measured.files) files, \(measured.size)", "\(first)")
        let again = try await build("2024-02-10")
        #expect(again.contains("none changed") && size(again) == size(first), "\(again)")
        // The record is what a no-op says: changed by hand, the next no-op says the changed figure.
        let record = out.deletingLastPathComponent().appendingPathComponent("._site.sitegen-manifest-footprint")
        var fields = try String(contentsOf: record, encoding: .utf8).split(separator: " ").map(String.init)
        #expect(fields.count == 7 && fields[3] == String(measured.bytes) && fields[4] == String(measured.files))
        fields[4] = "7"
        try fields.joined(separator: " ").write(to: record, atomically: true, encoding: .utf8)
        await #expect(size(try build("2024-02-10"))?.hasPrefix("7 files") == true)
        // A morning updates in place and adds what it wrote to the record it found, without a
        // walk (a record 1,000 files over stays 1,000 over), and records the sum.
        fields[4] = String(measured.files + 1_000)
        try fields.joined(separator: " ").write(to: record, atomically: true, encoding: .utf8)
        let morning = try await build("2024-02-11"), now = Footprint.measure(out)
        #expect(!morning.contains("none changed") && now != measured, "\(morning)")
        #expect(size(morning) == "\(now.files + 1_000) files, \(now.size)", "\(morning)")
        fields = try String(contentsOf: record, encoding: .utf8).split(separator: " ").map(String.init)
        #expect(fields[3] == String(now.bytes) && fields[4] == String(now.files + 1_000), "\(fields)")
        // A morning that finds a record it cannot trust (the folder changed by hand) measures.
        try Data("mine".utf8).write(to: out.appendingPathComponent("by-hand.txt"))
        let next = try await build("2024-02-12"), walked = Footprint.measure(out)
        #expect(size(next) == "\(walked.files) files, \(walked.size)", "\(next)")
    }

    /// A repository kept in the output (a deploy that pushes the built folder) is not published,
    /// so the size line leaves it out, whether it walks the folder or a whole build adds up what
    /// it wrote (issue 62: a kept `.git` of 2 MB was counted as the site's).
    @Test func theSizeLineLeavesOutAKeptRepository() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        func size(_ line: String) -> String? { line.firstMatch(of: /\((\d+ files, [0-9.]+ [KMG]?B)/).map { String($0.output.1) } }
        let arguments = baseArguments(out) + ["--days", "3", "--until", "2024-02-10", "--no-market"]
        let first = try await Binary.run(arguments)
        #expect(first.status == 0, "\(first.err)")
        let git = out.appendingPathComponent(".git/objects/pack", isDirectory: true)
        try FileManager.default.createDirectory(at: git, withIntermediateDirectories: true)
        for name in ["a.pack", "b.pack", "c.pack"] {
            try Data(repeating: 7, count: 700_000).write(to: git.appendingPathComponent(name))
        }
        let beside = out.deletingLastPathComponent()
        // The record gone, a no-op walks the folder.
        try FileManager.default.removeItem(at: beside.appendingPathComponent("._site.sitegen-manifest-footprint"))
        let walked = try await Binary.run(arguments)
        // The manifest gone, the build is whole and carries the repository into the new folder.
        try FileManager.default.removeItem(at: beside.appendingPathComponent("._site.sitegen-manifest"))
        let whole = try await Binary.run(arguments)
        #expect(walked.status == 0 && whole.status == 0, "\(walked.err)\(whole.err)")
        #expect(FileManager.default.fileExists(atPath: git.appendingPathComponent("c.pack").path))
        #expect(size(first.out) != nil && size(walked.out) == size(first.out), "\(first.out)\n\(walked.out)")
        #expect(size(whole.out) == size(first.out), "\(first.out)\n\(whole.out)")
    }

    /// `--timings` says how long each step took, named as the steps are, once each and in order,
    /// even with --quiet (it was asked for); the steps add up to the whole.
    @Test func timingsNameEachStepOfABuildAndAnUpdate() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        func steps(_ until: String) async throws -> [String] {
            let result = try await Binary.run(baseArguments(out) + ["--since", "2024-01-01", "--until", until, "--timings", "--quiet"])
            #expect(result.status == 0 && result.out.isEmpty)
            let line = try #require(result.err.split(separator: "\n").first { $0.hasPrefix("timings: ") }, "\(result.err)")
            let parts = line.matches(of: /([a-z]+) ([0-9]+\.[0-9]{3}) s/).map { (String($0.output.1), Double($0.output.2)!) }
            let total = try #require(line.firstMatch(of: /\(([0-9.]+) s in all\)$/).flatMap { Double($0.output.1) })
            #expect(abs(parts.reduce(0) { $0 + $1.1 } - total) < 0.01 && total > 0, "\(line)")
            return parts.map(\.0)
        }
        await #expect(try steps("2024-02-11") == ["load", "fetch", "model", "check", "write", "record", "measure"])
        // The next morning updates in place: its pages are rendered, then the changes written.
        await #expect(try steps("2024-02-12") == ["load", "fetch", "model", "check", "render", "write", "record", "measure"])
    }

    @Test func quietPrintsNothingOnSuccess() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let result = try await Binary.run(baseArguments(out) + ["--days", "2", "--until", "2024-02-10", "--quiet"])
        #expect(result.status == 0 && result.out.isEmpty && result.err.isEmpty)
    }

    @Test(arguments: [
        (["--days", "0"], "--days must be 1 or more"),
        (["--days", "30", "--since", "2024-01-01"], "--since and --days both choose the first day"),
        (["--since", "2024-13-01"], "--since '2024-13-01' is not a real date"),
        (["--budget", "0"], "--budget must be 1 or more"),
        (["--days", "-3"], "--days"),
        (["--days", "abc"], "abc"),
        (["--until", "2024-02-30"], "is not a real date"),
        (["--until", "2999-01-01"], "KOBIS publishes up to yesterday"),
        (["--base-url", "not a url"], "--base-url"),
        (["--jobs", "0"], "--jobs must be between 1 and 64"),
    ])
    func badOptionsExitNonZeroWithAClearLine(_ extra: [String], _ message: String) async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let result = try await Binary.run(baseArguments(out) + extra)
        #expect(result.status == 64, "\(extra): \(result.status) \(result.err)")
        #expect(result.err.contains(message), "\(result.err)")
        #expect(result.err.hasPrefix("error: ") && result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
        #expect(!result.err.contains("NSError") && !result.err.contains("Fatal error"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aMissingTemplatesFolderThatWasNamedIsOneLine() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        var args = baseArguments(out)
        args[4] = "/nonexistent/templates"
        let result = try await Binary.run(args + ["--days", "2", "--until", "2024-02-10"])
        #expect(result.status == 1)
        #expect(result.err == "error: --templates folder '/nonexistent/templates' not found; leave --templates out to use the stock theme built into sitegen\n")
    }

    @Test func anUnwritableOutputIsOneLine() async throws {
        let result = try await Binary.run(baseArguments(URL(fileURLWithPath: "/proc/sitegen-site")) + ["--days", "1", "--until", "2024-02-10"])
        #expect(result.status == 1)
        // Found before anything is fetched: the error is the only line.
        #expect(result.err == "error: write: cannot write in /proc (No such file or directory); pick another --output\n")
        #expect(!result.err.contains("NSError") && !result.err.contains("Error Domain"))
    }

    @Test func helpDocumentsEveryOptionOfTheContract() async throws {
        let root = try await Binary.run(["--help"])
        #expect(root.status == 0 && root.out.contains("build") && root.out.contains("KOBIS_API_KEY"))
        let build = try await Binary.run(["help", "build"])
        #expect(build.status == 0)
        for option in ["--days", "--until", "--output", "--base-url", "--templates", "--public", "--notes", "--cache",
                       "--offline", "--demo", "--jobs", "--quiet"] {
            #expect(build.out.contains(option), "\(option)")
        }
    }

    @Test func sourceDateEpochFixesTheBuildTimeTemplatesSee() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let templates = folder.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: repo.appendingPathComponent("Templates"), to: templates)
        let footer = templates.appendingPathComponent("partials/footer.mustache")
        try (try String(contentsOf: footer, encoding: .utf8)).replacingOccurrences(of: "</footer>", with: "<p>생성 {{site.builtAt}}</p></footer>")
            .write(to: footer, atomically: true, encoding: .utf8)
        for name in ["a", "b"] {
            var args = baseArguments(folder.appendingPathComponent(name)) + ["--days", "2", "--until", "2024-02-10"]
            args[4] = templates.path
            let result = try await Binary.run(args, environment: ["SOURCE_DATE_EPOCH": "1707800000"])
            #expect(result.status == 0, "\(result.err)")
        }
        let a = try SiteFixture.files(folder.appendingPathComponent("a")), b = try SiteFixture.files(folder.appendingPathComponent("b"))
        #expect(a == b)
        #expect(String(decoding: a["index.html"]!, as: UTF8.self).contains("<p>생성 2024-02-13 13:53 KST</p>"))
    }
}
