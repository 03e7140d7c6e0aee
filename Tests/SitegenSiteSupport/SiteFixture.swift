import Foundation
import Testing
import SitegenBuild
import SitegenCLI
import SitegenDemo
import SitegenFetch
import SitegenModel
import SitegenRender
import SitegenTestSupport

/// Builds whole demo sites into temporary folders, the way a user's build does.
public enum SiteFixture {
    public static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    public static let buildTime = Date(timeIntervalSince1970: 1_707_800_000)

    public static func temporaryFolder() throws -> URL {
        try TestFolders.make()
    }

    public static func writeNotes(_ notes: [String: String], in folder: URL) throws -> URL {
        let root = folder.appendingPathComponent("Notes")
        for (path, text) in notes {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    public final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        public init() {}
        public func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
        public var lines: [String] { lock.lock(); defer { lock.unlock() }; return items }
    }

    @discardableResult
    public static func build(into output: URL, days: Int = 14, until: String = "2024-02-10", notes: URL? = nil,
                      templates: URL = repo.appendingPathComponent("Templates"),
                      publicFolder: URL = repo.appendingPathComponent("Public"), baseURL: String? = nil,
                      source: any BoxOfficeSource = DemoSource(), hotlinkPosters: Bool = false, buildTime: Date = SiteFixture.buildTime,
                      regions: Bool = false, market: Bool = true, cards: Bool = false, app: Bool = true,
                      cache: URL? = nil, english: Bool = false, today: Day? = nil,
                      log: Log = Log()) async throws -> BuildSummary {
        let last = Day(iso: until)!
        let plan = BuildPlan(
            days: (0..<days).map { last.adding(days: $0 - days + 1) }, output: output, templates: templates,
            publicFolder: publicFolder,
            notes: notes ?? output.deletingLastPathComponent().appendingPathComponent("no-notes"),
            cache: cache ?? output.deletingLastPathComponent().appendingPathComponent("cache"),
            config: SiteConfig(baseURL: baseURL.flatMap(URL.init(string:)), english: english,
                               posters: hotlinkPosters ? .hotlink : .download, market: market, regions: regions,
                               cards: cards, app: app),
            source: source, jobs: 4, buildTime: buildTime, today: today)
        return try await Pipeline(plan: plan, console: Console(quiet: false) { _, line in log.add(line) }).build()
    }

    /// A templates folder that fails only once a page is rendered (after the fetch): a partial
    /// that includes itself through a section.
    public static func templatesFailingAtRender(in folder: URL) throws -> URL {
        let templates = folder.appendingPathComponent("T")
        try FileManager.default.createDirectory(
            at: templates.appendingPathComponent("partials"), withIntermediateDirectories: true)
        try "{{#site}}{{> partials/footer}}{{/site}}".write(
            to: templates.appendingPathComponent("partials/footer.mustache"), atomically: true, encoding: .utf8)
        return templates
    }

    /// Every file under `root`, by relative path.
    public static func files(_ root: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let prefix = root.resolvingSymlinksInPath().path + "/"
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])!
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            out[String(url.resolvingSymlinksInPath().path.dropFirst(prefix.count))] = try Data(contentsOf: url)
        }
        return out
    }

    public static func text(_ root: URL, _ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// One chart as its year's data file holds it: a day's from `data/2024.json`, a week's or
    /// weekend's (`kind`, by its first day) from `data/week/2024.json`, a filter's under
    /// `data/korean/`. Fails the test when the file or the chart is missing.
    public static func chart(_ root: URL, _ iso: String, kind: String? = nil) throws -> [String: Any] {
        let day = try #require(Day(iso: iso))
        var path = "data/"
        if let kind { path += kind + "/" }
        path += "\(day.year).json"
        let file = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent(path))) as? [String: Any])
        let charts = try #require(file["charts"] as? [[String: Any]], "\(path) has no charts")
        let columns = try #require(file["columns"] as? [String], "\(path) has no columns")
        var chart = try #require(charts.first { $0[kind == nil ? "date" : "start"] as? String == iso }, "\(path) has no \(iso)")
        // Each row as the object it stands for, its columns the keys (a blank value left out).
        let rows = try #require(chart["rows"] as? [[Any]])
        chart["entries"] = rows.map { row in
            Dictionary(uniqueKeysWithValues: zip(columns, row).filter { !($0.1 is NSNull) })
        }
        return chart
    }
}
