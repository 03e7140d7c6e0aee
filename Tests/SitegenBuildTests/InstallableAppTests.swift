import Foundation
import Testing
import SitegenSiteSupport
import SitegenBasics

/// The installable app's files: the manifest and its icons, the service worker's list of what it
/// keeps, the offline page, and how each follows the build.
@Suite struct InstallableAppTests {
    static func kept(_ worker: String) throws -> (version: String, paths: [String]) {
        let version = try #require(worker.firstMatch(of: /var VERSION = "([0-9a-f]{16})";/)).output.1
        let list = try #require(worker.firstMatch(of: /var KEPT = (\[[^\n]*\]);/)).output.1
        let paths = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String])
        return (String(version), paths)
    }

    @Test func theManifestIconsAndWorkerAreRightAtAnyDepth() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 14, until: "2024-02-10")
        let files = try SiteFixture.files(out)
        let manifestBytes = try #require(files["manifest.webmanifest"])
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestBytes) as? [String: Any])
        #expect(manifest["name"] as? String == "한국 일별 박스오피스" && manifest["short_name"] as? String == "박스오피스")
        // Relative to the manifest: the site's root at a domain root or under any sub-path.
        #expect(manifest["start_url"] as? String == "./" && manifest["scope"] as? String == "./")
        #expect(manifest["display"] as? String == "standalone" && manifest["lang"] as? String == "ko")
        #expect(manifest["theme_color"] as? String == "#fbfaf8" && manifest["background_color"] as? String == "#fbfaf8")
        let dark = (manifest["user_preferences"] as? [String: Any])?["color_scheme_dark"] as? [String: String]
        #expect(dark == ["theme_color": "#121316", "background_color": "#121316"])
        #expect((manifest["description"] as? String)?.contains("데모 데이터") == true)
        let icons = try #require(manifest["icons"] as? [[String: String]])
        #expect(icons.map { "\($0["purpose"]!) \($0["sizes"]!)" } == ["any 192x192", "any 512x512", "maskable 512x512"])
        for icon in icons {
            let png = try #require(files[icon["src"]!], "\(icon["src"]!) is not in the site")
            let side = Int(icon["sizes"]!.split(separator: "x")[0])!
            #expect(ShareCardTests.pngSize(png)! == (side, side) && icon["type"] == "image/png")
            #expect(icon["src"]!.firstMatch(of: /^icon-(maskable-)?\d+\.[0-9a-f]{8}\.png$/) != nil)
        }
        // Every page links the manifest from its own depth, and shows the theme colours.
        for (path, data) in files where path.hasSuffix(".html") && path != "404.html" {
            let html = String(decoding: data, as: UTF8.self)
            let depth = path.split(separator: "/").count - 1
            let href = String(repeating: "../", count: depth) + "manifest.webmanifest"
            #expect(html.contains("<link rel=\"manifest\" href=\"\(href)\">"), "\(path)")
            #expect(html.contains(##"<meta name="theme-color" content="#121316" media="(prefers-color-scheme: dark)">"##))
        }
        // The worker keeps the home page, the latest 7 days and the offline page, and
        // every path it keeps is a file of the site.
        let worker = try SiteFixture.text(out, "sw.js")
        let (version, paths) = try Self.kept(worker)
        for day in 4...10 {
            let date = String(format: "2024-02-%02d", day)
            #expect(paths.contains("date/\(date)/") && !paths.contains("date/\(date)/grid/"), "\(date)")
        }
        #expect(!paths.contains("date/2024-02-03/") && paths.contains("./") && paths.contains("offline/"))
        // The archive, the nav's second link, reads offline too.
        #expect(paths.contains("archive/"))
        for path in paths {
            let file = path == "./" ? "index.html" : path.hasSuffix("/") ? path + "index.html" : path
            #expect(files[file] != nil, "the worker keeps \(path), which is not in the site")
        }
        #expect(try SiteFixture.text(out, "offline/index.html").contains("오프라인"))
        #expect(try SiteFixture.text(out, "_headers").contains("/sw.js\n  Cache-Control: no-cache"))

        // The same inputs give the same worker; a new morning gives a new version.
        let same = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: same, days: 14, until: "2024-02-10")
        #expect(try SiteFixture.text(same, "sw.js") == worker)
        try await SiteFixture.build(into: out, days: 14, until: "2024-02-11")
        let next = try Self.kept(try SiteFixture.text(out, "sw.js"))
        #expect(next.version != version && next.paths.contains("date/2024-02-11/") && !next.paths.contains("date/2024-02-04/"))
    }

    /// The English edition's app: its own manifest (English names, starting at en/), linked from
    /// every English page; the worker registered from the site root keeps en/ and en/offline/,
    /// and the English offline page speaks English and links within en/.
    @Test func theEnglishEditionHasItsOwnManifestAndOfflinePage() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 14, until: "2024-02-10", english: true)
        let files = try SiteFixture.files(out)
        let text = String(decoding: try #require(files["en/manifest.webmanifest"]), as: UTF8.self)
        #expect(!Self.hasHangul(text), "\(text)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(manifest["lang"] as? String == "en" && manifest["name"] as? String == "Korean Box Office Daily")
        #expect(manifest["short_name"] as? String == "Box Office")
        // Relative to en/manifest.webmanifest: the app starts at the English home.
        #expect(manifest["start_url"] as? String == "./" && manifest["scope"] as? String == "./" && manifest["id"] as? String == "./")
        for icon in try #require(manifest["icons"] as? [[String: String]]) {
            let src = try #require(icon["src"])
            #expect(src.hasPrefix("../") && files[String(src.dropFirst(3))] != nil, "\(src)")
        }
        for (path, data) in files where path.hasPrefix("en/") && path.hasSuffix(".html") && path != "en/404.html" {
            let depth = path.split(separator: "/").count - 1
            let href = String(repeating: "../", count: depth) + "en/manifest.webmanifest"
            #expect(String(decoding: data, as: UTF8.self).contains("<link rel=\"manifest\" href=\"\(href)\">"), "\(path)")
        }
        let paths = try Self.kept(try SiteFixture.text(out, "sw.js")).paths
        #expect(paths.contains("en/") && paths.contains("en/offline/") && paths.contains("en/manifest.webmanifest"))
        #expect(paths.contains("en/archive/"))
        // The English latest days, which en/offline/ lists, are kept once a page under en/ opens.
        let english = try #require(try SiteFixture.text(out, "sw.js").firstMatch(of: /var KEPT_EN = (\[[^\n]*\]);/)).output.1
        let days = try #require(try JSONSerialization.jsonObject(with: Data(english.utf8)) as? [String])
        #expect(days == (4...10).reversed().map { String(format: "en/date/2024-02-%02d/", $0) })
        for day in days { #expect(files[day + "index.html"] != nil, "\(day)") }
        #expect(!paths.contains("en/date/2024-02-10/"), "a Korean reader's first visit does not fetch the English days")
        // The worker answers an address under en/ with en/offline/, and registers from the root.
        let worker = try SiteFixture.text(out, "sw.js")
        #expect(worker.contains("english ? \"en/offline/\" : \"offline/\"") && worker.contains("You are offline."))
        let offline = try SiteFixture.text(out, "en/offline/index.html")
        #expect(offline.hasPrefix("<!doctype html>\n<html lang=\"en\">") && offline.contains("<title>Offline"))
        let body = String(offline[offline.range(of: "<body")!.lowerBound...])
        #expect(EnglishEditionTests.koreanOutsideMarkedNames(body).isEmpty)
        for link in body.matches(of: /<main[\s\S]*<\/main>/).flatMap({ $0.output.matches(of: /href="([^"]+\.html)"/) }) {
            let target = URL(fileURLWithPath: "/site/en/offline/" + link.output.1).standardizedFileURL.path
            #expect(target.hasPrefix("/site/en/"), "the English offline page links \(link.output.1)")
        }
        #expect(try SiteFixture.text(out, "offline/index.html").contains("<html lang=\"ko\">"))
        #expect(try SiteFixture.text(out, "_headers").contains("/en/manifest.webmanifest\n  Content-Type: application/manifest+json"))
    }

    static func hasHangul(_ s: String) -> Bool { s.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }

    @Test func withoutTheAppNothingOfItIsWritten() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3, until: "2024-02-10", app: false)
        let files = try SiteFixture.files(out)
        #expect(files["manifest.webmanifest"] == nil && files["sw.js"] == nil && files["offline/index.html"] == nil)
        #expect(!files.keys.contains { $0.hasPrefix("icon-") })
        #expect(!files.filter { $0.key.hasSuffix(".html") }.values.contains {
            String(decoding: $0, as: UTF8.self).contains("rel=\"manifest\"")
        })
    }
}
