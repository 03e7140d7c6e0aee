import Foundation
import SitegenFetch
import SitegenModel
import SitegenRender

/// Everything a build needs, resolved from options, environment and the clock: the one place
/// "now" is read, so the rest of the pipeline is a function of its inputs.
public struct BuildPlan: Sendable {
    public var days: [Day]
    public var output: URL
    public var templates: URL
    public var templatesLabel: String
    public var publicFolder: URL
    public var notes: URL
    public var cache: URL
    public var settings: SiteSettings
    public var source: any BoxOfficeSource
    public var jobs: Int
    public var buildTime: Date

    public init(days: [Day], output: URL, templates: URL, templatesLabel: String? = nil, publicFolder: URL, notes: URL,
                cache: URL, settings: SiteSettings, source: any BoxOfficeSource, jobs: Int, buildTime: Date) {
        self.days = days; self.output = output; self.templates = templates
        self.templatesLabel = templatesLabel ?? templates.path; self.publicFolder = publicFolder
        self.notes = notes; self.cache = cache; self.settings = settings; self.source = source
        self.jobs = jobs; self.buildTime = buildTime
    }

    /// KOBIS aggregates up to yesterday, Korean time, whatever zone the build machine is in.
    public static func yesterdayInSeoul(now: Date) -> Day { Day(instant: now).adding(days: -1) }

    public static func resolve(_ options: BuildOptions, environment: [String: String], now: Date,
                               workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) throws -> BuildPlan {
        let latest = yesterdayInSeoul(now: now)
        var until = latest
        if let text = options.until {
            guard let day = Day(iso: text) else { throw UsageError("--until '\(text)' is not a real date in the form YYYY-MM-DD") }
            // Refused rather than clamped: a user asking for a future day has a wrong date in mind.
            guard day <= latest else {
                throw UsageError("--until \(day.iso) has no chart yet: KOBIS publishes up to yesterday in Korea (\(latest.iso)); use an earlier date or leave --until out")
            }
            until = day
        }
        let days = (0..<options.days).map { until.adding(days: $0 - options.days + 1) }

        let key = environment["KOBIS_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let source: any BoxOfficeSource
        if options.demo || key.isEmpty {
            source = DemoSource()
        } else {
            throw UsageError("KOBIS_API_KEY is set, but this version of sitegen cannot fetch live data yet; pass --demo to build from the demo source")
        }

        var buildTime = now
        if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int64(epoch) else { throw UsageError("SOURCE_DATE_EPOCH '\(epoch)' is not a whole number of seconds") }
            buildTime = Date(timeIntervalSince1970: Double(seconds))
        }
        func url(_ path: String) -> URL {
            let expanded = (path as NSString).expandingTildeInPath
            return URL(fileURLWithPath: expanded, relativeTo: workingDirectory).standardizedFileURL
        }
        return BuildPlan(
            days: days, output: url(options.output), templates: url(options.templates), templatesLabel: options.templates,
            publicFolder: url(options.publicFolder), notes: url(options.notes), cache: url(options.cache),
            settings: SiteSettings(baseURL: options.baseURL.flatMap(parseBaseURL)), source: source,
            jobs: options.jobs, buildTime: buildTime)
    }

    static func parseBaseURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil else { return nil }
        return url
    }
}

/// A problem with what the user asked for; exits like ArgumentParser's validation errors.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
