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
}
