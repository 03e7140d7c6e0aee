import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenWrite

@Suite struct BuildManifestTests {
    static let sample: BuildManifest = {
        var m = BuildManifest(builder: "0.5.0 123-4.5-6", folder: "2049:77", pages: [
            .init(id: "day 2024-02-10", key: 0xdead_beef_0123_4567, files: ["date/2024-02-10/index.html", "data/2024-02-10.json"],
                  stamps: [0xffff_ffff_ffff_ffff, 0x1]),
            .init(id: "search", key: nil, files: ["search/index.html"]),
            .init(id: "public files", key: nil, files: []),
        ])
        m.inputs = 42
        m.counts = .init(days: 30, movies: 27, pages: 89)
        m.messages = ["no --base-url: sitemap.xml left out"]
        m.folders = [.init(path: "", stamp: 0xabc), .init(path: "date/2024-02-10", stamp: 0x1_0000_0000)]
        m.fileMode = 0o644
        return m
    }()

    @Test func readsBackWhatItWrote() throws {
        let text = try #require(Self.sample.text())
        #expect(BuildManifest.parse(text) == Self.sample)
    }

    @Test func aManifestCutShortOrDamagedIsNotTrusted() throws {
        let text = try #require(Self.sample.text())
        #expect(BuildManifest.parse(String(text.dropLast())) == nil, "no final newline: cut short")
        #expect(BuildManifest.parse(String(text.prefix(text.count / 2))) == nil)
        #expect(BuildManifest.parse(text.replacingOccurrences(of: "sitegen-manifest 2", with: "sitegen-manifest 1")) == nil)
        #expect(BuildManifest.parse(text.replacingOccurrences(of: "deadbeef", with: "zzzzzzzz")) == nil)
        #expect(BuildManifest.parse("F\tstray\n") == nil)
    }

    /// Every name in a manifest is one a build may remove: one reaching above the output makes
    /// the manifest untrusted, as a damaged one is.
    @Test(arguments: ["../../precious/keep.txt", "/etc/passwd", "date/../../x", "./index.html", "date//x", ".."])
    func refusesManifestPathsAboveTheOutput(_ path: String) throws {
        let text = try #require(Self.sample.text())
        #expect(BuildManifest.parse(text + "P\t-\tx\nF\t0123456789abcdef\t\(path)\n") == nil)
        #expect(BuildManifest.parse(text + "D\t0000000000000001\t\(path)\n") == nil)
        #expect(BuildManifest.parse(text + "D\t0000000000000001\tdate/2024-02-11\n") != nil, "a folder inside is fine")
    }

    @Test func aNameWithATabOrNewlineWritesNoManifest() {
        var m = Self.sample
        m.pages[0].files.append("date/x\ty/index.html")
        #expect(m.text() == nil)
    }
}

/// The writer's path rules, by bytes: what may be written inside the site and what never is.
struct WriterPathTests {
    @Test(arguments: ["index.html", "date/2024-02-10/index.html", ".nojekyll", "a/.b", "a/...", "..a/b", "a/b..", "poster/img/x-1.webp"])
    func acceptsPathsInsideTheSite(_ path: String) throws {
        try SiteWriter.checkRelative(path)
    }

    @Test(arguments: ["", "/etc/passwd", "..", "../x", "a/../b", "a/..", ".", "./a", "a/./b", "a//b", "a/", "a\0b", "/"])
    func refusesPathsOutsideTheSite(_ path: String) throws {
        #expect(throws: WriteError.self) { try SiteWriter.checkRelative(path) }
    }

    @Test func parentFolderIsWhatNSStringGave() {
        for path in ["index.html", "date/2024-02-10/index.html", "a/b", "movie/2012/x/index.html", "한글/파일.html"] {
            #expect(SiteWriter.parentFolder(path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
    }
}
