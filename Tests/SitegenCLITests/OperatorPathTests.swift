import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenCLI
import SitegenModel
import SitegenTestSupport

/// A new operator's path from `sitegen init` on, as issue 41 walked it: what the first build shows
/// and says, what `--strict` refuses, what a backfill costs and how its lines read, and `serve`
/// noticing the site file.
@Suite
struct OperatorPathTests {
    /// A fontconfig that knows no font at all, as a bare container has: no Korean font for cards.
    func noFonts() throws -> [String: String] {
        let folder = try SiteFixture.temporaryFolder()
        let conf = folder.appendingPathComponent("fonts.conf")
        try """
        <?xml version="1.0"?>
        <fontconfig><dir>\(folder.appendingPathComponent("none").path)</dir><cachedir>\(folder.appendingPathComponent("cache").path)</cachedir></fontconfig>
        """.write(to: conf, atomically: true, encoding: .utf8)
        return ["FONTCONFIG_FILE": conf.path]
    }

    func initialised(since: String = "2024-02-10") async throws -> URL {
        let site = try SiteFixture.temporaryFolder().appendingPathComponent("site")
        let made = try await Binary.run(["init", site.path, "--since", since])
        #expect(made.status == 0, "\(made.err)")
        return site
    }

    /// init, then build: the sample note is not published and the build says it is still there;
    /// one day reads "1 day", and the note says how to preview a fuller site.
    @Test func theFirstBuildLeavesOutTheSampleNoteAndSaysHowToSeeMore() async throws {
        let site = try await initialised()
        let built = try await Binary.run(["build", "--until", "2024-02-10"], in: site)
        #expect(built.status == 0, "\(built.err)")
        #expect(built.out.hasPrefix("built 1 day, "), "\(built.out)")
        #expect(!built.out.contains("1 days") && !built.out.contains(" 1 movies") && !built.out.contains(" 1 pages"))
        let home = try String(contentsOf: site.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(!home.contains("편집자 노트") && !home.contains("Notes/date/"), "the sample note is not on the home page")
        #expect(built.err.contains("note: Notes/site.md is still the sample sitegen init wrote"), "\(built.err)")
        #expect(built.err.contains("sitegen serve --demo --days 90 --output _preview"), "\(built.err)")

        // The operator writes a note: it is published, and the sample's note is gone.
        try "오늘의 한마디.\n".write(to: site.appendingPathComponent("Notes/site.md"), atomically: true, encoding: .utf8)
        let again = try await Binary.run(["build", "--until", "2024-02-10"], in: site)
        #expect(again.status == 0 && !again.err.contains("still the sample"), "\(again.err)")
        #expect(try String(contentsOf: site.appendingPathComponent("_site/index.html"), encoding: .utf8).contains("오늘의 한마디."))
        // A window the operator chose is not told to grow.
        let window = try await Binary.run(["build", "--days", "3", "--until", "2024-02-10", "--output", "window"], in: site)
        #expect(window.status == 0 && window.out.hasPrefix("built 3 days, ") && !window.err.contains("_preview"), "\(window.err)")
    }

    /// --strict: share cards that are on but cannot be drawn (no Korean font) fail the build with
    /// one line and leave the output as it was; without --strict they are one warning.
    @Test func strictFailsWhenCardsThatAreOnCannotBeDrawn() async throws {
        let site = try await initialised()
        let fonts = try noFonts()
        let args = ["build", "--until", "2024-02-10", "--base-url", "https://example.org/box/"]
        let lenient = try await Binary.run(args, environment: fonts, in: site)
        #expect(lenient.status == 0 && lenient.err.contains("warning: share cards left out: no Korean font"), "\(lenient.err)")
        let before = try SiteFixture.files(site.appendingPathComponent("_site"))

        let strict = try await Binary.run(args + ["--strict", "--quiet"], environment: fonts, in: site)
        let lines = strict.err.split(separator: "\n")
        #expect(strict.status == 1 && lines.count == 1, "\(strict.err)")
        #expect(lines.first?.hasPrefix("error: --strict: share cards are on but cannot be drawn: no Korean font") == true
                && lines.first?.contains("cards = false") == true, "\(strict.err)")
        #expect(try SiteFixture.files(site.appendingPathComponent("_site")) == before, "a refused build leaves the site as it was")

        // With the machine's fonts the same strict build draws them.
        let drawn = try await Binary.run(args + ["--strict"], in: site)
        #expect(drawn.status == 0, "\(drawn.err)")
        #expect(try SiteFixture.files(site.appendingPathComponent("_site")).keys.contains { $0.hasPrefix("card/") })
        // Cards off: nothing to refuse.
        let off = try await Binary.run(args + ["--strict", "--no-cards", "--output", "plain"], environment: fonts, in: site)
        #expect(off.status == 0, "\(off.err)")
        // Cards on without an address cannot be made either: a usage error naming what to give.
        let noAddress = try await Binary.run(["build", "--until", "2024-02-10", "--strict", "--output", "nobase"], in: site)
        #expect(noAddress.status == 64 && noAddress.err.hasPrefix("error: --strict: share cards are on but need the site's address"),
                "\(noAddress.err)")
    }

    /// --strict with regions on, built offline from a cache without the region codes: one line.
    @Test func strictFailsWhenRegionPagesCannotBeMade() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let args = ["build", "--offline", "--regions", "--since", "2024-02-09", "--until", "2024-02-10", "--no-cards",
                    "--cache", folder.appendingPathComponent("cache").path, "--output", folder.appendingPathComponent("out").path]
        let strict = try await Binary.run(args + ["--strict"], in: folder)
        #expect(strict.status == 1 && strict.err.contains("error: --strict: regions are on but their pages cannot be made"), "\(strict.err)")
        #expect(strict.err.split(separator: "\n").filter { $0.hasPrefix("error:") }.count == 1)
    }

    /// What init says a history costs is the calendar's count with the options it writes, and the
    /// regions' addition is only their own charts.
    @Test func initSaysWhatTheHistoryCosts() async throws {
        let until = Day(year: 2026, month: 11, day: 26)!
        let note = try #require(InitCommand.costNote(since: Day(year: 2004, month: 1, day: 1)!, until: until))
        #expect(note.contains("about 52,000 KOBIS calls, 21 mornings at 2,500 calls a morning with the market view"), "\(note)")
        #expect(note.contains("regions = true would add about 163,000 KOBIS calls, 66 mornings"), "\(note)")
        #expect(InitCommand.costNote(since: until.adding(days: -30), until: until) == nil, "a month is one morning: no note")
        let made = try await Binary.run(["init", try SiteFixture.temporaryFolder().appendingPathComponent("s").path, "--since", "2004-01-01"])
        #expect(made.status == 0 && made.err.contains("note: filling the history from 2004-01-01 takes about "), "\(made.err)")
    }

    /// The docs state the same figures as the code: README and deploy.md.
    @Test func theDocsStateTheCostsTheCodeEstimates() throws {
        let note = try #require(InitCommand.costNote(since: Day(year: 2004, month: 1, day: 1)!, until: Day(year: 2026, month: 11, day: 26)!))
        let figures = note.matches(of: /about ([0-9,]+) KOBIS calls, ([0-9]+) mornings/).map { (String($0.output.1), String($0.output.2)) }
        #expect(figures.count == 2, "\(note)")
        for file in ["README.md", "docs/deploy.md", "docs/cli.md"] {
            let text = try String(contentsOf: SiteFixture.repo.appendingPathComponent(file), encoding: .utf8)
                .replacingOccurrences(of: "\n", with: " ")
            for (calls, mornings) in figures {
                #expect(text.contains("\(calls) ") && text.contains("\(mornings) "), "\(file) does not state \(calls) calls, \(mornings) mornings")
            }
            #expect(!text.contains("a few mornings"), "\(file) still promises the history in a few mornings")
        }
    }

    /// A backfill's lines: the plan names only the filters that are on, a budget of one reads
    /// "1 call", and a stopped fetch says what is left in one line, not twice.
    @Test func theFetchLinesSayItOnceAndGrammatically() async throws {
        let apis = try FakeAPIs()
        var env = apis.environment
        env.removeValue(forKey: "KAKAO_REST_API_KEY")
        let folder = try SiteFixture.temporaryFolder()
        let fetched = try await Binary.run(["fetch", "--since", "2024-01-01", "--until", "2024-02-10", "--budget", "1",
                                      "--cache", folder.appendingPathComponent("cache").path], environment: env, in: folder)
        #expect(fetched.status == 0, "\(fetched.err)")
        #expect(fetched.err.contains("filtered charts of 한국·외국·다양성 (") && !fetched.err.contains("regions"), "\(fetched.err)")
        #expect(fetched.err.contains("at 1 call a day") && !fetched.err.contains("1 calls"), "\(fetched.err)")
        #expect(fetched.out.hasPrefix("stopped: the budget of 1 KOBIS call is spent; "), "\(fetched.out)")
        #expect(!fetched.err.contains("warning: history:"), "the stopped line says what is left; no warning repeats it: \(fetched.err)")

        let regions = try await Binary.run(["build", "--since", "2024-01-01", "--until", "2024-02-10", "--budget", "5", "--no-market",
                                      "--regions", "--cache", folder.appendingPathComponent("cache2").path], environment: env, in: folder)
        #expect(regions.status == 0, "\(regions.err)")
        let gaps = regions.err.split(separator: "\n").filter { $0.hasPrefix("warning: history:") }
        #expect(gaps.count == 1 && gaps[0].contains("(regions)") && !gaps[0].contains("한국"), "\(regions.err)")
    }
}
