import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenImage
import SitegenTestSupport
import SitegenBasics

/// What the card cache keeps reaches the site by a hard link: only a regular file of the cache's
/// own, whose bytes still have their checksum, ever does; anything else is drawn again.
@Suite struct KeptCardTests {
    static let base = "https://example.com/box/"

    /// A site with cards built with `cache`; the name and bytes of one film's card.
    func built(_ folder: URL, cache: URL) async throws -> (name: String, bytes: Data) {
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3, until: "2024-02-10", baseURL: Self.base, cards: true, cache: cache)
        let cards = try SiteFixture.files(out).filter { $0.key.hasPrefix("card/") }
        let (path, bytes) = try #require(cards.sorted { $0.key < $1.key }.first)
        return (String(path.dropFirst("card/".count)), bytes)
    }

    /// The card's file in a fresh site built from the same cache, and whether it is a regular file.
    func rebuilt(_ folder: URL, cache: URL, _ name: String) async throws -> (Data, Bool) {
        let again = folder.appendingPathComponent("again")
        try await SiteFixture.build(into: again, days: 3, until: "2024-02-10", baseURL: Self.base, cards: true, cache: cache)
        let path = again.appendingPathComponent("card/" + name).path
        var info = stat()
        let regular = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        return (try Data(contentsOf: URL(fileURLWithPath: path)), regular)
    }

    /// The cached card replaced by a link to another image outside the cache (with a checksum
    /// that matches it, so only the link itself is wrong): the site gets the card it should.
    @Test func aLinkInTheCardCacheNeverPublishesWhatItPointsTo() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let cache = folder.appendingPathComponent("cache")
        let (name, card) = try await built(folder, cache: cache)
        let cached = cache.appendingPathComponent("cards/" + name)
        // Any image on the machine: another card's bytes, as the old wholeness check took any PNG.
        let others = try FileManager.default.contentsOfDirectory(atPath: cached.deletingLastPathComponent().path)
            .filter { $0.hasSuffix(".png") && $0 != name }
        let secret = folder.appendingPathComponent("secret.png")
        try FileManager.default.copyItem(at: cache.appendingPathComponent("cards/" + others[0]), to: secret)
        let secretBytes = try Data(contentsOf: secret)
        #expect(secretBytes != card)
        try FileManager.default.removeItem(at: cached)
        try FileManager.default.createSymbolicLink(at: cached, withDestinationURL: secret)
        try Data(KeptFiles.sum(secretBytes, name).utf8).write(to: URL(fileURLWithPath: cached.path + ".sum"))

        let (published, regular) = try await rebuilt(folder, cache: cache, name)
        #expect(published == card, "the linked image was published as the card")
        #expect(regular, "the site holds a link")
    }

    /// Sixteen bytes flipped in the middle of a cached card (a new file, so the first site keeps
    /// its own): its end is still a PNG's, but the next site draws it again.
    @Test func aDamagedCardIsDrawnAgainNotPublished() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let cache = folder.appendingPathComponent("cache")
        let (name, card) = try await built(folder, cache: cache)
        let cached = cache.appendingPathComponent("cards/" + name)
        var damaged = try Data(contentsOf: cached)
        for i in 0..<16 { damaged[damaged.count / 2 + i] ^= 0xFF }
        try damaged.write(to: cached, options: .atomic)

        let (published, _) = try await rebuilt(folder, cache: cache, name)
        #expect(published == card, "the damaged card was published")
    }
}
