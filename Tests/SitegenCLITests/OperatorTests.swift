import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenCLI
import SitegenTestSupport

/// The site as its operator makes it theirs, from `sitegen init` to a published folder: a site
/// file, styling on top of the theme, no demo published by accident, clear lines when something
/// is off.
@Suite
struct OperatorTests {
    let repo = SiteFixture.repo

    /// A folder laid out as `sitegen init` lays one out, with the stock theme's folders empty.
    func siteFolder(_ files: [String: String] = [:]) throws -> URL {
        let folder = try SiteFixture.temporaryFolder()
        for name in ["Templates", "Public", "Notes"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    func read(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    // MARK: 1. a forgotten secret

    @Test func anEmptyKeyStopsTheBuildNamingItAndNeverPublishesTheDemo() async throws {
        for blank in ["", "   "] {
            let folder = try siteFolder()
            let result = try await Binary.run(["build", "--days", "3", "--until", "2024-02-10", "--base-url", "https://user.github.io/mag/"],
                                        environment: ["KOBIS_API_KEY": blank], in: folder)
            #expect(result.status != 0, "an empty key built: \(result.out)")
            let lines = result.err.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("error: KOBIS_API_KEY is set but empty"), "\(result.err)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("_site").path), "nothing is published")
        }
        // The demo stays one flag away, and an absent key still means the demo.
        let folder = try siteFolder()
        let demo = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10", "--demo"], environment: ["KOBIS_API_KEY": ""], in: folder)
        #expect(demo.status == 0 && demo.out.contains("demo data"), "\(demo.err)")
    }

    // MARK: 2. the site file

    @Test func theSiteFileNamesTheSiteInEveryPlaceThatShowsIt() async throws {
        let folder = try siteFolder([
            "sitegen.toml": """
            # 씨네매거진's box office
            name = "씨네매거진 박스오피스"
            description = "씨네매거진이 매일 아침 정리하는 한국 박스오피스"
            author = "씨네매거진 편집부"
            since = 2024-02-08
            cards = false   # no libvips cards in this test
            english = true

            [en]
            name = "Cine Magazine Box Office"
            """,
        ])
        let result = try await Binary.run(["build", "--until", "2024-02-10"], in: folder)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("built 3 days"), "since comes from the site file: \(result.out)")
        let site = folder.appendingPathComponent("_site")
        let home = try read(site, "index.html")
        #expect(home.contains("씨네매거진 박스오피스</title>"), "the page title")
        #expect(home.contains(#"</span>씨네매거진 박스오피스</a>"#), "the header's brand")
        #expect(home.contains("<p>씨네매거진이 매일 아침 정리하는 한국 박스오피스</p>"), "the footer's description")
        #expect(!home.contains("한국 일별 박스오피스"), "the stock name is gone from the page")
        let feed = try read(site, "feed.xml")
        #expect(feed.contains("<title>씨네매거진 박스오피스"))
        #expect(feed.contains("<author><name>씨네매거진 편집부</name></author>"))
        #expect(feed.contains("<subtitle>") && !feed.contains("<name>sitegen</name>"))
        let manifest = try read(site, "manifest.webmanifest")
        #expect(manifest.contains("\"name\":\"씨네매거진 박스오피스\"") || manifest.contains("\"name\": \"씨네매거진 박스오피스\""), "\(manifest.prefix(400))")
        let english = try read(site, "en/index.html")
        #expect(english.contains("Cine Magazine Box Office</title>") && english.contains("</span>Cine Magazine Box Office</a>"))
        #expect(try read(site, "en/feed.xml").contains("<title>Cine Magazine Box Office"))

        // A flag overrides its setting, either way.
        let overridden = try await Binary.run(["build", "--until", "2024-02-10", "--no-english", "--days", "2", "--output", "_other"], in: folder)
        #expect(overridden.status == 0 && overridden.out.contains("built 2 days"), "\(overridden.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("_other/en").path))
    }

    /// `english = true` on a renamed site without `[en] name`: every English page carries the
    /// Korean name, which the build says in one note naming the table to add (a rebuild that
    /// changes nothing says it again, once); with the name given, or on the stock name, nothing.
    @Test func aRenamedSiteWithNoEnglishNameIsToldOnceWhichTableToAdd() async throws {
        let renamed = "name = \"씨네매거진 박스오피스\"\nsince = 2024-02-09\ncards = false\nenglish = true\n"
        let folder = try siteFolder(["sitegen.toml": renamed])
        for run in ["first", "unchanged"] {
            let result = try await Binary.run(["build", "--until", "2024-02-10"], in: folder)
            #expect(result.status == 0, "\(result.err)")
            let said = result.err.split(separator: "\n").filter { $0.contains("no English name") }
            #expect(said.count == 1, "\(run) build: \(result.err)")
            #expect(said.first.map { $0.hasPrefix("note: ") && $0.contains("「씨네매거진 박스오피스」") && $0.contains("sitegen.toml: a line [en]")
                && $0.contains("name = \"") } == true, "\(said)")
        }
        #expect(try read(folder.appendingPathComponent("_site"), "en/index.html").contains("씨네매거진 박스오피스</title>"),
                "what the note says: the English pages carry the Korean name")
        for (label, file) in [("an English name", renamed + "\n[en]\nname = \"Cine Magazine Box Office\"\n"),
                              ("the stock name", "since = 2024-02-09\ncards = false\nenglish = true\n"),
                              ("no English edition", renamed.replacingOccurrences(of: "english = true", with: "english = false"))] {
            let other = try siteFolder(["sitegen.toml": file])
            let result = try await Binary.run(["build", "--until", "2024-02-10"], in: other)
            #expect(result.status == 0 && !result.err.contains("no English name"), "\(label): \(result.err)")
        }
    }

    @Test(arguments: [
        ("name = \"x\"\nnmae = \"y\"\n", "error: sitegen.toml:2: 'nmae' is not a setting of the site file (name, description, author"),
        ("cards = \"yes\"\n", "error: sitegen.toml:1: cards must be true or false"),
        ("# a comment\n\nsince = 2024-02-30\n", "error: sitegen.toml:3: since '2024-02-30' is not a real date in the form YYYY-MM-DD"),
        ("name = \"unclosed\n", "error: sitegen.toml:1: name: the string has no closing \""),
        ("[fr]\nname = \"x\"\n", "error: sitegen.toml:1: [fr] is not a table of the site file (the tables are [en] and [s3])"),
        ("base_url = \"example.com\"\n", "error: sitegen.toml:1: base_url 'example.com' must be an absolute http(s) URL"),
        ("posters = \"maybe\"\n", "error: sitegen.toml:1: posters 'maybe' must be \"download\" or \"hotlink\""),
        ("cards = true\ncards = false\n", "error: sitegen.toml:2: 'cards' is set twice"),
        ("name = \"ok\"\nbase_url = \"https://user:secretpw@ex.com/\"\n", "error: sitegen.toml:2: base_url holds a user name or password"),
        ("name = \"A\\u001b[31mRED\"\n", "error: sitegen.toml:1: name has a control character (U+001B)"),
        ("description = \"a\u{1}b\"\n", "error: sitegen.toml:1: description has a control character (U+0001)"),
        ("base_url = \"https://ex.com/%00/\"\n", "error: sitegen.toml:1: base_url has a control character (U+0000)"),
        ("base_url = \"https://ex.com/a%01b/\"\n", "error: sitegen.toml:1: base_url has a control character (U+0001)"),
        // Noncharacters failed the build at the share card, after the whole render.
        ("name = \"A\\uFFFEB\"\n", "error: sitegen.toml:1: name has a control character (U+FFFE)"),
        ("base_url = \"https://ex.com/a%EF%BF%BFb/\"\n", "error: sitegen.toml:1: base_url has a control character (U+FFFF)"),
    ])
    func aMistakeInTheSiteFileIsOneLineNamingTheFileTheLineAndTheKey(_ text: String, _ expected: String) async throws {
        let folder = try siteFolder(["sitegen.toml": text])
        let result = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10"], in: folder)
        #expect(result.status != 0)
        #expect(result.err.split(separator: "\n").count == 1 && result.err.hasPrefix(expected), "\(result.err)")
        #expect(!result.err.contains("secretpw"), "the password is never repeated")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("_site").path))
    }

    /// The site's own settings cannot leak or break it from the command line either, a first day
    /// from the file is blamed on the file, and a site file too large to be one is not read.
    @Test func theSitesOwnSettingsAreCheckedWhereverTheyComeFrom() async throws {
        let folder = try siteFolder()
        for (url, message) in [("https://user:secretpw@ex.com/", "error: --base-url holds a user name or password"),
                               ("https://ex.com/%01/", "error: --base-url has a control character (U+0001)")] {
            let result = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10", "--base-url", url], in: folder)
            #expect(result.status == 64 && result.err.hasPrefix(message) && !result.err.contains("secretpw"), "\(result.err)")
        }
        try "name = \"x\"\nsince = 9999-12-31\n".write(to: folder.appendingPathComponent("sitegen.toml"), atomically: true, encoding: .utf8)
        let since = try await Binary.run(["build", "--until", "2024-02-10"], in: folder)
        #expect(since.status == 64 && since.err.hasPrefix("error: sitegen.toml:2: since 9999-12-31 is after --until 2024-02-10"), "\(since.err)")
        try Data(repeating: 0x23, count: 2 << 20).write(to: folder.appendingPathComponent("sitegen.toml"))
        let huge = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10"], in: folder)
        #expect(huge.status == 64 && huge.err == "error: sitegen.toml is 2 MB; a site file is at most 1 MB\n", "\(huge.err)")
    }

    @Test func initsNextStepIsSafeToPasteIntoAShell() async throws {
        let parent = try SiteFixture.temporaryFolder()
        let made = try await Binary.run(["init", "my site; touch PWNED", "--since", "2024-02-08"], in: parent)
        #expect(made.status == 0, "\(made.err)")
        #expect(made.out.contains("next: cd 'my site; touch PWNED' && sitegen build"), "\(made.out)")
        let plain = try await Binary.run(["init", "plain-site", "--since", "2024-02-08"], in: parent)
        #expect(plain.out.contains("next: cd plain-site && sitegen build"), "\(plain.out)")
    }

    @Test func aNamedSiteFileMustExistAndTheReaderKeepsToItsSubset() async throws {
        let folder = try siteFolder()
        let missing = try await Binary.run(["build", "--days", "2", "--config", "mag.toml"], in: folder)
        #expect(missing.status != 0 && missing.err.hasPrefix("error: --config mag.toml does not exist"), "\(missing.err)")
        let file = try SiteFile.parse(
            "name = 'lit\\eral' # comment\ndescription = \"a \\\"quoted\\\" \\u00e9 # not a comment\"\nregions = true\nposters = \"hotlink\"\n",
            label: "t")
        #expect(file.name == "lit\\eral" && file.description == "a \"quoted\" é # not a comment")
        #expect(file.regions == true && file.posters == .hotlink && file.cards == nil)
        #expect(throws: UsageError.self) { try SiteFile.parse("name = \"\"\"\nx\n\"\"\"\n", label: "t") }
        #expect(try SiteFile.parse("\u{FEFF}name = \"BOM\"\r\nenglish = true\r\n", label: "t") == SiteFile(name: "BOM", english: true))
    }

    // MARK: 3. styling on top of the theme

    @Test func customCSSAddsToTheStockThemeAndAReplacedStylesheetIsWarned() async throws {
        let added = try siteFolder(["Public/custom.css": ":root { --accent: #0057b8; }\n"])
        let result = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10"], in: added)
        #expect(result.status == 0 && !result.err.contains("warning"), "\(result.err)")
        let home = try read(added.appendingPathComponent("_site"), "index.html")
        let links = home.matches(of: /<link rel="stylesheet" href="((?:style|custom)\.[0-9a-f]{8}\.css)">/).map { String($0.output.1) }
        #expect(links.count == 2 && links[0].hasPrefix("style.") && links[1].hasPrefix("custom."), "the stock theme, then the operator's rules: \(links)")
        #expect(try read(added.appendingPathComponent("_site"), links.last ?? "none").contains("#0057b8"))
        #expect(try read(added.appendingPathComponent("_site"), "404.html").contains("--accent: #0057b8"), "the 404 page carries both inline")

        let replaced = try siteFolder(["Public/style.css": ":root{--accent:#0057b8}\n"])
        let warned = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10"], in: replaced)
        #expect(warned.status == 0)
        #expect(warned.err.contains("warning: Public/style.css replaces the whole stock stylesheet") && warned.err.contains("custom.css"), "\(warned.err)")

        let meant = try siteFolder(["Public/style.css": "/* sitegen: replaces the stock theme */\nbody { font: 16px serif; }\n"])
        #expect(!(try await Binary.run(["build", "--days", "2", "--until", "2024-02-10"], in: meant)).err.contains("replaces the whole"))
        let ejected = try siteFolder(["Public/style.css": try read(repo, "Public/style.css") + "\n.brand { color: red; }\n"])
        #expect(!(try await Binary.run(["build", "--days", "2", "--until", "2024-02-10"], in: ejected)).err.contains("replaces the whole"))
    }

    @Test func serveWarnsOfAReplacedStylesheetToo() async throws {
        let folder = try siteFolder(["Public/style.css": ":root{--accent:#0057b8}\n"])
        let running = RunningBinary()
        try await running.start(["serve", "--port", "0", "--days", "2", "--until", "2024-02-10"], in: folder)
        defer { if running.process.isRunning { running.process.terminate() } }
        #expect(await running.waitFor(" at http://127.0.0.1:"), "\(running.output())")
        running.process.terminate()
        await running.exited()
        let err = String(decoding: running.err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(err.contains("warning: Public/style.css replaces the whole stock stylesheet"), "\(err)")
    }

    // MARK: 4. init

    @Test func initWritesTheSiteFileAndCustomCSSAndKeepsBookkeepingOutOfGit() async throws {
        let folder = try SiteFixture.temporaryFolder().appendingPathComponent("mag")
        let made = try await Binary.run(["init", folder.path, "--since", "2024-02-08"])
        #expect(made.status == 0, "\(made.err)")
        let file = try SiteFile.parse(try read(folder, "sitegen.toml"), label: "sitegen.toml")
        #expect(file.since == "2024-02-08" && file.name == "한국 일별 박스오피스")
        #expect(try read(folder, "Public/custom.css").contains("--accent"))
        // The site file's first day: the local build is the workflow's site.
        let built = try await Binary.run(["build", "--until", "2024-02-10"], in: folder)
        #expect(built.status == 0 && built.out.contains("built 3 days"), "\(built.err)")
        #expect(!built.err.contains("replaces the whole"))

        func git(_ arguments: String...) async throws -> String {
            let result = try await Binary.runExecutable("/usr/bin/git", ["-C", folder.path] + arguments)
            #expect(result.status == 0, "git \(arguments): \(result.err)")
            return result.out
        }
        _ = try await git("init", "-q")
        _ = try await git("add", "-A")
        let staged = try await git("diff", "--cached", "--name-only").split(separator: "\n").map(String.init)
        #expect(staged.contains("sitegen.toml") && staged.contains("Public/custom.css"))
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("._site") }
        #expect(!beside.isEmpty, "the build left its lock and manifest beside _site")
        #expect(staged.allSatisfy { !$0.hasPrefix("._site") && !$0.hasPrefix("_site/") && !$0.hasPrefix(".sitegen-cache/") }, "\(staged.filter { $0.hasPrefix(".") })")
    }

    // MARK: 7. clear lines

    @Test func aBuildWhileServeRunsSaysServeHoldsTheFolder() async throws {
        let folder = try siteFolder()
        let running = RunningBinary()
        try await running.start(["serve", "--port", "0", "--days", "2", "--until", "2024-02-10"], in: folder)
        defer { if running.process.isRunning { running.process.terminate() } }
        #expect(await running.waitFor(" at http://127.0.0.1:"), "\(running.output())")
        let result = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10"], in: folder)
        #expect(result.status != 0)
        let pid = running.process.processIdentifier
        #expect(result.err.hasPrefix("error: write: sitegen serve (pid \(pid)) holds ") && result.err.contains("stop it (Ctrl-C)"), "\(result.err)")
        #expect(!result.err.contains("wait for it to finish"))
    }

    @Test func aNoteForADayOutsideTheBuiltRangeIsWarned() async throws {
        let folder = try siteFolder(["Notes/date/2020-01-01.md": "오래된 노트\n", "Notes/date/2024-02-09.md": "이 노트는 보인다\n"])
        let result = try await Binary.run(["build", "--days", "3", "--until", "2024-02-10"], in: folder)
        #expect(result.status == 0, "\(result.err)")
        let warnings = result.err.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings == ["warning: Notes/date/2020-01-01.md: outside the days built (2024-02-08 to 2024-02-10), so not shown; widen --days or --since"], "\(result.err)")
        #expect(try read(folder.appendingPathComponent("_site"), "date/2024-02-09/index.html").contains("이 노트는 보인다"))
    }

    // MARK: 6. the calendar at the latest month

    @Test func theDateLinkOpensTheCalendarAtTheLatestMonth() async throws {
        for days in [100, 800] {  // one archive page, and an index of years with a page a year
            let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
            try await SiteFixture.build(into: out, days: days, until: "2024-02-10")
            for page in ["index.html", "date/2024-02-05/filters/index.html", "archive/index.html"] {
                let html = try read(out, page)
                let link = html.firstMatch(of: /<a href="([^"]*)">날짜별 보기<\/a>/).map { String($0.output.1) } ?? ""
                #expect(link.hasSuffix("archive/index.html#latest"), "\(days) days, \(page): \(link)")
            }
            // The anchor is on the latest month's calendar, and there is one.
            let archive = try read(out, "archive/index.html")
            let marked = archive.components(separatedBy: #"<div id="latest"></div>"#)
            #expect(marked.count == 2, "\(days) days: \(marked.count - 1) latest marks")
            let section = marked.first?.components(separatedBy: "<section class=\"month\"").last ?? ""
            #expect(section.hasPrefix(#" id="m2024-02""#), "\(days) days: the mark is not in February 2024's calendar")
            // On an index of years, that calendar comes before the years, not at the bottom of the page.
            if days == 800 {
                #expect(archive.range(of: #"id="latest""#)!.lowerBound < archive.range(of: "year-list")!.lowerBound)
            }
        }
    }

    // MARK: 7. search without scripts

    @Test func searchWithoutScriptsShowsTheWholeListInsteadOfAskingAgain() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3, until: "2024-02-10")
        let html = try read(out, "search/index.html")
        // The line that says to type in the box is hidden without scripts; the one shown says why
        // and points to the list, which is on the page either way.
        #expect(html.contains(#"<p class="muted needs-script">위의 찾기 상자에"#))
        let head = try #require(html.components(separatedBy: "</head>").first)
        #expect(head.contains("<noscript><style>.needs-script { display: none; }</style></noscript>"), "in the head, where it is valid")
        #expect(html.contains(#"<p class="search-noscript">스크립트가 꺼져 있어"#))
        #expect(html.contains(#"<ul class="az-list">"#))
    }
}

/// The base URL is printed into every page's canonical and Open Graph addresses, the feed and the
/// sitemap: anything but a plain http(s) address of a host and a folder is one line (issue 62:
/// a query, a fragment, a space or an empty user name went through).
@Suite struct BaseURLFormTests {
    @Test(arguments: [
        "https://ex.com/?a=1", "https://ex.com/#top", "https://ex.com/?", "https://ex.com/#", "https://user@ex.com/",
        "https://@ex.com/", "https://ex.com/my site/", "https://ex .com/", "https://ex.com/\tbox/", "ftp://ex.com/",
        "file:///tmp/site/", "https:///box/", "https://", "//ex.com/", "ex.com", "https://ex.com/a\\b/",
        "https://ex.com/\"/",
    ])
    func anOddBaseURLIsRefusedInOneLine(_ url: String) {
        let problem = SettingText.baseURLProblem(url)
        #expect(problem != nil, "\(url) was taken")
        #expect(problem.map { !$0.contains("\n") && !$0.contains("user@") } ?? true)
    }

    @Test(arguments: [
        "https://host", "https://host/sub/", "http://127.0.0.1:8080/", "https://ex.com/%EC%98%81/",
        "https://[::1]:8080/box/", "HTTPS://Ex.com/Box/",
    ])
    func theUsualFormsAreTaken(_ url: String) {
        #expect(SettingText.baseURLProblem(url) == nil, "\(url)")
    }
}
