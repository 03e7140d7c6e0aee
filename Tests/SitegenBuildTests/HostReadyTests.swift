import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenRender

/// What a static host needs from the output: names it may cache forever, its cache rules, and
/// nothing it would skip.
@Suite struct HostReadyTests {
    @Test func pagesLinkAssetsByAHashOfTheirContents() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let files = try SiteFixture.files(out)
        var names: [String] = []
        for plain in ["style.css", "site.js", "search.js", "favicon.svg"] {
            let bytes = try #require(files[plain])
            let hashed = PublishedAssets.hashedName(plain, bytes)
            #expect(hashed.firstMatch(of: /^[a-z]+\.[0-9a-f]{8}\.[a-z]+$/) != nil, "\(hashed)")
            #expect(files[hashed] == bytes, "\(hashed) is published with the same bytes")
            names.append(hashed)
        }
        var pages = 0
        for (path, data) in files where path.hasSuffix(".html") && path != "404.html" {
            let html = String(decoding: data, as: UTF8.self)
            for name in names { #expect(html.contains("\(name)\""), "\(path) links \(name)") }
            #expect(html.firstMatch(of: /(href|src)="[.\/]*(style\.css|site\.js|search\.js|favicon\.svg)"/) == nil, "\(path) links a plain name")
            pages += 1
        }
        #expect(pages > 10)
    }

    @Test func aChangedStylesheetGetsANewNameEverywhere() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let own = folder.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        let stock = try SiteFixture.text(SiteFixture.repo, "Public/style.css")
        try Data((stock + "\n.added { color: red; }\n").utf8).write(to: own.appendingPathComponent("style.css"))
        let before = PublishedAssets.hashedName("style.css", Data(stock.utf8))
        let after = PublishedAssets.hashedName("style.css", Data((stock + "\n.added { color: red; }\n").utf8))
        #expect(before != after)
        let (published, assets) = PublishedAssets.make(try Inputs.publicFiles(at: own, label: "Public").files)
        #expect(assets.style == after)
        #expect(published.contains { $0.path == after } && !published.contains { $0.path == before })
        #expect(assets.styleText.hasSuffix(".added { color: red; }\n"), "the 404 inlines the site's own stylesheet")
    }

    @Test func hostsGetCacheRulesAndGitHubPagesPublishesEveryFile() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let files = try SiteFixture.files(out)
        #expect(files[".nojekyll"] == Data())
        let headers = try SiteFixture.text(out, "_headers")
        let immutable = "  Cache-Control: public, max-age=31536000, immutable"
        for plain in ["style.css", "site.js", "search.js", "favicon.svg"] {
            let hashed = PublishedAssets.hashedName(plain, try #require(files[plain]))
            #expect(headers.contains("/\(hashed)\n\(immutable)\n"), "\(hashed)")
        }
        #expect(headers.contains("/poster/img/*\n\(immutable)\n"))
        // One Cache-Control per path: both hosts join the values of every rule a path matches.
        let lines = headers.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let everything = try #require(lines.firstIndex(of: "/*"))
        #expect(lines[everything + 1] == "  X-Content-Type-Options: nosniff" && !lines[everything + 2].hasPrefix(" "))
        #expect(!headers.contains("/style.css\n") && !headers.contains("/site.js\n"), "plain names may change in place")
    }
}
