import Foundation
import Testing
import SitegenSiteSupport
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

    /// Width and height of a card: a PNG's, or a JPEG's from its frame header (SOF0…SOF2).
    static func cardSize(_ data: Data) -> (Int, Int)? {
        if let size = pngSize(data) { return size }
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var i = 2
        while i + 9 < bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1], length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if (0xC0...0xC2).contains(marker) {
                return (Int(bytes[i + 7]) << 8 | Int(bytes[i + 8]), Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]))
            }
            i += 2 + length
        }
        return nil
    }

    /// Which pages have a card of their own is chosen so the whole history fits its host: the
    /// latest month's days, every week and weekend, every film, people with five films or more.
    /// The rest share one: an older day its week's, everything else the site's. Every `og:image`
    /// is a card in the site, and every card in the site is some page's.
    @Test func everySharedPageHasACardAndEveryCardIsInTheSite() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 45, baseURL: Self.base, cards: true)
        let files = try SiteFixture.files(out)
        var cards: [String: String] = [:]
        for (page, data) in files where page.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            let tags = Self.meta(html)
            let url = try #require(tags["og:image"], "\(page) has no og:image")
            let path = try #require(
                url.firstMatch(of: /^https:\/\/example\.com\/box\/(card\/[0-9a-f]{16}\.(png|jpg))$/), "\(url)")
            let image = try #require(files[String(path.output.1)], "\(page): \(url) is not in the site")
            #expect(Self.cardSize(image)! == (1200, 630), "\(page)")
            // No og:image:type: optional in Open Graph, and the host's Content-Type says it (3 MB of
            // tags over the whole history of both editions).
            #expect(tags["og:image:type"] == nil, "\(page)")
            #expect(tags["og:image:width"] == "1200" && tags["og:image:height"] == "630")
            // X reads og:image when there is no twitter:image (its documented fallback).
            #expect(tags["twitter:card"] == "summary_large_image" && tags["twitter:image"] == nil)
            let alt = try #require(tags["og:image:alt"])
            #expect(alt.count > 10 && alt.contains("데모 데이터") && tags["twitter:image:alt"] == alt, "\(page): \(alt)")
            cards[page] = url
        }
        #expect(Set(files.keys.filter { $0.hasPrefix("card/") }) == Set(cards.values.map { String($0.dropFirst(Self.base.count)) }))
        func card(_ page: String) -> String? { cards[page + "index.html"] }
        // Home is the latest day and shares its card; a day of the latest month has its own.
        #expect(card("") == card("date/2024-02-10/"))
        #expect(card("date/2024-02-09/") != card("date/2024-02-10/") && card("date/2024-01-11/") != card("date/2024-01-12/"))
        #expect(card("date/2024-02-10/filters/") == card("date/2024-02-10/"))
        // An older day shares its week's card (2024-01-08 is a Monday).
        #expect(card("date/2024-01-10/") == card("week/2024-01-08/"))
        #expect(card("date/2024-01-08/") == card("week/2024-01-08/"))
        #expect(card("week/2024-01-08/") != card("weekend/2024-01-12/"))
        // Pages with nothing of their own to show share the site's card.
        let site = try #require(card("archive/"))
        #expect(card("records/") == site && card("search/") == site && card("market/") == site)
        // Films have their own, people only with five films or more.
        let films = cards.filter { $0.key.hasPrefix("movie/") }
        #expect(films.count > 10 && Set(films.values).count == films.count && !films.values.contains(site))
        let people = cards.filter { $0.key.hasPrefix("person/") }
        let own = people.filter { $0.value != site }
        #expect(!own.isEmpty && own.count < people.count, "\(own.count) of \(people.count)")
        #expect(Set(own.values).count == own.count)
        // The alt text says what the card shows: the day's top 3 with today's audience.
        #expect(Self.meta(try SiteFixture.text(out, "date/2024-02-10/index.html"))["og:image:alt"]!
            .hasPrefix("2024년 2월 10일 (토) 일별 박스오피스 1위 "))
    }

    @Test func aCardIsDrawnOnceAndTheMorningDrawsOnlyTheNewOnes() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let cache = folder.appendingPathComponent("cache")
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: out, until: "2024-02-10", baseURL: Self.base, cards: true, cache: cache)
        let drawn = cache.appendingPathComponent("cards")
        func inodes() throws -> [String: Int] {
            var out: [String: Int] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: drawn.path) where !name.hasSuffix(".sum") {
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
        let after = try SiteFixture.files(out)
        // A card (or app icon) the site still publishes is the same file; one it no longer does is pruned.
        let published = Set(after.keys.filter { $0.hasPrefix("card/") || $0.hasPrefix("icon-") }
            .map { String($0.split(separator: "/").last!) })
        #expect(published.count < new.count + first.count, "no earlier card left the site")
        for (name, inode) in first {
            #expect(morning[name] == (published.contains(name) ? inode : nil), "\(name) drawn again or not pruned")
        }
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
        #expect(Self.cardSize(try Data(contentsOf: out.appendingPathComponent(String(url.dropFirst(Self.base.count))))) ?? (0, 0) == (1200, 630))
    }

    @Test func aFilmsCardEmbedsItsPosterAndALongTitleIsCut() throws {
        let poster = try PosterImages.testImage(width: 700, height: 1000)
        let long = String(repeating: "아주 긴 제목", count: 12)
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
            <rect width="1200" height="630" fill="#ffffff"/>
            <image x="60" y="50" width="340" height="486" href="sitegen-card-poster:p"/></svg>
            """
        let with = try CardImages.card(svg: svg, width: 1200, height: 630, images: [("sitegen-card-poster:p", poster, 340)])
        let without = try CardImages.card(svg: svg, width: 1200, height: 630, images: [])
        // With a poster, a JPEG; without, a PNG of 16 colours (4 bits a pixel: IHDR's bit depth).
        #expect(Self.cardSize(with)! == (1200, 630) && with.starts(with: [0xFF, 0xD8]))
        #expect(Self.pngSize(without)! == (1200, 630) && without[24] == 4 && without[25] == 3)
        #expect(with.count > without.count + 1000, "the poster is drawn into the card")
        // A card of the wrong size is an error, not a stretched picture.
        #expect(throws: ImageError.self) { try CardImages.card(svg: svg, width: 600, height: 315, images: []) }
        let cut = ShareCards.fit(long, width: 680, size: 56)
        #expect(cut.hasSuffix("…") && cut.count < long.count && cut.count >= 10)
    }

    /// The demo badge is a 310 px box: each edition's words for it fit inside (「Demo data ·
    /// fictional」 ran over both its ends), measured as titles are.
    @Test(arguments: ["ko", "en"]) func theDemoBadgeWordsFitTheBadge(_ language: String) throws {
        let table = try JSONDecoder().decode(
            [String: String].self,
            from: Data(contentsOf: SiteFixture.repo.appendingPathComponent("Templates/strings/\(language).json")))
        let words = try #require(table["cardDemo"])
        #expect(ShareCards.fit(words, width: 290, size: 32) == words, "\(language): \(words)")
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

    /// A title a letter too long for its line is drawn smaller before it is cut, and with nothing
    /// under it a long title takes two lines, broken between words: 「Sea Chaser: The Retur…」 was
    /// cut above half a card of room.
    @Test func aLongTitleIsDrawnSmallerOrOnTwoLinesBeforeItIsCut() {
        let title = "Sea Chaser: The Return"
        #expect(ShareCards.fit(title, width: 680, size: 56).hasSuffix("…"), "too long at 56 px")
        #expect(ShareCards.fit(title, width: 680, sizes: [56, 48]) == (title, 48))
        let long = "The Extraordinary Adventures of the Night Train to Busan"
        let lines = ShareCards.wrap(long, width: 680, size: 52)
        #expect(lines.count == 2 && lines[0].split(separator: " ").allSatisfy { long.contains($0) })
        #expect(lines.joined(separator: " ").hasPrefix(String(long.prefix(20))))
        #expect(lines.allSatisfy { ShareCards.fits($0, width: 680, size: 52) })
        #expect(ShareCards.wrap("영화 제목", width: 680, size: 52) == ["영화 제목"], "one line when it fits")
        // A first word longer than the line is cut as one line, not left empty.
        let word = String(repeating: "가", count: 30)
        #expect(ShareCards.wrap(word, width: 680, size: 52).count == 1)
        #expect(ShareCards.wrap(word, width: 680, size: 52)[0].hasSuffix("…"))
    }
}
