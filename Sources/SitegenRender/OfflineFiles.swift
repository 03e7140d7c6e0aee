import Foundation
import SitegenBasics
import SitegenModel
import SitegenMustache

/// The installable app: the web app manifest and the service worker, which keeps the latest days
/// and the pages a reader opened for reading offline. Both use paths relative to themselves, so
/// they are right at a domain root and under any sub-path without --base-url.
enum OfflineFiles {
    /// Days kept for offline reading from the first visit on, newest first.
    static let latestDays = 7
    /// The page colours of the stock theme, light and dark: the app's title bar and splash screen.
    static let light = (theme: "#fbfaf8", background: "#fbfaf8")
    static let dark = (theme: "#121316", background: "#121316")

    /// The edition's manifest, beside its home page (`manifest.webmanifest`, `en/manifest.webmanifest`):
    /// "Add to Home Screen" from an English page installs an English-named app that opens the
    /// English home. Paths are relative to the manifest, so `./` is the edition's own folder.
    static func manifest(_ site: SiteModel) -> String {
        let up = site.language.up
        let icons: [JSONWriter.Value] = site.assets.icons.map { icon in
            .object([
                ("purpose", .string(icon.maskable ? "maskable" : "any")),
                ("sizes", .string("\(icon.size)x\(icon.size)")),
                ("src", .string(up + icon.path)), ("type", .string("image/png")),
            ])
        }
        let description = site.siteDescription ?? site.words("appDescription")
        let shortName = site.siteTitle
        let manifest: JSONWriter.Value = .object([
            ("background_color", .string(light.background)),
            ("description", .string(description + (site.isDemo ? site.words("cardAltDemo") : ""))),
            ("dir", .string("ltr")),
            ("display", .string("standalone")),
            ("icons", .array(icons)),
            // Relative to the manifest's own URL: the edition's root, wherever it is served.
            ("id", .string("./")),
            ("lang", .string(site.language.tag)),
            ("name", .string(site.siteTitle)),
            ("scope", .string("./")),
            // A launcher shows about 12 characters under the icon: a longer site name gets the stock one.
            (
                "short_name",
                .string(
                    shortName != SiteConfig.stockName && shortName.count <= 12
                        ? shortName : site.words("appShortName"))
            ),
            ("start_url", .string("./")),
            ("theme_color", .string(light.theme)),
            // Chromium's proposal for dark-mode colours; browsers without it read the light ones.
            (
                "user_preferences",
                .object([
                    (
                        "color_scheme_dark",
                        .object([
                            ("background_color", .string(dark.background)), ("theme_color", .string(dark.theme)),
                        ])
                    )
                ])
            ),
        ])
        return JSONWriter.text(manifest) + "\n"
    }

    /// What the worker stores on install, as paths from the site root (pages by their folder, as
    /// hosts serve and readers share them): the home page, the latest days, the offline page and
    /// the assets they load.
    static func kept(_ site: SiteModel) -> [String] {
        // The archive too: the nav's second link, which offline would otherwise be the offline page.
        var paths = ["./", Route.archive.prettyPath, Route.offline.prettyPath]
        for chart in site.days.suffix(latestDays).reversed() { paths.append(Route.day(chart.date).prettyPath) }
        let a = site.assets
        paths += a.linked + [Route.manifest.path] + a.icons.map(\.path)
        // The English edition's home, offline page and manifest: a reader of en/ offline is
        // answered in English (the worker picks the edition from the address).
        if site.config.languages.contains(.en) {
            let en = Language.en.folder
            paths += [en, en + Route.archive.prettyPath, en + Route.offline.prettyPath, en + Route.manifest.path]
        }
        return paths
    }

    /// The English edition's latest days, which the worker keeps the first time the reader opens
    /// a page under en/: the English offline page lists them, and a Korean reader's first visit
    /// should not fetch seven pages it will not read. Empty without the English edition.
    static func keptEnglish(_ site: SiteModel) -> [String] {
        guard site.config.languages.contains(.en) else { return [] }
        return site.days.suffix(latestDays).reversed().map { Language.en.folder + Route.day($0.date).prettyPath }
    }

    /// The worker's version: a new morning's site (a new day, a revised chart, a new theme) has a
    /// new one, so it installs at once and drops the old store. Worked out from what the kept
    /// pages show, so an unchanged site keeps its worker byte for byte.
    static func version(_ site: SiteModel, templates: Templates) -> String {
        var f = Fingerprint("offline")
        f.add(templates.fingerprint)
        f.add(site.config.name)
        f.add(site.days.count)
        for chart in site.days.suffix(latestDays) { f.add(chart) }
        for path in kept(site) + keptEnglish(site) { f.add(path) }
        return String(format: "%016llx", f.value)
    }

    static func serviceWorker(_ site: SiteModel, templates: Templates) throws -> Data {
        let list = JSONWriter.text(.array(kept(site).map { .string($0) }))
        let english = JSONWriter.text(.array(keptEnglish(site).map { .string($0) }))
        return try templates.renderData(
            "service-worker",
            ["version": .text(version(site, templates: templates)), "kept": .text(list), "keptEnglish": .text(english)])
    }
}

/// The offline page, the app's manifest and the service worker.
struct OfflineJob: WholeSitePageJob {
    func id(_ site: SiteModel) -> String { "offline" }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        let latest = site.days.suffix(OfflineFiles.latestDays).reversed().map { chart -> TemplateValue in
            [
                "label": .text(site.words.longDate(chart.date)),
                "href": .text(site.href(.day(chart.date), from: .offline)),
            ]
        }
        let context = site.base(
            .offline, title: site.words("offlineTitle"), description: site.words("offlineDescription"),
            kind: "offline", content: ["offline": ["days": .list(latest)]])
        return (
            [try site.page(.offline, "offline", context, templates)]
                + [OutputFile(path: site.language.folder + Route.manifest.path,
                              text: OfflineFiles.manifest(site))]
                + (try site.shared([
                    OutputFile(
                        path: Route.serviceWorker.path,
                        contents: try OfflineFiles.serviceWorker(site, templates: templates)),
                ])), 1
        )
    }
}
