import Foundation
import SitegenModel

/// Render: (dataset, templates, notes, settings, build time) → files. Pure: no network, no clock,
/// no file system, so it is tested by calling it.
public enum SiteRenderer {
    public static func render(_ input: RenderInput) throws -> RenderedSite {
        let site = SiteModel(input)
        var files: [OutputFile] = []
        var messages: [String] = []
        var pages = 0
        func page(_ route: Route, _ template: String, _ context: [String: Any]) throws {
            files.append(OutputFile(path: route.path, text: try input.templates.render(template, context)))
            pages += 1
        }

        if let latest = site.days.last {
            try page(.home, "day", DayPage.context(site, chart: latest, route: .home, view: .list))
            try page(.homeGrid, "grid", DayPage.context(site, chart: latest, route: .homeGrid, view: .grid))
        }
        for chart in site.days {
            try page(.day(chart.date), "day", DayPage.context(site, chart: chart, route: .day(chart.date), view: .list))
            try page(.dayGrid(chart.date), "grid", DayPage.context(site, chart: chart, route: .dayGrid(chart.date), view: .grid))
            files.append(OutputFile(path: Route.dayData(chart.date).path, contents: try DataFiles.day(site, chart)))
            files.append(OutputFile(path: Route.dayCSV(chart.date).path, contents: CSVFiles.day(chart)))
        }
        for code in site.movieCodes {
            try page(.movie(code), "movie", MoviePage.context(site, code: code))
            files.append(OutputFile(path: Route.movieData(code).path, contents: try DataFiles.movie(site, code)))
            files.append(OutputFile(path: Route.movieCSV(code).path, contents: CSVFiles.movie(site.history[code] ?? [])))
            if site.dataset.posters[code] == nil {
                let title = site.title(of: code)
                let year = site.dataset.movies[code]?.openDate?.year ?? site.history[code]?.first?.entry.openDate?.year
                files.append(OutputFile(path: Route.poster(code).path, text: PlaceholderPoster.svg(code: code, title: title, year: year)))
            }
        }
        try page(.archive, "archive", ArchivePage.context(site))
        try page(.notFound, "404", site.base(.notFound, title: "페이지를 찾을 수 없습니다", description: "요청한 페이지가 없습니다.", kind: "not-found"))
        files.append(OutputFile(path: Route.siteData.path, contents: try DataFiles.siteIndex(site, buildTime: input.buildTime)))
        files.append(OutputFile(path: Route.feed.path, text: Feeds.atom(site)))
        files.append(OutputFile(path: Route.robots.path, text: Feeds.robots(site)))
        if input.settings.baseURL != nil {
            files.append(OutputFile(path: Route.sitemap.path, text: Feeds.sitemap(site)))
        } else {
            messages.append("no --base-url: sitemap.xml left out (it needs absolute URLs); feed.xml and pages use relative links")
        }
        let known = Set(site.days.map(\.date))
        for day in input.notes.days.keys.sorted() where !known.contains(day) {
            messages.append("note for \(day.iso) not shown: that day is not in the range built")
        }
        for code in input.notes.movies.keys.sorted() where site.history[code] == nil {
            messages.append("note for movie \(code) not shown: it is not on any chart in the range built")
        }
        return RenderedSite(files: files.sorted { $0.path < $1.path }, pageCount: pages, messages: messages)
    }
}

/// The dataset indexed for rendering, plus what every page shares.
struct SiteModel {
    let dataset: Dataset
    let settings: SiteSettings
    let notes: NoteSources
    let days: [DayChart]
    let dayIndex: [Day: Int]
    /// Each movie's chart rows in date order.
    let history: [String: [(date: Day, entry: ChartEntry)]]
    let movieCodes: [String]

    init(_ input: RenderInput) {
        dataset = input.dataset
        settings = input.settings
        notes = input.notes
        days = input.dataset.days
        var index: [Day: Int] = [:]
        var history: [String: [(date: Day, entry: ChartEntry)]] = [:]
        for (i, chart) in days.enumerated() {
            index[chart.date] = i
            for entry in chart.entries { history[entry.movieCode, default: []].append((chart.date, entry)) }
        }
        dayIndex = index
        self.history = history
        movieCodes = history.keys.sorted()
    }

    var isDemo: Bool { dataset.source == .demo }

    func title(of code: String) -> String {
        dataset.movies[code]?.title ?? history[code]?.last?.entry.title ?? code
    }

    /// A note is written once but shown at several depths (home and grid/), so its relative links
    /// are taken from the site root and rewritten for the page showing it.
    func noteHTML(_ markdown: String?, on route: Route) -> String? {
        guard let markdown, !markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        let html = Markdown.html(markdown)
        let root = route.root
        guard !root.isEmpty else { return html }
        var out = ""
        var rest = html[...]
        while let match = rest.firstMatch(of: /(href|src)="([^"]*)"/) {
            out += rest[..<match.range.lowerBound]
            let target = String(match.output.2)
            let relative = !target.isEmpty && !target.hasPrefix("#") && !target.hasPrefix("/") && !target.hasPrefix("?")
                && target.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.\-]*:/) == nil
            out += "\(match.output.1)=\"\(relative ? root + target : target)\""
            rest = rest[match.range.upperBound...]
        }
        return out + rest
    }

    /// What every page's layout needs.
    func base(_ route: Route, title: String, description: String, kind: String, extra: [String: Any?] = [:]) -> [String: Any] {
        let source = isDemo
            ? "데모 데이터: sitegen에 내장된 가상 시뮬레이터가 만든 수치이며 실제 박스오피스가 아닙니다."
            : "자료: 영화진흥위원회 영화관입장권통합전산망(KOBIS)"
        var pageInfo: [String: Any?] = [
            "title": title == settings.title ? title : "\(title) · \(settings.title)",
            "heading": title,
            "description": description,
            "kind": kind,
            "canonical": route == .notFound ? nil : route.absolute(settings.baseURL),
        ]
        for (k, v) in extra { pageInfo[k] = v }
        var context: [String: Any] = [
            "root": route == .notFound ? "" : route.root,
            "site": [
                "title": settings.title,
                "demo": isDemo,
                "sourceCredit": source,
                "homeHref": Route.home.href(from: route),
                "archiveHref": Route.archive.href(from: route),
                "feedHref": Route.feed.href(from: route),
            ] as [String: Any],
            "page": pageInfo.compactMapValues { $0 },
        ]
        // A 404 is served at any depth, so it resolves its links against the site root when known.
        if route == .notFound, let base = settings.baseURL {
            var text = base.absoluteString
            if !text.hasSuffix("/") { text += "/" }
            context["baseHref"] = text
        }
        return context
    }

    func posterContext(_ code: String, from route: Route) -> [String: Any] {
        let title = self.title(of: code)
        if let poster = dataset.posters[code] {
            return ["src": poster.url, "width": poster.width, "height": poster.height, "alt": "\(title) 포스터", "remote": true]
        }
        return ["src": Route.poster(code).href(from: route), "width": PlaceholderPoster.width,
                "height": PlaceholderPoster.height, "alt": "\(title) (포스터 없음)", "placeholder": true]
    }
}
