import Dispatch
import Foundation
import SitegenBasics
import Testing

/// `Later`: a value worked out once, on another thread or by whoever asks for it first.
@Suite struct LaterTests {
    /// Counts runs from any thread.
    final class Runs: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var total: Int { lock.withLock { count } }
    }

    @Test func eachWorkRunsOnceAndEveryReadGetsItsValue() {
        let runs = Runs()
        let laters = (0..<200).map { i in Later { runs.add(); return i * 2 } }
        // Read at once (many taken by the reader) and again (read twice, never waiting forever).
        #expect(laters.map(\.value) == (0..<200).map { $0 * 2 })
        #expect(laters.map(\.value) == (0..<200).map { $0 * 2 })
        #expect(runs.total == 200)
    }

    /// Every thread of the pool busy: the one asking works the value out itself rather than
    /// waiting for a thread to become free.
    @Test func theAskerWorksItOutWhenNoThreadIsFree() {
        let blockers = ProcessInfo.processInfo.activeProcessorCount * 4
        let gate = DispatchSemaphore(value: 0)
        let busy = DispatchGroup()
        for _ in 0..<blockers { DispatchQueue.global().async(group: busy) { gate.wait() } }
        let later = Later { 42 }
        let answered = DispatchSemaphore(value: 0)
        let asker = Thread {
            #expect(later.value == 42)
            answered.signal()
        }
        asker.start()
        let inTime = answered.wait(timeout: .now() + 5) == .success
        for _ in 0..<blockers { gate.signal() }
        busy.wait()
        if !inTime { answered.wait() }
        #expect(inTime)
    }
}
