import Testing
@testable import SitegenBuild
@testable import SitegenRender
@testable import SitegenWrite

/// Which pages a rebuild renders again: the last build's list is read side by side with this one's,
/// and no page whose key changed may ever be missed.
@Suite struct ChangedPagesTests {
    /// The rule itself, by id: every page new, unkeyed or with another key than last time.
    static func byID(_ pages: [PageKey], since old: [BuildManifest.Page]) -> Set<String> {
        var keys: [String: UInt64] = [:]
        for page in old { if let key = page.key { keys[page.id] = key } }
        return Set(pages.filter { $0.key == nil || keys[$0.id] != $0.key }.map(\.id))
    }

    static func manifest(_ pages: [BuildManifest.Page]) -> BuildManifest {
        BuildManifest(builder: "test", folder: "", pages: pages)
    }

    @Test func aMorningsNewDroppedAndChangedPagesAreFoundAndNoOthers() {
        let old = (0..<300).map { BuildManifest.Page(id: "page \($0)", key: UInt64($0), files: []) }
        var pages = (0..<300).map { PageKey(id: "page \($0)", key: UInt64($0)) }
        pages[150] = PageKey(id: "page 150", key: 9_999)
        pages[299] = PageKey(id: "page 299", key: nil)
        pages.remove(at: 120)
        pages.insert(PageKey(id: "date 2025-12-31", key: 1), at: 51)
        // Twenty pages dropped at once: the next is found past them.
        pages.removeSubrange(200..<220)
        let changed = Pipeline.compare(pages, since: Self.manifest(old)).changed
        #expect(changed.isSuperset(of: Self.byID(pages, since: old)))
        #expect(changed == ["date 2025-12-31", "page 150", "page 299"])
        // Each page found is where the last build had it: its record is kept from there.
        let comparison = Pipeline.compare(pages, since: Self.manifest(old))
        #expect(zip(pages, comparison.previous).allSatisfy { page, place in
            place.map { old[$0].id == page.id } ?? (page.id == "date 2025-12-31")
        })
        #expect(pages.indices.filter { comparison.rendered[$0] }.map { pages[$0].id }.sorted() == changed.sorted())
    }

    @Test func listsThatPartFindEveryChangedPageByIdAfterAFewMisses() {
        let old = (0..<500).map { BuildManifest.Page(id: "page \($0)", key: UInt64($0), files: []) }
        let pages = (0..<500).reversed().map { (i: Int) -> PageKey in
            PageKey(id: "page \(i)", key: UInt64(i % 7 == 0 ? i + 1 : i))
        }
        let expected = Self.byID(pages, since: old)
        let changed = Pipeline.compare(pages, since: Self.manifest(old), window: 16, misses: 32).changed
        #expect(changed.isSuperset(of: expected))
        // Only the pages missed before the lists were found to have parted are rendered needlessly.
        #expect(changed.subtracting(expected).count <= 32)
        #expect(expected.count == 72 && changed.count < 72 + 33)
    }
}
