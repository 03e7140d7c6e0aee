import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenCLI
@testable import SitegenFetch
@testable import SitegenImage
import SitegenBasics
@testable import SitegenModel
import SitegenTestSupport

/// Posters downloaded once, resized with libvips and served from the site, against the local Kakao
/// stand-in serving real image bytes made here.
@Suite struct PosterCopyTests {
    static func isWebP(_ data: Data) -> Bool {
        data.count > 12 && data.prefix(4) == Data("RIFF".utf8) && data.subdata(in: 8..<12) == Data("WEBP".utf8)
    }

    /// `[(src, srcset, width, height)]` of every poster image on a page (0 × 0 for a chart row's
    /// thumbnail, which the stylesheet sizes).
    static func posters(_ html: String) -> [(src: String, srcset: String?, width: Int, height: Int)] {
        html.matches(of: /<img src="([^"]*)"(?: srcset="([^"]*)")?(?: width="(\d+)" height="(\d+)")?/).map {
            (String($0.output.1), $0.output.2.map(String.init), $0.output.3.flatMap { Int($0) } ?? 0,
             $0.output.4.flatMap { Int($0) } ?? 0)
        }
    }

    @Test func postersAreServedFromTheSiteSizedForEachPageAndNamedByTheirBytes() async throws {
        let h = try LiveHarness()
        try await h.build(days: 2, until: "2024-02-10", now: LiveHarness.kst("2024-02-11", 10))
        let original = try PosterImages.size(h.apis.posterBytes)
        #expect(original == (700, 1000))
        let grid = try SiteFixture.text(h.output, "date/2024-02-10/index.html")
        let cards = Self.posters(grid)
        #expect(cards.count == 10)
        for card in cards {
            // 200 CSS px wide, the height kept in proportion, and the 2× copy for dense screens.
            #expect(card.src.firstMatch(of: /^\.\.\/\.\.\/poster\/img\/[0-9a-f]{16}-200\.webp$/) != nil, "\(card.src)")
            let twice = try #require(card.srcset?.firstMatch(of: /^(\S+) 1x, (\S+-400\.webp) 2x$/))
            #expect(String(twice.output.1) == card.src)
            for (path, width, height) in [(card.src, 200, 286), (String(twice.output.2), 400, 571)] {
                let bytes = try Data(contentsOf: h.output.appendingPathComponent(String(path.dropFirst("../../".count))))
                #expect(Self.isWebP(bytes))
                #expect(try PosterImages.size(bytes) == (width, height), "\(path)")
                #expect(path.contains(FNV1a.hex(bytes, digits: 16)), "named by its own bytes")
            }
        }
        // Nothing on any page points at the image host: every poster request stays on the site.
        for (path, data) in try SiteFixture.files(h.output) where path.hasSuffix(".html") || path.hasSuffix(".json") {
            let text = String(decoding: data, as: UTF8.self)
            if path.hasPrefix("data/") { continue }  // the data files name where a poster came from
            #expect(!text.contains(h.apis.server.baseURL) && !text.contains("data-fallback"), "\(path) hot-links a poster")
        }
        let movieCode = try #require(try SiteFixture.files(h.output).keys.first { $0.hasPrefix("movie/") }?.split(separator: "/")[1])
        let page = try #require(Self.posters(try SiteFixture.text(h.output, "movie/\(movieCode)/index.html")).first)
        #expect(page.width == 260 && page.height == 371 && page.src.hasSuffix("-260.webp") && page.srcset?.hasSuffix("-520.webp 2x") == true)
        #expect(try SiteFixture.text(h.output, "search/index.json").contains("\"poster/img/"))

        // Downloaded once: a rebuild (and one a day later) asks no image host again.
        let asked = h.apis.posterImageRequests
        // At most one each for two days' films on every chart the site publishes (the filters' too).
        let films = try SiteFixture.files(h.output).keys.filter { $0.hasPrefix("movie/") && $0.hasSuffix("index.html") }
        #expect(asked > 0 && asked <= films.count)
        // The originals left the cache once their copies were kept (they were most of its bytes).
        let originals = h.cache.appendingPathComponent("poster_image")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: originals.path))?.isEmpty ?? true)
        let before = try SiteFixture.files(h.output).filter { $0.key.hasPrefix("poster/img/") }
        try await h.build(days: 2, until: "2024-02-10", now: LiveHarness.kst("2024-02-11", 12))
        #expect(h.apis.posterImageRequests == asked)
        #expect(try SiteFixture.files(h.output).filter { $0.key.hasPrefix("poster/img/") } == before, "the same bytes, the same names")
    }

    @Test func aPosterThatFailsToDownloadOrDecodeIsThePlaceholderWithOneWarning() async throws {
        let h = try LiveHarness()
        let good = h.apis.posterBytes
        let truncated = good.prefix(good.count / 2)
        let html = Data("<!doctype html><title>Hotlinking not allowed</title><p>이 이미지는 외부에서 볼 수 없습니다".utf8)
        let huge = try PosterImages.testImage(width: 3600, height: 3600, noise: true, png: true)
        #expect(huge.count > 30_000_000, "\(huge.count) bytes")
        let dot = try PosterImages.testImage(width: 1, height: 1, png: true)
        // Each image URL gets one of five answers, decided by its path.
        @Sendable func fault(_ path: String) -> Int { Int(FNV1a.hash64(bytes: path.utf8) % 5) }
        h.apis.inject { request, _ in
            guard request.path.hasPrefix("/img/") else { return nil }
            switch fault(request.path) {
            case 0: return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: truncated)
            case 1: return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: html)
            case 2: return .respond(status: 200, headers: ["Content-Type": "image/png"], body: huge)
            case 3: return .respond(status: 200, headers: ["Content-Type": "image/png"], body: dot)
            default: return nil
            }
        }
        try await h.build(days: 3, until: "2024-02-10", now: LiveHarness.kst("2024-02-11", 10))
        let reasons = ["VipsJpeg: Premature end", "buffer is not in a known format", "more than the 20 MB a poster may be", "1×1 pixels, too small to be a poster"]
        var seen = Set<Int>()
        for path in try SiteFixture.files(h.output).keys where path.hasPrefix("data/movie/") && path.hasSuffix(".json") {
            let code = String(path.dropFirst("data/movie/".count).dropLast(5))
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: h.output.appendingPathComponent(path))) as? [String: Any]
            let url = try #require((json?["poster"] as? [String: Any])?["url"] as? String)
            let kind = fault(try #require(URL(string: url)).path)
            seen.insert(kind)
            let img = try #require(Self.posters(try SiteFixture.text(h.output, "movie/\(code)/index.html")).first)
            let warnings = h.log.lines.filter { $0.contains("poster \(code):") }
            if kind == 4 {
                #expect(img.src.hasSuffix("-260.webp") && warnings.isEmpty, "\(code): \(warnings)")
            } else {
                #expect(img.src == "../../poster/\(code).svg" && img.width == 300 && img.height == 430, "\(code) → \(img)")
                #expect(warnings.count == 1 && warnings[0].contains(reasons[kind]) && warnings[0].hasSuffix("the drawn placeholder is shown"), "\(code): \(warnings)")
            }
        }
        #expect(seen.count == 5, "every kind of answer was met: \(seen.sorted())")
        #expect(!h.log.lines.contains { $0.contains("VIPS") || $0.contains("GLib") }, "libvips's own messages stay off the console")
    }

    /// Bytes from an image host go only to the loaders of the formats posters come in: an SVG (or a
    /// PDF) that libvips could render is refused, never decoded.
    @Test func formatsOtherThanJPEGPNGWebPAndGIFAreNeverDecoded() throws {
        let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="700" height="1000"><rect width="700" height="1000" fill="red"/></svg>"#.utf8)
        let pdf = Data("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/MediaBox[0 0 700 1000]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n".utf8)
        for bytes in [svg, pdf] {
            #expect(throws: PosterCopies.PosterFailure.self) { try PosterCopies.resize(bytes) }
        }
        // A real poster format still goes through.
        #expect(try PosterCopies.resize(try PosterImages.testImage(width: 700, height: 1000)).card.count == 2)
    }

    @Test func aSmallOriginalIsNeverEnlarged() throws {
        let sized = try PosterCopies.resize(try PosterImages.testImage(width: 240, height: 360))
        #expect(sized.card.map(\.width) == [200, 240])
        #expect(sized.page.map(\.width) == [240], "no 2× copy wider than the original")
        #expect(throws: PosterCopies.PosterFailure.self) { try PosterCopies.resize(Data("GIF89a".utf8)) }
    }

    /// libvips is loaded on the first poster, so a machine without it still builds: the reason is
    /// said once, in dlopen's words, and every poster is the placeholder.
    @Test func withoutLibvipsEveryPosterIsThePlaceholderAndTheReasonIsSaidOnce() async throws {
        let missing = try #require(PosterImages.start("libvips-not-installed.so.42"))
        #expect(missing.description.hasPrefix("libvips could not be loaded (libvips-not-installed.so.42: cannot open shared object file"), "\(missing)")
        #expect(PosterImages.unavailable == nil, "the real libvips still loads after a failed attempt")

        let asked = AskedRequests()
        let posters = Dictionary(uniqueKeysWithValues: (1...3).map { ("2024000\($0)", Poster(url: "https://img.example/\($0).jpg", width: 700, height: 1000)) })
        let dataset = Dataset(source: .kobis, days: [], movies: [:], posters: posters)
        let copies = PosterCopies(source: asked, jobs: 2, monitor: FetchMonitor(), deadline: TestDeadline.none, imagesUnavailable: { missing.description })
        let (out, warnings, bytes) = try await copies.run(dataset)
        #expect(warnings.map(\.description) == ["posters: \(missing.description); install libvips42 to copy posters, or build with --hotlink-posters. The drawn placeholders are shown"])
        #expect(out.postersServedFromSite && out.sizedPosters.isEmpty && bytes.isEmpty, "placeholders, not hot-links")
        #expect(asked.requests.isEmpty, "no image is downloaded that could not be resized")
    }
}

/// A source that records what it is asked and has nothing.
final class AskedRequests: FakeSource, @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [SourceRequest] = []
    var requests: [SourceRequest] { lock.withLock { asked } }
    var kind: DataSourceKind { .kobis }
    var searchesPosters: Bool { true }
    func respond(_ request: SourceRequest) async throws -> SourceResponse {
        lock.withLock { asked.append(request) }
        throw CancellationError()
    }
}
