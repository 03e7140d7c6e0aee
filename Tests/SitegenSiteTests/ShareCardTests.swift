import Foundation
import Testing
@testable import SitegenBuild
@testable import SitegenImage
import SitegenBasics
import SitegenModel
@testable import SitegenRender
import SitegenTestSupport

/// Share cards: a 1200×630 PNG for every day, week, weekend, film and person page, drawn from SVG
/// templates by libvips, named by what they show and drawn once.
@Suite struct ShareCardTests {
    static let base = "https://example.com/box/"

    /// The `content` of each `<meta property|name="…">` on a page, as a link scraper reads them.
    static func meta(_ html: String) -> [String: String] {
        var out: [String: String] = [:]
        for m in html.matches(of: /<meta (?:property|name)="([^"]+)" content="([^"]*)">/) {
            out[String(m.output.1)] = String(m.output.2)
        }
        return out
    }

    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ data: Data) -> (Int, Int)? {
        guard data.count > 24, data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func word(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func everySharedPageHasACardOfItsOwnWithAbsoluteTags() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, baseURL: Self.base, cards: true)
        let files = try SiteFixture.files(out)
        let movie = try #require(files.keys.first { $0.hasPrefix("movie/") }?.split(separator: "/")[1])
        let person = try #require(files.keys.first { $0.hasPrefix("person/") }?.split(separator: "/")[1])
        let pages = [
            "index.html", "date/2024-02-10/index.html",
            "date/2024-02-01/index.html", "week/2024-01-29/index.html", "weekend/2024-02-02/index.html",
            "movie/\(movie)/index.html", "person/\(person)/index.html",
        ]
        var cards: [String: String] = [:]
        for page in pages {
            let tags = Self.meta(try SiteFixture.text(out, page))
            let url = try #require(tags["og:image"], "\(page) has no og:image")
            let path = try #require(url.firstMatch(of: /^https:\/\/example\.com\/box\/(card\/[0-9a-f]{16}\.png)$/), "\(url)")
            let png = try #require(files[String(path.output.1)], "\(page): \(url) is not in the site")
            #expect(Self.pngSize(png)! == (1200, 630), "\(page)")
            #expect(tags["og:image:width"] == "1200" && tags["og:image:height"] == "630" && tags["og:image:type"] == "image/png")
            #expect(tags["twitter:card"] == "summary_large_image" && tags["twitter:image"] == url)
            let alt = try #require(tags["og:image:alt"])
            #expect(alt.count > 10 && alt.contains("데모 데이터") && tags["twitter:image:alt"] == alt, "\(page): \(alt)")
            cards[page] = url
        }
        // Home is the latest day and shares its card.
        #expect(cards["index.html"] == cards["date/2024-02-10/index.html"])
        #expect(Set(cards.values).count == pages.count - 1, "each day, week, film and person has its own")
        // The alt text says what the card shows: the day's top 3 with today's audience.
        let day = try SiteFixture.text(out, "date/2024-02-10/index.html")
        #expect(Self.meta(day)["og:image:alt"]!.hasPrefix("2024년 2월 10일 (토) 일별 박스오피스 1위 "))
        // One card per day, week, weekend, film and person; nothing else in card/.
        let names = files.keys.filter { $0.hasPrefix("card/") }
        let people = files.keys.filter { $0.hasPrefix("person/") }.count
        let films = files.keys.filter { $0.hasPrefix("movie/") && $0.hasSuffix("index.html") }.count
        #expect(names.count == 14 + 2 + films + people, "\(names.count)")
    }

    @Test func aCardIsDrawnOnceAndTheMorningDrawsOnlyTheNewOnes() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let cache = folder.appendingPathComponent("cache")
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: out, until: "2024-02-10", baseURL: Self.base, cards: true, cache: cache)
        let drawn = cache.appendingPathComponent("cards")
        func inodes() throws -> [String: Int] {
            var out: [String: Int] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: drawn.path) {
                let attributes = try FileManager.default.attributesOfItem(atPath: drawn.appendingPathComponent(name).path)
                out[name] = (attributes[.systemFileNumber] as? Int) ?? -1
            }
            return out
        }
        let first = try inodes()
        let site = try SiteFixture.files(out).filter { $0.key.hasPrefix("card/") }
        #expect(site.count > 30 && site.allSatisfy { first[String($0.key.dropFirst(5))] != nil })
        for (path, png) in site { #expect(try Data(contentsOf: drawn.appendingPathComponent(String(path.dropFirst(5)))) == png) }

        // A cold build into a new folder with the same cache draws nothing: every card is the
        // cached file, untouched.
        let again = folder.appendingPathComponent("again")
        try await SiteFixture.build(into: again, until: "2024-02-10", baseURL: Self.base, cards: true, cache: cache)
        let second = try inodes()
        #expect(second == first, "\(second.filter { first[$0.key] != $0.value }.keys.sorted())")
        #expect(try SiteFixture.files(again).filter { $0.key.hasPrefix("card/") } == site, "byte for byte")

        // The next morning: the new day's card, and the cards whose figures moved (the films still
        // showing, their people, the home page's day), are drawn; no earlier day's is.
        try await SiteFixture.build(into: out, until: "2024-02-11", baseURL: Self.base, cards: true, cache: cache)
        let morning = try inodes()
        let new = Set(morning.keys).subtracting(first.keys)
        #expect(!new.isEmpty && new.count < site.count, "\(new.count) new of \(site.count)")
        for (name, inode) in first { #expect(morning[name] == inode, "\(name) was drawn again") }
        let after = try SiteFixture.files(out)
        func card(_ root: URL, _ page: String) throws -> String? { Self.meta(try SiteFixture.text(root, page))["og:image"] }
        #expect(try card(out, "date/2024-02-05/index.html") == card(again, "date/2024-02-05/index.html"))
        let newDay = try #require(Self.meta(String(decoding: after["date/2024-02-11/index.html"]!, as: UTF8.self))["og:image"])
        #expect(new.contains(String(newDay.split(separator: "/").last!)))
        // Cards of pages gone or changed are not left behind in the site.
        let referenced = Set(after.filter { $0.key.hasSuffix(".html") }.values.compactMap {
            Self.meta(String(decoding: $0, as: UTF8.self))["og:image"].map { String($0.dropFirst(Self.base.count)) }
        })
        #expect(Set(after.keys.filter { $0.hasPrefix("card/") }) == referenced)
    }

    @Test func withoutABaseURLCardsAreLeftOutAndSaidOnce() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let log = SiteFixture.Log()
        try await SiteFixture.build(into: out, days: 3, cards: true, log: log)
        let files = try SiteFixture.files(out)
        #expect(!files.keys.contains { $0.hasPrefix("card/") })
        #expect(!files.filter { $0.key.hasSuffix(".html") }.values.contains { String(decoding: $0, as: UTF8.self).contains("og:image") })
        #expect(log.lines.filter { $0.contains("share cards (og:image) left out") }.count == 1, "\(log.lines)")
        // Turned off (--no-cards), they are not mentioned.
        let off = SiteFixture.Log()
        let other = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: other, days: 3, baseURL: Self.base, cards: false, log: off)
        #expect(!(try SiteFixture.files(other)).keys.contains { $0.hasPrefix("card/") })
        #expect(!off.lines.contains { $0.contains("card") })
    }

    @Test func aHostileTitleIsTextOnItsCard() async throws {
        let hostile = "<svg onload=\"x\">&{{x}}</svg>"
        let rows = [ScriptedSource.row(rank: "1", code: "20240001", title: hostile), ScriptedSource.row(rank: "2", code: "20240002", title: "보통")]
        let source = ScriptedSource(rows: rows, movieTitle: { _ in hostile })
        // Unescaped, `&{{x}}` and the tags would make the card's SVG ill-formed, and librsvg would
        // refuse to draw it; escaped, the build draws it like any other.
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 1, baseURL: Self.base, source: source, cards: true)
        let page = try SiteFixture.text(out, "movie/20240001/index.html")
        let url = try #require(Self.meta(page)["og:image"])
        #expect(Self.pngSize(try Data(contentsOf: out.appendingPathComponent(String(url.dropFirst(Self.base.count))))) ?? (0, 0) == (1200, 630))
    }

    @Test func aFilmsCardEmbedsItsPosterAndALongTitleIsCut() throws {
        let poster = try PosterImages.testImage(width: 700, height: 1000)
        let long = String(repeating: "아주 긴 제목", count: 12)
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
            <rect width="1200" height="630" fill="#ffffff"/>
            <image x="60" y="50" width="340" height="486" href="sitegen-card-poster:p"/></svg>
            """
        let with = try CardImages.png(svg: svg, width: 1200, height: 630, images: [("sitegen-card-poster:p", poster, 340)])
        let without = try CardImages.png(svg: svg, width: 1200, height: 630, images: [])
        #expect(Self.pngSize(with)! == (1200, 630))
        #expect(with.count > without.count + 1000, "the poster is drawn into the card")
        // A card of the wrong size is an error, not a stretched picture.
        #expect(throws: ImageError.self) { try CardImages.png(svg: svg, width: 600, height: 315, images: []) }
        let cut = ShareCards.fit(long, width: 680, size: 56)
        #expect(cut.hasSuffix("…") && cut.count < long.count && cut.count >= 10)
    }

    /// A card's fonts draw an emoji sequence piece by piece: a family of four is seven boxes, a
    /// flag two. Measured as one character each, ten families "fit" 680 px at 56 px and ran
    /// seventy boxes off the card's edge with no ellipsis.
    @Test(arguments: ["👨‍👩‍👧‍👦", "🇰🇷", "🏳️‍🌈", "👍🏽"])
    func emojiSequencesAreMeasuredAsTheyAreDrawn(_ emoji: String) {
        let title = String(repeating: emoji, count: 10)
        let cut = ShareCards.fit(title, width: 680, size: 56)
        let drawn = cut.unicodeScalars.filter { $0 != "…" }.count
        #expect(drawn <= 680 / 56, "\(drawn) pieces drawn in room for \(680 / 56)")
        #expect(cut.hasSuffix("…"))
        #expect(cut.dropLast().allSatisfy { String($0) == emoji }, "a sequence is never cut in half")
        #expect(ShareCards.fit("영화 제목", width: 680, size: 56) == "영화 제목", "text that fits is left whole")
    }
}
