import ArgumentParser
import Foundation
import SitegenBasics
import SitegenBuild
import SitegenFetch
import SitegenModel
import SitegenRender
import SitegenTheme

/// `sitegen init [DIR]`: a ready site folder, as `hugo new site` and `zola init` make one.
public struct InitCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "init",
        abstract:
            "Create a new site folder: notes, theme folders, a history folder, sitegen's own source and a publishing "
                + "workflow.",
        discussion: """
        The site keeps every day from --since (default: yesterday in Korea, the day it starts) and only grows: the \
        workflow in .github/workflows/sitegen.yml builds it every morning with `sitegen build --since`, fetching \
        within KOBIS's daily quota, and commits what it fetched to history/ so losing the API cache never loses the \
        history. vendor/sitegen holds the source of this sitegen, which the workflow builds, so the site is published \
        by the very version that made it. The stock theme is built into sitegen, so Templates/ and Public/ start \
        empty: a file put there replaces the stock file of the same name (Templates/partials/footer.mustache replaces \
        just the footer). With --eject they start as full copies of the stock theme to edit. DIR must be empty unless \
        --force; an existing file is never overwritten.
        """)

    @Argument(help: "The folder to create or fill (default: the current folder).")
    public var directory: String = "."

    @Flag(help: "Copy the whole stock theme into Templates/ and Public/ to edit it.")
    public var eject = false

    @Flag(help: "Fill a folder that is not empty (existing files are still never overwritten).")
    public var force = false

    @Option(
        help: ArgumentHelp(
            "The first day the site keeps (default: yesterday in Korea). 2004-01-01 backfills the whole history, a few "
                + "mornings of quota.",
            valueName: "yyyy-mm-dd"))
    public var since: String?

    public init() {}

    public func run() async throws {
        let console = Console.forCommand(quiet: false, environment: ProcessInfo.processInfo.environment)
        try await console.reportingErrors {
            let folder = URL(fileURLWithPath: directory)
            let first = try Self.firstDay(since, now: Date())
            if first.clamped {
                console.note("note: KOBIS's first daily chart is \(BuildPlan.firstKOBISDay.iso); the site starts there")
            }
            let report = try SiteStarter(folder: folder, eject: eject, force: force, since: first.day).create()
            // Named up to a few: a second `init --force` keeps hundreds (the vendored source).
            if !report.skipped.isEmpty {
                let named = report.skipped.prefix(5).joined(separator: ", ")
                let more = report.skipped.count > 5 ? " and \(report.skipped.count - 5) more" : ""
                console.note(
                    "init: kept \(report.skipped.count) \(report.skipped.count == 1 ? "file" : "files") of yours "
                        + "(never overwritten): \(named)\(more)")
            }
            let until = BuildPlan.yesterdayInSeoul(now: Date())
            if let line = Self.costNote(since: first.day, until: until) {
                console.note(line)
            }
            if let line = Self.sizeNote(since: first.day, until: until) { console.note(line) }
            console.summary(
                "init: created \(report.created.count) files in \(directory), keeping every day from \(first.day.iso); "
                    + "next: cd \(SettingText.shellQuoted(directory)) && sitegen build")
        }
    }
}

extension InitCommand {
    /// What filling the site from `since` costs with the options init writes (the market view on,
    /// regions off), and what regions would add: said when it takes more than one morning.
    static func costNote(since: Day, until: Day, budget: Int = CallBudget.defaultLimit) -> String? {
        guard since <= until else { return nil }
        let days = (0...(until.ordinal - since.ordinal)).map { since.adding(days: $0) }
        let plan = BackfillPlan.estimate(days: days, scopes: ChartScope.market)
        guard plan.runs(budget: budget) > 1 else { return nil }
        // Regions add only their own charts: the national ones and the films are counted above.
        var regions = BackfillPlan()
        regions.scoped = BackfillPlan.estimate(days: days, scopes: BackfillPlan.unknownRegions).scoped
        regions.scopedToFetch = regions.scoped
        return "note: filling the history from \(since.iso) takes \(plan.cost(budget: budget)) with the market view "
            + "(on by default; market = false saves \(Count.grouped(plan.scoped)) calls); the site publishes what it "
            + "has meanwhile. regions = true would add \(regions.cost(budget: budget))"
    }

    /// What the site will weigh once its history is filled in, as `init` writes it (the market view
    /// and share cards on, posters downloaded, a base URL from the workflow): said for a range of
    /// a month or more, where it starts to matter.
    static func sizeNote(since: Day, until: Day) -> String? {
        guard since <= until, until.ordinal - since.ordinal >= 30 else { return nil }
        let days = (0...(until.ordinal - since.ordinal)).map { since.adding(days: $0) }
        var config = SiteConfig()
        config.baseURL = URL(string: "https://example.github.io/site/")
        return PublishedSize.planLine(days: days, config: config).map { "note: " + $0 }
    }

    static func firstDay(_ text: String?, now: Date) throws -> (day: Day, clamped: Bool) {
        let latest = BuildPlan.yesterdayInSeoul(now: now)
        guard let text else { return (latest, false) }
        guard let day = Day(iso: text) else {
            throw UsageError("--since '\(text)' is not a real date in the form YYYY-MM-DD")
        }
        guard day <= latest else {
            throw UsageError(
                "--since \(day.iso) has no chart yet: KOBIS publishes up to yesterday in Korea (\(latest.iso))")
        }
        return day < BuildPlan.firstKOBISDay ? (BuildPlan.firstKOBISDay, true) : (day, false)
    }
}

/// The files of a new site, written without overwriting anything.
struct SiteStarter {
    let folder: URL
    let eject: Bool
    let force: Bool
    var since = BuildPlan.firstKOBISDay

    struct Report { var created: [String] = []; var skipped: [String] = [] }

    func files() -> [(path: String, contents: Data)] {
        var files: [(String, Data)] = [
            ("README.md", Data(Self.readme.utf8)),
            (".gitignore", Data(Self.gitignore.utf8)),
            (SiteFile.defaultName, Data(Self.siteFile(since: since).utf8)),
            ("Public/custom.css", Data(Self.customStyle.utf8)),
            ("Notes/site.md", Data(Self.siteNote.utf8)),
            ("history/README.md", Data(Self.historyNote.utf8)),
            ("history/.gitignore", Data(HistoryStore.ignoreFile.utf8)),
        ]
        if let workflow = EmbeddedTheme.files(in: "deploy").first(where: { $0.path == "github-pages.yml" }) {
            // As it is: the workflow reads the first day from sitegen.toml, the one place it lives.
            files.append((".github/workflows/sitegen.yml", workflow.contents))
        }
        files += Self.vendoredSource()
        if eject {
            files += EmbeddedTheme.files(in: "Templates").map { ("Templates/" + $0.path, $0.contents) }
            files += EmbeddedTheme.files(in: "Public").map { ("Public/" + $0.path, $0.contents) }
        }
        return files
    }

    func create() throws -> Report {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw InputError("\(folder.path) is a file, not a folder") }
            let existing = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
            if !existing.isEmpty && !force {
                throw UsageError(
                    "\(folder.path) is not empty; pass --force to add the missing files (none is overwritten)")
            }
        }
        var report = Report()
        for folderName in ["Templates", "Public", "Notes"] {
            try makeFolder(folder.appendingPathComponent(folderName))
        }
        for (path, contents) in files() {
            let url = folder.appendingPathComponent(path)
            if fm.fileExists(atPath: url.path) { report.skipped.append(path); continue }
            try makeFolder(url.deletingLastPathComponent())
            // O_EXCL: a file that appeared meanwhile is still never overwritten.
            let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard fd >= 0 else {
                if errno == EEXIST { report.skipped.append(path); continue }
                throw InputError("cannot create \(url.path): \(String(cString: strerror(errno)))")
            }
            defer { close(fd) }
            let written = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written == contents.count else {
                throw InputError("cannot write \(url.path): \(String(cString: strerror(errno)))")
            }
            report.created.append(path)
        }
        return report
    }

    private func makeFolder(_ url: URL) throws {
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw InputError("cannot create the folder \(url.path)")
        }
    }

    /// The source this binary was built from (embedded at build time), for the workflow to build.
    static func vendoredSource() -> [(String, Data)] {
        var files: [(String, Data)] = []
        for (folder, target) in [
            ("Sources", "Sources"), ("Plugins", "Plugins"), ("Templates", "Templates"), ("Public", "Public"),
            ("deploy", "docs/deploy")
        ] {
            files += EmbeddedTheme.files(in: folder).map { ("vendor/sitegen/\(target)/" + $0.path, $0.contents) }
        }
        if let manifest = EmbeddedTheme.file("Package.swift") {
            files.append(("vendor/sitegen/Package.swift", manifest))
        }
        return files
    }

    /// What sitegen writes beside `_site` (the lock, the manifest of the last build, a staging
    /// folder while it writes) is its own bookkeeping, never the site's source.
    static let gitignore = """
    _site/
    ._site.sitegen-*
    _preview/
    ._preview.sitegen-*
    .sitegen-cache/
    .sitegen-bin/
    vendor/sitegen/.build/

    """

    static func siteFile(since: Day) -> String {
        """
        # The site's settings: `sitegen build` and `sitegen serve` read them; an option given on the
        # command line overrides its setting here (--no-cards, --base-url …).

        # The site's name: in every page's title, the header, the feed and share cards.
        name = "\(SiteConfig.stockName)"
        # What the site is, for the feed and the installed app.
        description = "\(SiteConfig.stockDescription)"
        # Who writes it: the feed's author (default: the site's name).
        # author = "편집부"

        # The published address, for the sitemap, the feed and share cards. The workflow passes
        # GitHub Pages' own address, which overrides this.
        # base_url = "https://example.com/boxoffice/"

        # The first day the site keeps; it only grows from there. The workflow reads it from here too,
        # so this is the one place to change it.
        since = \(since.iso)

        # posters = "download"   # or "hotlink": link posters where image search found them
        # market = true          # the 한국·외국·다양성 charts (3 KOBIS calls a day)
        # regions = false        # the 17 시·도's charts (17 KOBIS calls a day)
        # cards = true           # share cards (og:image); they need base_url
        # app = true             # the installable app and offline reading
        # english = false        # also the English edition under en/

        # [en]
        # name = "Korean Box Office Daily"
        # description = "The Korean daily box office, with every film's run"

        """
    }

    static let customStyle = """
    /* Rules added on top of sitegen's stock theme: this file is linked after it, so a rule here wins.
       Colours are variables, light and dark:
       :root { --accent: #0057b8; }
       @media (prefers-color-scheme: dark) { :root { --accent: #6ea8ff; } }
       A file named style.css here would replace the whole stock stylesheet instead. */

    """

    static let historyNote = """
    # history/

    Every answer sitegen fetched for this site that will not change any more: the daily charts,
    the weekly and weekend charts, each film's details and poster choice, one small file each.
    The workflow commits what each morning adds, so the site's whole history lives in this
    repository: a lost API cache is refilled from here, costing one morning's calls, not the
    history. `sitegen build` reads this folder by default when it exists (`--history` names
    another). Do not edit these files; a damaged one is discarded and fetched again.

    """

    /// Instructions, not a note: the build recognises them and publishes nothing until they change.
    static let siteNote = Inputs.sampleSiteNote

    static let readme = """
    # A sitegen site

    `sitegen build` makes the site in `_site/` (`sitegen serve` previews it). Without
    `KOBIS_API_KEY` it builds from sitegen's demo source, and every page says so.

    - `Notes/` — Markdown notes: `site.md` on the home page, `date/YYYY-MM-DD.md` on that day,
      `movie/<movieCd>.md` on that film's page.
    - `Templates/` — empty means sitegen's stock theme. A file here replaces the stock file of the
      same name, one at a time: `Templates/partials/footer.mustache` changes only the footer.
      `sitegen init --eject` copies the whole stock theme here to edit.
    - `sitegen.toml` — the site's name, description and author, its address, its first day and the
      options it is built with. A command-line option overrides its setting.
    - `Public/` — copied into the site as it is. `Public/custom.css` holds rules added on top of the
      stock theme (linked after it). Any other file replaces the stock asset of the same name
      (`Public/style.css` would replace the whole stylesheet) or is added beside them.
    - `history/` — every final answer fetched, committed by the workflow each morning: the site's
      history lives here, so it only grows and survives a lost cache.
    - `vendor/sitegen/` — the source of the sitegen that made this site; the workflow builds it.
    - `.github/workflows/sitegen.yml` — every morning fetches yesterday (and, within KOBIS's daily
      quota, any days still missing since `sitegen.toml`'s `since`), rebuilds the site, publishes it to
      GitHub Pages and commits `history/`. Push the repository to GitHub, add the secret
      `KOBIS_API_KEY` (Settings → Secrets and variables → Actions) and choose "GitHub Actions" as
      the Pages source; the next morning the site is live. A failed morning is tried again at
      11:30 and 13:30 KST, and opens the issue "The morning build failed" (GitHub mails it to the
      repository's watchers), which the next good run closes. After 50 quiet days an empty commit
      keeps GitHub from disabling the schedule.

    Locally, `sitegen build` builds the same site, from the first day `sitegen.toml` gives (from the
    demo source without `KOBIS_API_KEY`).

    """
}
