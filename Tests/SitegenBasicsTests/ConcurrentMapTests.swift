import Foundation
import Synchronization
import Testing
import SitegenBasics

/// The parallel maps rendering runs on: results in index order whatever order the cores finish in.
@Suite struct ConcurrentMapTests {
    @Test func concurrentMapKeepsIndexOrder() {
        let values = concurrentMap(1_000, chunk: 7) { i in i * i }
        #expect(values == (0..<1_000).map { $0 * $0 })
    }

    /// Items of very different cost (like a search page beside a person page) still arrive in
    /// order, each as soon as it and those before it are done, never more than the window ahead.
    @Test func inOrderHandsEveryResultOverInIndexOrderWithinItsWindow() {
        let produced = Atomic<Int>(0)
        var consumed: [Int] = []
        var mostAhead = 0
        concurrentForEachInOrder(2_000, window: 16, produce: { i in
            if i % 97 == 0 { usleep(2_000) }  // a slow item now and then
            produced.add(1, ordering: .sequentiallyConsistent)
            return i * 3
        }) { i, value in
            #expect(value == i * 3)
            consumed.append(i)
            mostAhead = max(mostAhead, produced.load(ordering: .sequentiallyConsistent) - consumed.count)
        }
        #expect(consumed == Array(0..<2_000))
        // The window, plus the items the cores were already producing when it filled.
        #expect(mostAhead <= 16 + ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test func inOrderStopsProducingAfterTheConsumerThrows() {
        struct Stop: Error {}
        let produced = Atomic<Int>(0)
        #expect(throws: Stop.self) {
            try concurrentForEachInOrder(10_000, window: 8, produce: { i in
                produced.add(1, ordering: .sequentiallyConsistent)
                return i
            }) { i, _ in if i == 20 { throw Stop() } }
        }
        #expect(produced.load(ordering: .sequentiallyConsistent) <= 21 + 8 + ProcessInfo.processInfo.activeProcessorCount)
    }
}
