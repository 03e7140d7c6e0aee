import Foundation
import SitegenBasics
import SitegenBuild
import SitegenDemo
import SitegenFetch
import SitegenModel
import SitegenRender

/// Resolved from options, environment and the clock: the one place "now" is read, so the rest of
/// the pipeline is a function of its inputs.
extension BuildPlan {
    /// KOBIS's daily charts begin here; nothing earlier exists to fetch or imitate.
    public static let firstKOBISDay = Day(year: 2003, month: 11, day: 11)!

    /// KOBIS aggregates up to yesterday, Korean time, whatever zone the build machine is in.
    public static func yesterdayInSeoul(now: Date) -> Day { Day(instant: now).adding(days: -1) }

    /// `clock` stamps fetched responses; tests pin it to play out days of rebuilds.
    public static func resolve(
        _ options: BuildOptions, environment: [String: String], now: Date,
        clock: @escaping @Sendable () -> Date = Date.init,
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) throws -> BuildPlan {
        try resolve(
            range: options.range, site: options.site, environment: environment, now: now, clock: clock,
            workingDirectory: workingDirectory)
    }

    public static func resolve(
        range: RangeOptions, site options: SiteOptions, environment: [String: String], now: Date,
        clock: @escaping @Sendable () -> Date = Date.init,
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) throws -> BuildPlan {
        func url(_ path: String) -> URL {
            let expanded = (path as NSString).expandingTildeInPath
            return URL(fileURLWithPath: expanded, relativeTo: workingDirectory).standardizedFileURL
        }
        // The site file first: it fills in what the command line leaves out.
        var range = range
        let fileLabel = options.config ?? SiteFile.defaultName
        let file = try SiteFile.load(url(fileLabel), label: fileLabel, required: options.config != nil)
        if let file, range.days == nil, range.since == nil { range.since = file.since }
        let config = SiteConfig(file: file, site: options, range: range)
        let latest = yesterdayInSeoul(now: now)
        var until = latest
        if let text = range.until {
            guard let day = Day(iso: text) else {
                throw UsageError("--until '\(text)' is not a real date in the form YYYY-MM-DD")
            }
            // Refused rather than clamped: a user asking for a future day has a wrong date in mind.
            guard day <= latest else {
                throw UsageError(
                    "--until \(day.iso) has no chart yet: KOBIS publishes up to yesterday in Korea (\(latest.iso)); "
                        + "use an earlier date or leave --until out"
                )
            }
            until = day
        }
        let (days, rangeNotes): ([Day], [String])
        do { (days, rangeNotes) = try range.days(until: until) } catch let error as UsageError {
            // A first day from the site file is the file's mistake, not an option never given.
            guard let line = file?.sinceLine, range.since == file?.since, error.description.hasPrefix("--since")
            else { throw error }
            throw UsageError(
                "\(fileLabel):\(line): " + error.description.replacingOccurrences(of: "--since", with: "since"))
        }
        let output = url(options.output)
        try checkSiteFile(url(fileLabel), option: options.config == nil ? "the site file" : "--config", output: output)
        let templates = options.templates ?? "Templates", publicFolder = options.publicFolder ?? "Public"
        // `history` is the default only where the folder exists (as `sitegen init` makes it).
        let historyText =
            range.history ?? (FileManager.default.fileExists(atPath: url("history").path) ? "history" : nil)
        // A default input folder that is not there is read as nothing; the cache and history are
        // written, so they are checked whether or not they exist yet.
        let unnamed = [options.templates == nil, options.publicFolder == nil, options.notes == "Notes", false]
        try checkFolders(
            output: output,
            zip([
                ("--templates", templates), ("--public", publicFolder),
                ("--notes", options.notes), ("--cache", range.cache)
            ], unnamed).map { ($0.0.0, $0.0.1, url($0.0.1), $0.1) }
                + (historyText.map { [("--history", $0, url($0), false)] } ?? []))
        let history = historyText.map { HistoryStore.open(folder: url($0)) }
        let budget = CallBudget(limit: range.budget)
        let key = environment["KOBIS_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        // An unset secret on a CI service arrives as an empty variable: building the demo then
        // would publish fictional films with a green tick. Only an absent key (or --demo) means demo.
        if environment["KOBIS_API_KEY"] != nil, key.isEmpty, !options.demo, options.demoScale == nil, !options.offline {
            throw UsageError(
                "KOBIS_API_KEY is set but empty; give it your KOBIS key, or unset it (or pass --demo) to build from "
                    + "the fictional demo source")
        }
        let kakaoKey = (environment["KAKAO_REST_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap {
            $0.isEmpty ? nil : $0
        }
        let monitor = FetchMonitor()
        let cacheFolder = url(range.cache)
        let cache = ResponseCache(folder: cacheFolder)
        // Made here, read only if a live or offline source asks the cache.
        let memo = AnswerMemo(folder: cacheFolder, identity: BuildIdentity.restorable)
        StoreTemporaries(store: cacheFolder).sweep()
        let source: any BoxOfficeSource
        var caching: CachingClient?
        var timeout = 10
        if options.demo || options.demoScale != nil || (key.isEmpty && !options.offline) {
            source = DemoSource(
                memoIn: cacheFolder, identity: BuildIdentity.restorable, scale: options.demoScale ?? .small)
        } else if options.offline {
            // Reading the cache needs no key, so --offline works without one.
            let postersCached =
                FileManager.default.fileExists(
                    atPath: cache.url(for: .posterSearch(query: "")).deletingLastPathComponent().path)
                || (history?.url(for: .posterSearch(query: "")).map {
                    FileManager.default.fileExists(atPath: $0.deletingLastPathComponent().path)
                } ?? false)
            let client = CachingClient(
                cache: cache, upstream: nil, monitor: monitor, now: now, history: history,
                memo: memo)
            caching = client
            source = APISource(client: client, searchesPosters: kakaoKey != nil || postersCached)
        } else {
            timeout = try networkTimeout(environment["SITEGEN_NETWORK_TIMEOUT"])
            // The variable is for the same exceptions where options are awkward (CI, containers).
            let posterHosts: PosterHosts
            do {
                posterHosts = try PosterHosts(
                    allowing: options.allowPosterHosts
                        + [environment["SITEGEN_ALLOW_POSTER_HOSTS"] ?? ""].filter { !$0.isEmpty })
            } catch { throw UsageError("--allow-poster-host or SITEGEN_ALLOW_POSTER_HOSTS: \(error)") }
            let live = LiveSettings(
                kobisKey: key, kakaoKey: kakaoKey,
                kobisBase: try serviceURL(
                    environment["KOBIS_BASE_URL"], fallback: LiveSettings.defaultKOBISBase, variable: "KOBIS_BASE_URL"),
                kakaoBase: try serviceURL(
                    environment["KAKAO_BASE_URL"], fallback: LiveSettings.defaultKakaoBase, variable: "KAKAO_BASE_URL"),
                jobs: range.jobs, timeoutSeconds: timeout, posterHosts: posterHosts)
            let client = CachingClient(
                cache: cache, upstream: LiveSource(settings: live, monitor: monitor, clock: clock),
                monitor: monitor, now: now, history: history, budget: budget,
                memo: memo)
            caching = client
            source = APISource(client: client, searchesPosters: kakaoKey != nil)
        }

        var buildTime = now
        if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int64(epoch) else {
                throw UsageError("SOURCE_DATE_EPOCH '\(epoch)' is not a whole number of seconds")
            }
            buildTime = Date(timeIntervalSince1970: Double(seconds))
        }
        if options.strict, config.cards, config.baseURL == nil {
            throw UsageError(
                "--strict: share cards are on but need the site's address; give --base-url (base_url in "
                    + "\(fileLabel)), or turn them off (cards = false, or --no-cards)")
        }
        return BuildPlan(
            days: days, output: output, templates: url(templates), templatesLabel: templates,
            publicFolder: url(publicFolder), notes: url(options.notes), cache: cacheFolder,
            themeFoldersRequired: (templates: options.templates != nil, public: options.publicFolder != nil),
            config: config, source: source, caching: caching, jobs: range.jobs, buildTime: buildTime, monitor: monitor,
            posterStageSeconds: Double(timeout * 12), rangeNotes: rangeNotes, history: history?.folder,
            budget: budget, accumulating: range.since != nil, strict: options.strict, today: Day(instant: now),
            profiling: environment["SITEGEN_PROFILE"] == "1", siteFile: url(fileLabel))
    }

    /// The site file inside the output is read by this build, then removed by it as a name no
    /// build wrote (or swapped away with the old folder): refused, as the input folders are.
    static func checkSiteFile(_ file: URL, option: String, output: URL) throws {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        let site = output.resolvingSymlinksInPath().path, path = file.resolvingSymlinksInPath().path
        if path.hasPrefix(site == "/" ? "/" : site + "/") {
            throw UsageError(
                "\(option) \(ErrorText.printable(path)) is inside --output \(ErrorText.printable(site)); "
                    + "keep the site file out of the folder that is replaced")
        }
    }

    /// An input folder that is empty, is the output, lies inside it or holds it would read the
    /// site (or its staging folder) back into itself.
    static func checkFolders(
        output: URL, _ folders: [(option: String, text: String, url: URL, defaultAndRead: Bool)]
    ) throws {
        let site = output.resolvingSymlinksInPath().path
        for folder in folders {
            guard !folder.text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError("\(folder.option) is empty; name a folder")
            }
            let path = folder.url.resolvingSymlinksInPath().path
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            if exists, !isFolder.boolValue {
                throw UsageError("\(folder.option) \(ErrorText.printable(path)) is a file, not a folder; name a folder")
            }
            // A default folder that is not there reads nothing back (`--output .` in a folder with
            // no Templates/ was refused for a Templates/ nobody had named).
            if !exists && folder.defaultAndRead { continue }
            if path == site || path.hasPrefix(site + "/") {
                throw UsageError(
                    "\(folder.option) \(ErrorText.printable(path)) is inside --output \(ErrorText.printable(site)); "
                        + "keep inputs out of the folder that is replaced"
                )
            }
            if site.hasPrefix(path == "/" ? "/" : path + "/") {
                throw UsageError(
                    "\(folder.option) \(ErrorText.printable(path)) contains --output \(ErrorText.printable(site)); put "
                        + "the output elsewhere or name a narrower folder"
                )
            }
        }
    }

    static func serviceURL(_ text: String?, fallback: URL, variable: String) throws -> URL {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return fallback }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false else {
            throw UsageError("\(variable) '\(text)' must be an http(s) URL")
        }
        return url
    }

    /// Seconds a request may wait for its next byte; a download may take three times that, and
    /// the poster stage twelve. Whole seconds: Linux's URLSession rounds anything else.
    static func networkTimeout(_ text: String?) throws -> Int {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return 10 }
        guard let seconds = Int(text), (1...600).contains(seconds) else {
            throw UsageError("SITEGEN_NETWORK_TIMEOUT '\(text)' must be a whole number of seconds from 1 to 600")
        }
        return seconds
    }

    static func parseBaseURL(_ text: String) -> URL? {
        SettingText.baseURLProblem(text) == nil ? URL(string: text) : nil
    }
}

extension SiteConfig {
    /// Each setting once: the command line's, else the site file's, else the stock default.
    init(file: SiteFile?, site options: SiteOptions, range: RangeOptions) {
        self.init(
            name: file?.name ?? SiteConfig.stockName, description: file?.description, author: file?.author,
            baseURL: (options.baseURL ?? file?.baseURL).flatMap(BuildPlan.parseBaseURL),
            english: options.english ?? file?.english ?? false,
            englishName: file?.englishName, englishDescription: file?.englishDescription,
            posters: options.hotlinkPosters.map { $0 ? .hotlink : .download } ?? file?.posters ?? .download,
            market: range.market ?? file?.market ?? true, regions: range.regions ?? file?.regions ?? false,
            cards: options.cards ?? file?.cards ?? true, app: options.app ?? file?.app ?? true)
    }
}

extension RangeOptions {
    /// The days to build, oldest first. A range reaching back past KOBIS's first chart starts
    /// there instead, said in one note (not one error per day that cannot exist).
    func days(until: Day) throws -> (days: [Day], notes: [String]) {
        let first = BuildPlan.firstKOBISDay
        guard until >= first else {
            throw UsageError("--until \(until.iso) is before KOBIS's first chart (\(first.iso)); pick a later date")
        }
        let available = until.ordinal - first.ordinal + 1
        var start: Day
        var asked: String
        if let text = since {
            guard let day = Day(iso: text) else {
                throw UsageError("--since '\(text)' is not a real date in the form YYYY-MM-DD")
            }
            guard day <= until else {
                throw UsageError("--since \(day.iso) is after --until \(until.iso); pick an earlier --since")
            }
            start = day
            asked = "--since \(day.iso)"
        } else {
            let count = days ?? 30
            // Clamped before any date arithmetic, so a huge --days cannot overflow.
            start = count > available ? Day(ordinal: first.ordinal - 1) : until.adding(days: 1 - count)
            asked = "--days \(count)"
        }
        var notes: [String] = []
        if start < first {
            notes.append(
                "note: \(asked) reaches back before KOBIS's first daily chart (\(first.iso)); the site starts there")
            start = first
        }
        return ((0...(until.ordinal - start.ordinal)).map { start.adding(days: $0) }, notes)
    }
}

/// A problem with what the user asked for; exits like ArgumentParser's validation errors.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
