import Foundation
import Testing
import SitegenSiteSupport

/// sitegen installed on the PATH and run outside this repository: the stock theme comes from the
/// binary itself, `init` starts a site, and the binary says what it is.
@Suite
struct InstalledBinaryTests {
    @Test func initThenBuildInAnEmptyFolderMakesAWholeSite() async throws {
        let site = try SiteFixture.temporaryFolder().appendingPathComponent("my-site")
        let created = try await Binary.run(["init", site.path])
        #expect(created.status == 0, "\(created.err)")
        for path in ["README.md", ".gitignore", "Notes/site.md", ".github/workflows/sitegen.yml"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path), "\(path)")
        }
        #expect(try String(contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8) == "_site/\n._site.sitegen-*\n_preview/\n._preview.sitegen-*\n.sitegen-cache/\n.sitegen-bin/\nvendor/sitegen/.build/\n")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("history/README.md").path))
        let templates = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("Templates").path)
        #expect(templates.isEmpty, "without --eject the theme stays in the binary")

        let built = try await Binary.run(["build", "--days", "3", "--until", "2024-02-10"], in: site)
        #expect(built.status == 0, "\(built.err)")
        #expect(built.err.contains("stock theme"), "one note says the built-in theme is used: \(built.err)")
        let home = try String(contentsOf: site.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(home.contains("2024년 2월 10일 (토)") && home.contains("<table class=\"chart bo\""))
        // init's Notes/site.md is instructions, not a note: left out until the operator writes one.
        #expect(!home.contains("오늘의 박스오피스에 대한 편집자 노트"), "the starter note is not on the home page")
        #expect(built.err.contains("Notes/site.md is still the sample"), "\(built.err)")
        let css = try Data(contentsOf: site.appendingPathComponent("_site/style.css"))
        #expect(css == (try Data(contentsOf: SiteFixture.repo.appendingPathComponent("Public/style.css"))), "the embedded CSS is the repository's")
    }

    /// The site keeps every day from `--since`, written into its workflow, and carries the source
    /// of the sitegen that made it, byte for byte, for that workflow to build.
    @Test func initWritesTheFirstDayAndTheSourceItWasBuiltFrom() async throws {
        let site = try SiteFixture.temporaryFolder().appendingPathComponent("site")
        let created = try await Binary.run(["init", site.path, "--since", "2004-01-01"])
        #expect(created.status == 0 && created.out.contains("keeping every day from 2004-01-01"), "\(created.out) \(created.err)")
        let workflow = try String(contentsOf: site.appendingPathComponent(".github/workflows/sitegen.yml"), encoding: .utf8)
        // The first day lives in sitegen.toml alone: the workflow names none that could override it.
        #expect(!workflow.contains("SITEGEN_SINCE") && !workflow.contains("--since") && workflow.contains("build --strict --history history"))
        let siteFile = try String(contentsOf: site.appendingPathComponent("sitegen.toml"), encoding: .utf8)
        #expect(siteFile.contains("\nsince = 2004-01-01\n"), "\(siteFile)")
        let vendored = site.appendingPathComponent("vendor/sitegen")
        for folder in ["Sources", "Plugins", "Templates", "Public"] {
            let ours = try SiteFixture.files(SiteFixture.repo.appendingPathComponent(folder)).filter { !$0.key.split(separator: "/").contains { $0.hasPrefix(".") } }
            #expect(try SiteFixture.files(vendored.appendingPathComponent(folder)) == ours, "vendor/sitegen/\(folder)")
        }
        #expect(try Data(contentsOf: vendored.appendingPathComponent("Package.swift")) == Data(contentsOf: SiteFixture.repo.appendingPathComponent("Package.swift")))
        #expect(try Data(contentsOf: vendored.appendingPathComponent("docs/deploy/github-pages.yml"))
                == Data(contentsOf: SiteFixture.repo.appendingPathComponent("docs/deploy/github-pages.yml")))
        #expect(!FileManager.default.fileExists(atPath: vendored.appendingPathComponent("Tests").path))

        let early = try await Binary.run(["init", site.deletingLastPathComponent().appendingPathComponent("early").path, "--since", "1990-01-01"])
        #expect(early.status == 0 && early.err.contains("KOBIS's first daily chart is 2003-11-11") && early.out.contains("from 2003-11-11"), "\(early.err)")
        let future = try await Binary.run(["init", site.deletingLastPathComponent().appendingPathComponent("future").path, "--since", "2999-01-01"])
        #expect(future.status == 64 && future.err.contains("--since 2999-01-01 has no chart yet"), "\(future.err)")
    }

    @Test func oneOverriddenPartialChangesOnlyWhatItShould() async throws {
        let site = try SiteFixture.temporaryFolder().appendingPathComponent("site")
        do {
            let ran = try await Binary.run(["init", site.path])
            #expect(ran.status == 0)
        }
        let stock = try await Binary.run(["build", "--days", "3", "--until", "2024-02-10", "--output", "stock"], in: site)
        #expect(stock.status == 0, "\(stock.err)")
        let partials = site.appendingPathComponent("Templates/partials")
        try FileManager.default.createDirectory(at: partials, withIntermediateDirectories: true)
        try "<footer class=\"site-footer\"><p>우리 신문 박스오피스</p></footer>\n".write(
            to: partials.appendingPathComponent("footer.mustache"), atomically: true, encoding: .utf8)
        let custom = try await Binary.run(["build", "--days", "3", "--until", "2024-02-10", "--output", "custom"], in: site)
        #expect(custom.status == 0, "\(custom.err)")
        let before = try SiteFixture.files(site.appendingPathComponent("stock"))
        let after = try SiteFixture.files(site.appendingPathComponent("custom"))
        #expect(Set(before.keys) == Set(after.keys))
        var changedPages = 0
        // The service worker's version follows the theme, so readers' offline copies are renewed.
        #expect(before["sw.js"] != nil && before["sw.js"] != after["sw.js"])
        for (path, data) in after where before[path] != data && path != "sw.js" {
            #expect(path.hasSuffix(".html"), "\(path) changed")
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.contains("우리 신문 박스오피스") && !text.contains("sitegen으로 만든 정적 사이트"), "\(path)")
            changedPages += 1
        }
        #expect(changedPages > 0 && changedPages == after.keys.filter { $0.hasSuffix(".html") }.count, "every page, and only pages")
    }

    @Test func ejectCopiesTheWholeStockTheme() async throws {
        let site = try SiteFixture.temporaryFolder().appendingPathComponent("site")
        do {
            let ran = try await Binary.run(["init", "--eject", site.path])
            #expect(ran.status == 0)
        }
        let repoTemplates = try SiteFixture.files(SiteFixture.repo.appendingPathComponent("Templates"))
        let copied = try SiteFixture.files(site.appendingPathComponent("Templates"))
        #expect(copied == repoTemplates)
        // The stock assets, and the empty custom.css every new site gets for rules on top of them.
        var published = try SiteFixture.files(site.appendingPathComponent("Public"))
        #expect(published.removeValue(forKey: "custom.css") != nil)
        #expect(published == (try SiteFixture.files(SiteFixture.repo.appendingPathComponent("Public"))))
    }

    @Test func initRefusesAFolderWithFilesAndNeverOverwrites() async throws {
        let site = try SiteFixture.temporaryFolder()
        try "mine\n".write(to: site.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let refused = try await Binary.run(["init", site.path])
        #expect(refused.status == 64 && refused.err.hasPrefix("error: ") && refused.err.contains("--force"))
        let forced = try await Binary.run(["init", "--force", site.path])
        #expect(forced.status == 0, "\(forced.err)")
        #expect(try String(contentsOf: site.appendingPathComponent("README.md"), encoding: .utf8) == "mine\n")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Notes/site.md").path))
        #expect(forced.err.contains("kept 1 file of yours (never overwritten): README.md"), "\(forced.err)")
        // Again: every file is kept, and said in one line, not a line each (it was 258).
        let again = try await Binary.run(["init", "--force", site.path])
        let kept = again.err.split(separator: "\n").filter { $0.contains("of yours") }
        #expect(again.status == 0 && kept.count == 1 && kept[0].contains(" more"), "\(again.err)")
    }

    @Test func versionNamesTheReleaseAndTheLibcmarkItLinks() async throws {
        let result = try await Binary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("sitegen ") && result.out.contains("(libcmark 0.30"), "\(result.out)")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsKnowEveryCommand(_ shell: String) async throws {
        let result = try await Binary.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.err)")
        for command in ["build", "serve", "fetch", "init"] { #expect(result.out.contains(command), "\(shell): \(command)") }
    }
}
