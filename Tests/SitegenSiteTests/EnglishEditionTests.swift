import Foundation
import Testing
import SitegenBuild
import SitegenDemo
import SitegenFetch
import SitegenModel
@testable import SitegenRender
import SitegenTestSupport

/// The English edition's frame: every page kind mirrored under `en/`, each page pointing at its
/// counterpart both ways, and the English pages' links staying in the English edition.
@Suite struct EnglishEditionTests {
    static func site(languages: [Language], baseURL: String? = nil) async throws -> [String: String] {
        let last = Day(iso: "2024-02-10")!
        let days = (0..<10).map { last.adding(days: $0 - 9) }
        let dataset = try await Fetcher(source: DemoSource(), jobs: 2).fetch(days: days).dataset
        var templates = try Inputs.templates(
            at: SiteFixture.repo.appendingPathComponent("Templates"), label: "Templates").templates
        templates.strict = true
        var settings = SiteSettings(baseURL: baseURL.flatMap(URL.init(string:)))
        settings.languages = languages
        let site = try RenderedSite(RenderInput(dataset: dataset, templates: templates, notes: NoteSources(),
                                                settings: settings, buildTime: SiteFixture.buildTime))
        return Dictionary(uniqueKeysWithValues: site.files.map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) })
    }

    @Test func everyKoreanPageHasAnEnglishOneThatLinksBack() async throws {
        let files = try await Self.site(languages: [.ko, .en], baseURL: "https://example.com/box/")
        let korean = files.keys.filter { $0.hasSuffix(".html") && !$0.hasPrefix("en/") }
        #expect(korean.count > 40)
        for path in korean.sorted() {
            let english = try #require(files["en/" + path], "\(path) has no English page")
            #expect(english.hasPrefix("<!doctype html>\n<html lang=\"en\">"), "en/\(path)")
            #expect(english.contains("<meta property=\"og:locale\" content=\"en_US\">"), "en/\(path)")
            let pretty = path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
            for page in [files[path]!, english] {
                #expect(page.contains("<link rel=\"alternate\" hreflang=\"ko\" href=\"https://example.com/box/\(pretty)\">"),
                        "\(path)")
                #expect(page.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"https://example.com/box/en/\(pretty)\">"),
                        "\(path)")
            }
            #expect(files[path]!.contains("hreflang=\"en\" lang=\"en\">English</a>"), "\(path) has no switch")
            #expect(english.contains("hreflang=\"ko\" lang=\"ko\">한국어</a>"), "en/\(path) has no switch")
        }
        #expect(files["en/feed.xml"] != nil && files["en/search/index.json"] != nil)
        #expect(!files.keys.contains { $0.hasPrefix("en/data/") || $0.hasPrefix("en/poster/") || $0.hasPrefix("en/card/") })
    }

    @Test func englishPagesLinkWithinTheEnglishEditionAndToTheSharedFiles() async throws {
        let files = try await Self.site(languages: [.ko, .en])
        let pattern = try NSRegularExpression(pattern: ##"(?:href|src)="([^"#]*)"##)
        var checked = 0
        for (path, html) in files where path.hasPrefix("en/") && path.hasSuffix(".html") && path != "en/404.html" {
            let folder = (path as NSString).deletingLastPathComponent
            for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                let link = String(html[Range(match.range(at: 1), in: html)!])
                if link.isEmpty || link.contains("://") { continue }
                let resolved = String(URL(fileURLWithPath: "/site/" + folder + "/" + link).standardizedFileURL.path
                    .dropFirst("/site/".count))
                #expect(files[resolved] != nil || resolved.hasPrefix("poster/") || resolved.hasPrefix("style")
                        || resolved.hasPrefix("site") || resolved.hasPrefix("search") || resolved.hasPrefix("favicon"),
                        "\(path): \(link) does not resolve")
                if resolved.hasSuffix(".html") && !html.contains("hreflang=\"ko\" lang=\"ko\" href") {
                    let isSwitch = html.contains("href=\"\(link)\" hreflang=\"ko\"")
                    #expect(resolved.hasPrefix("en/") || isSwitch, "\(path): \(link) leaves the English edition")
                }
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test func aKoreanOnlySiteHasNoSwitchAndNoEnglishPages() async throws {
        let files = try await Self.site(languages: [.ko])
        #expect(!files.keys.contains { $0.hasPrefix("en/") })
        #expect(!files["index.html"]!.contains("hreflang") && !files["index.html"]!.contains("lang-switch"))
    }
}
