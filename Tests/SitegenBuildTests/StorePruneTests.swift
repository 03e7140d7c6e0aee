import Foundation
import Testing
import SitegenSiteSupport
import SitegenBasics
@testable import SitegenFetch
@testable import SitegenImage
@testable import SitegenModel
import SitegenTestSupport

/// What a build keeps (`KeptStore`) holds what the site uses: a whole successful build deletes
/// the rest, a failed one nothing, and losing all of it costs time, never a byte of the site.
@Suite struct StorePruneTests {
    static let base = "https://example.com/box/"

    func build(_ output: URL, cache: URL, templates: URL? = nil) async throws {
        if let templates {
            try await SiteFixture.build(into: output, days: 3, until: "2024-02-10", templates: templates,
                                        baseURL: Self.base, cards: true, cache: cache)
        } else {
            try await SiteFixture.build(into: output, days: 3, until: "2024-02-10", baseURL: Self.base, cards: true,
                                        cache: cache)
        }
    }

    /// A card no page shows any more (kept by an earlier build) outlives a failed build, and goes
    /// with the next whole one; every card the site publishes stays.
    @Test func aWholeBuildPrunesACardNoLongerUsedAndAFailedBuildNothing() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let cache = folder.appendingPathComponent("cache")
        try await build(folder.appendingPathComponent("a/_site"), cache: cache)
        let stale = KeptStore(cache: cache).cards
        stale.keep(Data("a card of a day no longer built".utf8), as: "00000000stale.png")

        let broken = try SiteFixture.templatesFailingAtRender(in: folder)
        await #expect(throws: (any Error).self) {
            try await build(folder.appendingPathComponent("b/_site"), cache: cache, templates: broken)
        }
        #expect(FileManager.default.fileExists(atPath: stale.path("00000000stale.png")), "pruned after a failure")

        let site = folder.appendingPathComponent("c/_site")
        try await build(site, cache: cache)
        #expect(!FileManager.default.fileExists(atPath: stale.path("00000000stale.png")))
        #expect(!FileManager.default.fileExists(atPath: stale.path("00000000stale.png") + ".sum"))
        let cards = try SiteFixture.files(site).keys.filter { $0.hasPrefix("card/") }
        #expect(!cards.isEmpty)
        for card in cards {
            #expect(KeptStore(cache: cache).cards.take(String(card.dropFirst(5))) != nil, "\(card) pruned")
        }
    }

    /// The store deleted whole between two builds: the second draws every card again and makes
    /// the same site, byte for byte.
    @Test func deletingTheWholeStoreGivesTheSameSite() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let cache = folder.appendingPathComponent("cache")
        let first = folder.appendingPathComponent("a/_site")
        try await build(first, cache: cache)
        try FileManager.default.removeItem(at: cache)
        let second = folder.appendingPathComponent("b/_site")
        try await build(second, cache: cache)
        // The output's own bookkeeping (`.sitegen*`) names its folder, so it differs by design.
        func site(_ root: URL) throws -> [String: Data] { try SiteFixture.files(root).filter { !$0.key.hasPrefix(".") } }
        let a = try site(first), b = try site(second)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (path, data) in a where b[path] != data { Issue.record("\(path) differs") }
        #expect(a.keys.contains { $0.hasPrefix("card/") })
    }

    /// A poster no film shows any more: its list and copies go when the next build prunes, the
    /// others' stay and are taken again without reading an original.
    @Test func aPosterNoLongerShownIsPrunedAndTheOthersKept() async throws {
        let cache = try TestFolders.make()
        let images = PosterStoreTests.Images()
        _ = try await PosterCopies(
            source: images, jobs: 2, monitor: FetchMonitor(), deadline: TestDeadline.none, store: PosterStore(cache: cache)
        ).run(PosterStoreTests.dataset)
        var fewer = PosterStoreTests.dataset
        fewer.posters["20240004"] = nil
        let store = KeptStore(cache: cache)
        let (out, _, bytes) = try await PosterCopies(
            source: images, jobs: 2, monitor: FetchMonitor(), deadline: TestDeadline.none, store: PosterStore(kept: store.posters)
        ).run(fewer)
        let usage = store.prune(published: [])
        #expect(usage.removedFiles == 1 + 4, "the list and its four copies")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: store.posters.folder.path))
        #expect(left.count == 3 + 3 * 4)
        #expect(Set(bytes.keys.map { String($0.split(separator: "/").last!) }).isSubset(of: left))
        let again = PosterStore(cache: cache)
        let (kept, _, _) = try await PosterCopies(source: images, jobs: 2, monitor: FetchMonitor(), deadline: TestDeadline.none, store: again)
            .run(fewer)
        #expect(again.reused == 3 && images.count == 4 && kept.sizedPosters == out.sizedPosters)
    }
}
