import ArgumentParser
import Foundation
import SitegenBuild
import SitegenDemo
import SitegenFetch
import SitegenModel

/// What to fetch: shared by `build` and `fetch`.
public struct RangeOptions: ParsableArguments, Sendable {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "A window: how many days of charts, ending at --until (default 30; up to KOBIS's whole history).",
            valueName: "n"))
    public var days: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A history that only grows: every day from this date to --until (instead of --days).",
            valueName: "yyyy-mm-dd"))
    public var since: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Last chart date (default: yesterday in Asia/Seoul; KOBIS publishes up to yesterday).",
            valueName: "yyyy-mm-dd"))
    public var until: String?

    @Option(name: .long, help: ArgumentHelp("Raw API responses and poster lookups.", valueName: "dir"))
    public var cache: String = ".sitegen-cache"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A folder that keeps every final answer for good, for a repository to commit: a lost --cache is refilled "
                + "from it (default: history, if it exists).",
            valueName: "dir"))
    public var history: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "At most this many KOBIS calls in this run (KOBIS allows 3,000 a day); a run that reaches it stops cleanly "
                + "and the next one goes on.",
            valueName: "n"))
    public var budget: Int = CallBudget.defaultLimit

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Concurrent requests (1…64).", valueName: "n"))
    public var jobs: Int = 6

    // Each switch has both spellings, so the command line can override the site file either way.
    @Flag(
        name: .customLong("market"), inversion: .prefixedNo,
        help: "The 한국영화, 외국영화 and 다양성영화 charts (3 KOBIS calls a day and a week or weekend; default on).")
    public var market: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: "Each of the 17 시·도's daily and weekly charts for region pages (17 KOBIS calls a day; default off).")
    public var regions: Bool?

    @Flag(name: .long, help: "Print nothing but errors.")
    public var quiet = false

    public init() {}

    public func validate() throws {
        if let days, days < 1 {
            throw ValidationError("--days must be 1 or more (got \(days))")
        }
        if days != nil, since != nil {
            throw ValidationError(
                "--since and --days both choose the first day; give one (--since for a history that grows, --days for "
                    + "a window)"
            )
        }
        if let since, Day(iso: since) == nil {
            throw ValidationError("--since '\(since)' is not a real date in the form YYYY-MM-DD")
        }
        guard budget >= 1 else {
            throw ValidationError("--budget must be 1 or more KOBIS calls (got \(budget))")
        }
        guard (1...64).contains(jobs) else {
            throw ValidationError("--jobs must be between 1 and 64 (got \(jobs))")
        }
        if let until, Day(iso: until) == nil {
            throw ValidationError("--until '\(until)' is not a real date in the form YYYY-MM-DD")
        }
    }
}

/// What to build from it (the options of docs/cli.md), reusable by `serve`.
public struct SiteOptions: ParsableArguments, Sendable {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The deployable folder: staged and swapped in whole on a first build, updated in place after that.",
            valueName: "dir"))
    public var output: String = "_site"

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "Absolute site URL, used where a format needs absolute URLs (sitemap, feed, canonical, og:url).",
            valueName: "url"))
    public var baseURL: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Mustache templates that replace the built-in theme's, file by file (default: Templates, if it exists).",
            valueName: "dir"))
    public var templates: String?

    @Option(
        name: .customLong("public"),
        help: ArgumentHelp(
            "Static assets copied as they are, replacing the built-in theme's of the same name (default: Public, if it "
                + "exists).",
            valueName: "dir"))
    public var publicFolder: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Markdown notes (site.md, date/YYYY-MM-DD.md, movie/<movieCd>.md); a missing folder is fine.",
            valueName: "dir"))
    public var notes: String = "Notes"

    @Flag(name: .long, help: "Use only the cache; a day or movie not in it is reported, never fetched. Needs no key.")
    public var offline = false

    @Flag(name: .long, help: "Build from the built-in demo source (fictional films), even with KOBIS_API_KEY set.")
    public var demo = false

    /// A developer's knob, so hidden: the demo at KOBIS's size (docs/data.md, "The real-sized
    /// world") to measure a real site's size and speed without a key. Implies --demo.
    @Option(
        name: .customLong("demo-world"),
        help: ArgumentHelp("The demo world's size: small (the default) or real (KOBIS's).", visibility: .hidden))
    public var demoWorld: String?

    /// The demo world asked for, or nil when none was.
    public var demoScale: DemoScale? { demoWorld.flatMap(DemoScale.init(word:)) }

    @Flag(
        name: .customLong("hotlink-posters"), inversion: .prefixedNo,
        help: "Link posters where image search found them instead of downloading and resizing them into the site.")
    public var hotlinkPosters: Bool?

    @Flag(
        name: .customLong("cards"), inversion: .prefixedNo,
        help: "The share cards (og:image, drawn with libvips; they need --base-url; default on).")
    public var cards: Bool?

    @Flag(
        name: .customLong("english"), inversion: .prefixedNo,
        help: "The English edition under en/ (English titles and names, dates and figures; default off).")
    public var english: Bool?

    // Not `--offline`/`--no-offline`: that would read as the negation of `--offline` (build from the cache).
    @Flag(
        name: .customLong("app"), inversion: .prefixedNo,
        help: "The web app manifest and the service worker that keeps pages for offline reading (default on).")
    public var app: Bool?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Fail when a feature that is on (share cards, the English edition, regions) cannot be made, instead of "
                + "leaving it out with a warning: for unattended builds (the workflow init writes passes it)."))
    public var strict = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The site file: its name, description, author and the options it keeps (default: sitegen.toml, if it "
                + "exists); options given here override it.",
            valueName: "file"))
    public var config: String?

    @Option(
        name: .customLong("allow-poster-host"),
        help: ArgumentHelp(
            "Also download posters from this address, range or host name (10.0.0.0/8, fd00::/8, posters.lan), which is "
                + "not public; repeatable. By default posters come only from public addresses.",
            valueName: "host"))
    public var allowPosterHosts: [String] = []

    public init() {}

    public func validate() throws {
        if let demoWorld, DemoScale(word: demoWorld) == nil {
            throw ValidationError("--demo-world takes small or real, not \(demoWorld)")
        }
        do { _ = try PosterHosts(allowing: allowPosterHosts) }
        catch { throw ValidationError("--allow-poster-host: \(error)") }
        if let baseURL, let problem = SettingText.baseURLProblem(baseURL) {
            throw ValidationError("--base-url \(problem)")
        }
    }
}

public struct BuildOptions: ParsableArguments, Sendable {
    @OptionGroup public var range: RangeOptions
    @OptionGroup public var site: SiteOptions
    public init() {}
    /// The two groups a command parsed side by side (see `BuildCommand`).
    public init(range: RangeOptions, site: SiteOptions) {
        self.range = range
        self.site = site
    }
}
