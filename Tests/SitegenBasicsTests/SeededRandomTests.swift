import SitegenBasics
import Testing

@Suite struct SeededRandomTests {
    @Test func aSeededGeneratorReplaysTheSameSequence() {
        var a = SeededRandom(7, 11), b = SeededRandom(7, 11), c = SeededRandom(11, 7)
        let first = (0..<5).map { _ in a.next() }
        #expect(first == (0..<5).map { _ in b.next() })
        #expect(first != (0..<5).map { _ in c.next() })
        #expect((0..<1000).allSatisfy { _ in (0..<1).contains(a.unit()) })
    }

    @Test func fourSeedsWithoutAnArrayGiveTheSameSequence() {
        for seeds in [[0, 0, 0, 0], [1, 2, 3, 4], [-5, 1_000_000, Int.max, Int.min], [2_000, 3, 19_800, 1]] {
            var fixed = SeededRandom(seeds[0], seeds[1], seeds[2], seeds[3]), listed = SeededRandom(seeds: seeds)
            #expect((0..<5).map { _ in fixed.next() } == (0..<5).map { _ in listed.next() }, "\(seeds)")
        }
    }
}
