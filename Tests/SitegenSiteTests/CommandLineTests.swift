import Foundation
import Testing
import SitegenTestSupport

/// Runs the real `sitegen` binary, as a user would.
enum Binary {
    static var url: URL {
        let folder = Bundle.main.executableURL!.deletingLastPathComponent()
        return folder.appendingPathComponent("sitegen")
    }

    struct Result { let status: Int32; let out: String; let err: String }

    static func run(_ arguments: [String], environment extra: [String: String] = [:], in directory: URL? = nil) throws -> Result {
        try runExecutable(url.path, arguments, environment: extra, in: directory)
    }

    static func runExecutable(_ path: String, _ arguments: [String], environment extra: [String: String] = [:], in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "KOBIS_API_KEY")
        env.removeValue(forKey: "KAKAO_REST_API_KEY")
        for (k, v) in extra { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData, as: UTF8.self))
    }
}

@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: Binary.url.path), "the sitegen binary is built by `swift test`"))
struct CommandLineTests {
    let repo = SiteFixture.repo

    func baseArguments(_ out: URL) -> [String] {
        ["build", "--output", out.path, "--templates", repo.appendingPathComponent("Templates").path,
         "--public", repo.appendingPathComponent("Public").path, "--notes", out.deletingLastPathComponent().appendingPathComponent("none").path]
    }

    @Test func buildsFromDemoDataAndSaysSoInOneSummaryLine() throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let result = try Binary.run(baseArguments(out) + ["--days", "4", "--until", "2024-02-10"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("built 4 days, ") == true)
        for part in ["movies", "pages", "demo data", " s → ", out.path] { #expect(result.out.contains(part), "\(part)") }
        #expect(result.err.contains("demo source") && result.err.contains("데모 데이터"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("date/2024-02-07/grid/index.html").path))
    }

    @Test func quietPrintsNothingOnSuccess() throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let result = try Binary.run(baseArguments(out) + ["--days", "2", "--until", "2024-02-10", "--quiet"])
        #expect(result.status == 0 && result.out.isEmpty && result.err.isEmpty)
    }

    @Test(arguments: [
        (["--days", "0"], "--days must be between 1 and 3650"),
        (["--days", "3651"], "--days must be between 1 and 3650"),
        (["--days", "-3"], "--days"),
        (["--days", "abc"], "abc"),
        (["--until", "2024-02-30"], "is not a real date"),
        (["--until", "2999-01-01"], "KOBIS publishes up to yesterday"),
        (["--base-url", "not a url"], "--base-url"),
        (["--jobs", "0"], "--jobs must be between 1 and 64"),
    ])
    func badOptionsExitNonZeroWithAClearLine(_ extra: [String], _ message: String) throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let result = try Binary.run(baseArguments(out) + extra)
        #expect(result.status == 64, "\(extra): \(result.status) \(result.err)")
        #expect(result.err.contains(message), "\(result.err)")
        #expect(result.err.hasPrefix("error: ") && result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
        #expect(!result.err.contains("NSError") && !result.err.contains("Fatal error"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aMissingTemplatesFolderThatWasNamedIsOneLine() throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        var args = baseArguments(out)
        args[4] = "/nonexistent/templates"
        let result = try Binary.run(args + ["--days", "2", "--until", "2024-02-10"])
        #expect(result.status == 1)
        #expect(result.err == "error: --templates folder '/nonexistent/templates' not found; leave --templates out to use the stock theme built into sitegen\n")
    }

    @Test func anUnwritableOutputIsOneLine() throws {
        let result = try Binary.run(baseArguments(URL(fileURLWithPath: "/proc/sitegen-site")) + ["--days", "1", "--until", "2024-02-10"])
        #expect(result.status == 1)
        // Found before anything is fetched: the error is the only line.
        #expect(result.err == "error: write: cannot write in /proc (No such file or directory); pick another --output\n")
        #expect(!result.err.contains("NSError") && !result.err.contains("Error Domain"))
    }

    @Test func helpDocumentsEveryOptionOfTheContract() throws {
        let root = try Binary.run(["--help"])
        #expect(root.status == 0 && root.out.contains("build") && root.out.contains("KOBIS_API_KEY"))
        let build = try Binary.run(["help", "build"])
        #expect(build.status == 0)
        for option in ["--days", "--until", "--output", "--base-url", "--templates", "--public", "--notes", "--cache",
                       "--offline", "--demo", "--jobs", "--quiet"] {
            #expect(build.out.contains(option), "\(option)")
        }
    }

    @Test func sourceDateEpochFixesTheBuildTimeTemplatesSee() throws {
        let folder = try SiteFixture.temporaryFolder()
        let templates = folder.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: repo.appendingPathComponent("Templates"), to: templates)
        let footer = templates.appendingPathComponent("partials/footer.mustache")
        try (try String(contentsOf: footer, encoding: .utf8)).replacingOccurrences(of: "</footer>", with: "<p>생성 {{site.builtAt}}</p></footer>")
            .write(to: footer, atomically: true, encoding: .utf8)
        for name in ["a", "b"] {
            var args = baseArguments(folder.appendingPathComponent(name)) + ["--days", "2", "--until", "2024-02-10"]
            args[4] = templates.path
            let result = try Binary.run(args, environment: ["SOURCE_DATE_EPOCH": "1707800000"])
            #expect(result.status == 0, "\(result.err)")
        }
        let a = try SiteFixture.files(folder.appendingPathComponent("a")), b = try SiteFixture.files(folder.appendingPathComponent("b"))
        #expect(a == b)
        #expect(String(decoding: a["index.html"]!, as: UTF8.self).contains("<p>생성 2024-02-13 13:53 KST</p>"))
    }
}

@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: Binary.url.path), "the sitegen binary is built by `swift test`"))
struct LiveCommandLineTests {
    @Test func fetchFillsTheCacheAndOfflineBuildsWithoutTheNetwork() throws {
        let apis = try FakeAPIs()
        let folder = try SiteFixture.temporaryFolder()
        let cache = folder.appendingPathComponent("cache").path
        let fetched = try Binary.run(["fetch", "--days", "3", "--until", "2024-02-10", "--cache", cache], environment: apis.environment)
        #expect(fetched.status == 0, "\(fetched.err)")
        #expect(fetched.out.hasPrefix("fetched 3 days, ") && fetched.out.contains(cache))
        #expect(fetched.err.contains("fetch: ") && fetched.err.contains("over the network"))
        #expect(!fetched.err.contains("\u{1B}") && !fetched.err.contains("\r"), "no control characters when not a terminal")
        let asked = apis.server.requests.count
        // Poster images too, so an offline build serves them from the site.
        #expect(apis.posterImageRequests > 0)
        #expect(asked == 3 + 2 * (apis.movieRequests) + apis.posterImageRequests)

        let repo = SiteFixture.repo
        let out = folder.appendingPathComponent("_site")
        let built = try Binary.run(["build", "--offline", "--days", "3", "--until", "2024-02-10", "--cache", cache, "--output", out.path,
                                    "--templates", repo.appendingPathComponent("Templates").path,
                                    "--public", repo.appendingPathComponent("Public").path],
                                   environment: ["KOBIS_BASE_URL": apis.kobisBase, "KAKAO_BASE_URL": apis.kakaoBase])
        #expect(built.status == 0, "\(built.err)")
        #expect(built.out.contains("from KOBIS data"))
        #expect(apis.server.requests.count == asked)
        #expect(try SiteFixture.files(out).keys.contains { $0.hasPrefix("poster/img/") && $0.hasSuffix(".webp") })
        for text in [fetched.out, fetched.err, built.out, built.err] {
            #expect(!text.contains(FakeAPIs.kobisKey) && !text.contains(FakeAPIs.kakaoKey))
        }
    }

    @Test func aBadKeyIsOneLineNamingTheVariable() throws {
        let apis = try FakeAPIs()
        var env = apis.environment
        env["KOBIS_API_KEY"] = "not-the-right-key-42"
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let result = try Binary.run(["build", "--days", "10", "--until", "2024-02-10", "--output", out.path,
                                     "--cache", out.deletingLastPathComponent().appendingPathComponent("c").path,
                                     "--templates", SiteFixture.repo.appendingPathComponent("Templates").path], environment: env)
        #expect(result.status == 1)
        let errors = result.err.split(separator: "\n").filter { $0.hasPrefix("error:") }
        // Which day goes first depends on scheduling; the line is the same shape whichever it is.
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("error: fetch 2024-02-") == true)
        #expect(errors.first?.hasSuffix(": KOBIS refused KOBIS_API_KEY (320010 유효하지않은 키값입니다.); check the key, or unset it to build the demo site") == true)
        #expect(apis.server.requests.count == 1)
        #expect(!result.err.contains("not-the-right-key-42"))
    }

    @Test func fetchWithoutAKeySaysWhatItNeeds() throws {
        let result = try Binary.run(["fetch", "--days", "2"])
        #expect(result.status == 64)
        #expect(result.err == "error: sitegen fetch needs KOBIS_API_KEY (the demo source needs no cache)\n")
    }
}

/// The live progress line, on a real pseudo-terminal from `script` (util-linux).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: Binary.url.path) && FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
                "needs the sitegen binary and /usr/bin/script"))
struct ProgressLineTests {
    @Test func aTerminalGetsALiveProgressLineThatIsClearedAtTheEnd() throws {
        let apis = try FakeAPIs()
        apis.inject { _, _ in nil }
        let folder = try SiteFixture.temporaryFolder()
        let command = [Binary.url.path, "fetch", "--days", "8", "--until", "2024-02-10", "--cache", folder.appendingPathComponent("c").path]
            .map { "'\($0)'" }.joined(separator: " ")
        let env = apis.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let result = try Binary.runExecutable("/usr/bin/script", ["-qec", "env \(env) \(command)", "/dev/null"])
        #expect(result.status == 0, "\(result.out)")
        #expect(result.out.contains("\r\u{1B}[2Kfetch "), "the line redraws in place")
        #expect(result.out.contains(" cached · ") && result.out.contains(" over the network"))
        #expect(result.out.contains("fetch: ") && result.out.contains("fetched 8 days"))
        #expect(!result.out.contains(FakeAPIs.kobisKey))
    }
}
