import Foundation
import SitegenFetch
import SitegenModel
import SitegenSiteSupport
import Testing

/// The figures the docs state that the repository itself can check: what the workflow `init`
/// writes runs (its actions' majors, its toolchain, its schedule, its size limit), the one pinned
/// dependency, and limits the code keeps. A figure that changes in one place fails here until the
/// docs follow. (Its own file beside DocsTests.swift, which checks the docs' structure: options,
/// links, names.)
struct DocsFiguresTests {
    let repo = SiteFixture.repo

    func read(_ path: String) throws -> String {
        try String(contentsOf: repo.appendingPathComponent(path), encoding: .utf8)
    }

    /// README.md and every Markdown file under docs/, each with its text.
    func docs() throws -> [(path: String, text: String)] {
        let folder = repo.appendingPathComponent("docs")
        let found = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try (["README.md"] + found.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }).map { ($0, try read($0)) }
    }

    var workflow: String { get throws { try read("docs/deploy/github-pages.yml") } }

    /// Each `actions/…@vN` the docs name is the major the workflow uses, and the docs name all of them.
    @Test func theActionMajorsTheDocsNameAreTheWorkflows() throws {
        let used = Dictionary(try workflow.matches(of: /uses: (actions\/[a-z-]+)@(v\d+)/).map { (String($0.output.1), String($0.output.2)) },
                              uniquingKeysWith: { first, _ in first })
        #expect(used.count == 5, "the workflow's actions: \(used)")
        var named: Set<String> = []
        for (path, text) in try docs() {
            for match in text.matches(of: /(actions\/[a-z-]+)@(v\d+)/) {
                let action = String(match.output.1)
                named.insert(action)
                #expect(used[action] == String(match.output.2), "\(path) names \(action)@\(match.output.2); the workflow uses @\(used[action] ?? "none")")
            }
        }
        #expect(named == Set(used.keys), "the docs name every action the workflow uses: \(named.sorted())")
    }

    /// Package.swift pins swift-argument-parser to one release (`exact:`), and every place that
    /// says which release (install.md, architecture.md, .gitignore) says that one.
    @Test func theArgumentParserPinTheDocsNameIsPackageSwifts() throws {
        let manifest = try read("Package.swift")
        let pinned = try #require(manifest.firstMatch(of: /swift-argument-parser", exact: "(\d+\.\d+\.\d+)"/)?.output.1,
                                  "Package.swift pins swift-argument-parser with exact:")
        #expect(manifest.firstMatch(of: /swift-argument-parser", from:/) == nil)
        var said = 0
        for (path, text) in try docs() + [(".gitignore", try read(".gitignore"))] {
            for match in text.matches(of: /(exact|from): "(\d+\.\d+\.\d+)"/) {
                said += 1
                #expect(match.output.1 == "exact" && match.output.2 == pinned, "\(path) says \(match.output.0); Package.swift pins exact: \"\(pinned)\"")
            }
        }
        #expect(said >= 3, "install.md, architecture.md and .gitignore say the pinned release")
        #expect(try read("docs/install.md").contains("exact: \"\(pinned)\""), "install.md says how the pin reads")
    }

    /// The workflow's schedule, toolchain and size limit as deploy.md and cli.md state them.
    @Test func theWorkflowsScheduleToolchainAndLimitAreWhatTheDocsSay() throws {
        let text = try workflow, deploy = try read("docs/deploy.md"), cli = try read("docs/cli.md")
        // The crons, in UTC, and the Korean times the docs give them (UTC+9, no summer time).
        let crons = text.matches(of: /cron: "(\d+) (\d+) \* \* \*"/).map { (Int($0.output.2)!, Int($0.output.1)!) }
        #expect(crons.count == 3, "\(crons)")
        func clock(_ hour: Int, _ minute: Int) -> String { String(format: "%02d:%02d", hour % 24, minute) }
        let utc = crons.map { clock($0.0, $0.1) }, kst = crons.map { clock($0.0 + 9, $0.1) }
        let first = deploy.contains("\(kst[0]) KST (\(utc[0]) UTC")
        let retries = deploy.contains("\(kst[1]) and \(kst[2]) KST (\(utc[1]) and \(utc[2]) UTC)")
        #expect(first, "deploy.md gives the first run as \(kst[0]) KST (\(utc[0]) UTC)")
        #expect(retries, "deploy.md gives the retries as \(kst[1]) and \(kst[2]) KST (\(utc[1]) and \(utc[2]) UTC)")
        for (path, body) in [("README.md", try read("README.md")), ("docs/cli.md", cli)] {
            let said = body.contains("\(kst[0]) KST")
            #expect(said, "\(path) gives the morning run as \(kst[0]) KST")
        }
        // The toolchain the workflow builds with, as the docs name it.
        let container = try #require(text.firstMatch(of: /container: (swift:[0-9.]+-[a-z]+)/)?.output.1)
        for (path, body) in try docs() {
            for named in body.matches(of: /swift:[0-9.]+-[a-z]+/) {
                #expect(named.output == container, "\(path) names \(named.output); the workflow builds in \(container)")
            }
        }
        let named = deploy.contains("`\(container)`") && cli.contains("`\(container)`")
        #expect(named, "deploy.md and cli.md name the toolchain \(container)")
        // GitHub Pages' limit: the size check's default and the hosts table's figure.
        let limit = try #require(text.firstMatch(of: /SITEGEN_PAGES_LIMIT:-(\d+)/).flatMap { Int($0.output.1) })
        #expect(limit == 1_000_000_000, "the size check stops at \(limit) bytes")
        let table = deploy.contains("| GitHub Pages (the workflow `sitegen init` writes) | a published site of at most 1 GB")
        #expect(table, "deploy.md's hosts table gives GitHub Pages' limit as 1 GB")
    }

    /// Limits the code keeps, as the docs state them.
    @Test func theLimitsTheDocsStateAreTheCodes() throws {
        let deploy = try read("docs/deploy.md"), cli = try read("docs/cli.md")
        let poster = deploy.contains("(at most \(SourceRequest.maxPosterBytes / 1_000_000) MB, at least 50 px a side)")
        #expect(poster, "deploy.md gives a poster's cap as \(SourceRequest.maxPosterBytes / 1_000_000) MB")
        let option = cli.contains("| `--budget N` | \(CallBudget.defaultLimit) |")
        #expect(option, "cli.md's default budget is \(CallBudget.defaultLimit)")
        let grouping = NumberFormatter()
        grouping.numberStyle = .decimal
        grouping.locale = Locale(identifier: "en_US")
        let budget = try #require(grouping.string(from: NSNumber(value: CallBudget.defaultLimit)))
        let readme = try read("README.md").contains("`--budget` (\(budget)) calls")
        #expect(readme, "the README's budget is \(budget)")
    }

    /// The durable history's size in cli.md counts one file a final answer (HistoryStore): each day,
    /// week and weekend once for the national chart and once for each of the market view's
    /// filters, and each film once, for the range whose days, weeks and weekends and films the
    /// backfill section gives (a measured figure that cannot drift from the store's layout unseen).
    @Test func theDurableHistorysFileCountIsOneFileAFinalAnswer() throws {
        let cli = try read("docs/cli.md")
        func figure(_ pattern: Regex<(Substring, Substring)>) throws -> Int {
            try #require(cli.firstMatch(of: pattern).flatMap { Int($0.output.1.replacingOccurrences(of: ",", with: "")) })
        }
        let days = try figure(/plan: ([\d,]+) days \(/), periods = try figure(/([\d,]+) weeks and weekends \(/)
        let films = try figure(/`fetched [\d,]+ days, ([\d,]+) movies into/)
        let market = try figure(/the market view on, so each day, week and weekend is kept [a-z]+ times[^)]*\), ([\d,]+) files of/)
        let national = try figure(/without the market view, ([\d,]+) files of/)
        #expect(national == days + periods + films, "\(national) files for \(days) days, \(periods) weeks and weekends, \(films) films")
        #expect(market == (1 + ChartScope.market.count) * (days + periods) + films,
                "\(market) files with the market view's \(ChartScope.market.count) filters")
        #expect(cli.contains("kept four times") && ChartScope.market.count == 3)
    }

    /// The hosts table's Netlify row holds its own sums: deploys a month = credits ÷ credits a
    /// deploy, and a daily deploy (30 a month) costs more than the free plan's credits.
    @Test func netlifysFreePlanFiguresAddUp() throws {
        let row = try #require(try read("docs/deploy.md").split(separator: "\n").first { $0.hasPrefix("| Netlify |") })
        let figures = try #require(row.firstMatch(of:
            /free plan: (\d+) credits a month, (\d+) for each production deploy \(so (\d+) deploys a month\).*a daily deploy \((\d+) a month, (\d+) credits\) does not fit/))
        let (credits, each, deploys, daily, cost) = (Int(figures.output.1)!, Int(figures.output.2)!, Int(figures.output.3)!,
                                                     Int(figures.output.4)!, Int(figures.output.5)!)
        #expect(credits / each == deploys && daily * each == cost && cost > credits && daily >= 28, "\(row)")
    }
}
