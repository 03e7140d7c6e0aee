import Foundation
import SitegenBasics
import SitegenFetch
import SitegenModel
import SitegenRender

/// Everything a build needs. The CLI resolves it from options, environment and the clock
/// (`BuildPlan.resolve`, the one place "now" is read), so the pipeline is a function of its inputs.
public struct BuildPlan: Sendable {
    public var days: [Day]
    public var output: URL
    public var templates: URL
    public var templatesLabel: String
    public var publicFolder: URL
    /// Whether the user named `--templates` / `--public`: a named folder must exist, while a
    /// missing default one means the built-in stock theme alone.
    public var themeFoldersRequired: (templates: Bool, public: Bool)
    public var notes: URL
    public var cache: URL { didSet { store = KeptStore(cache: cache) } }
    /// What this run keeps in the cache folder for the next (posters' copies, cards), with what
    /// it used of it, for pruning after a whole successful build.
    public private(set) var store: KeptStore
    /// The site's settings (the site file's, under the command line's).
    public var config: SiteConfig
    public var source: any BoxOfficeSource
    /// The cache behind `source` when the data is KOBIS's (live or offline), for what plans from
    /// it without fetching (`sitegen fetch`'s backfill plan); nil for the demo.
    public var caching: CachingClient?
    public var jobs: Int
    public var buildTime: Date
    public var monitor: FetchMonitor
    /// Seconds the whole poster stage may take; posters not started by then are warned and left out.
    public var posterStageSeconds: Double
    /// Said once before fetching: the days of a range that lie before KOBIS's first chart.
    public var rangeNotes: [String]
    /// The durable copy of every final answer, when the site keeps one.
    public var history: URL?
    /// The KOBIS calls this run may make.
    public var budget: CallBudget
    /// The range is a history that only grows (`--since`), not a window: days still missing
    /// from an unfinished backfill are left out rather than failing the build.
    public var accumulating: Bool
    /// `--strict`: a feature that is on but cannot be made fails the build instead of being left
    /// out with a warning, so an unattended run is red rather than green with less than asked for.
    public var strict: Bool
    /// Today in Korea, as the clock said when the plan was made: the openings page lists this week's
    /// films when the range reaches it (nil: no openings, as in a test's fixed range).
    public var today: Day?
    /// `SITEGEN_PROFILE=1`: each step said as it ends, with what a rebuild renders again and the
    /// share cards drawn, for finding what to optimise.
    public var profiling: Bool
    /// The site file the settings came from (read once, at the start: `serve` watches it).
    public var siteFile: URL?

    /// All of it at once (the CLI's `resolve` makes one): what is not given is a test's default.
    public init(
        days: [Day], output: URL, templates: URL, templatesLabel: String? = nil, publicFolder: URL, notes: URL,
        cache: URL, themeFoldersRequired: (templates: Bool, public: Bool) = (true, true), config: SiteConfig,
        source: any BoxOfficeSource, caching: CachingClient? = nil, jobs: Int, buildTime: Date,
        monitor: FetchMonitor = FetchMonitor(), posterStageSeconds: Double = 120, rangeNotes: [String] = [],
        history: URL? = nil, budget: CallBudget = CallBudget(limit: nil), accumulating: Bool = false,
        strict: Bool = false, today: Day? = nil, profiling: Bool = false, siteFile: URL? = nil
    ) {
        self.themeFoldersRequired = themeFoldersRequired
        self.days = days; self.output = output; self.templates = templates
        self.templatesLabel = templatesLabel ?? templates.path; self.publicFolder = publicFolder
        self.notes = notes; self.cache = cache; store = KeptStore(cache: cache)
        self.config = config; self.source = source; self.caching = caching
        self.jobs = jobs; self.buildTime = buildTime; self.monitor = monitor
        self.posterStageSeconds = posterStageSeconds; self.rangeNotes = rangeNotes; self.history = history
        self.budget = budget; self.accumulating = accumulating; self.strict = strict; self.today = today
        self.profiling = profiling; self.siteFile = siteFile
    }
}
