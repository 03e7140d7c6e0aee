import Foundation

/// Blocking work (a process waited for, a socket read, a poll with sleeps) done on a thread of its
/// own while the asking test is suspended. Swift Testing runs tests on the cooperative pool, one
/// thread a core: a test that blocks one of the two CI threads halves every other test's share,
/// and two that block both stop every other test until they end (issue 59's CI, stop 66).
public enum OffPool {
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}

/// At most one process a core run by `Binary` at once, the rest waiting suspended. While the
/// waits blocked the pool, the pool's width was this limit without saying so; once they no longer
/// did, every test started its process together and the serve tests' 20 s to start ran out.
/// A free slot goes to the test that has run the most processes: the pool gave a test its thread
/// for all its runs, and a test of forty runs one after another, queued behind every other test
/// for each, ended a minute and a half after the rest.
public actor ProcessSlots {
    public static let shared = ProcessSlots(ProcessInfo.processInfo.activeProcessorCount)
    private var free: Int
    private var ran: [String: Int] = [:]
    private var waiting: [(runs: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(_ width: Int) { free = max(1, width) }

    /// A slot for the test named `test`, once one is free.
    public func acquire(for test: String) async {
        let runs = ran[test, default: 0]
        ran[test] = runs + 1
        if free > 0 { free -= 1; return }
        await withCheckedContinuation { waiting.append((runs, $0)) }
    }

    public func release() {
        // The first of those with the most runs: the order asked in among equals.
        guard let most = waiting.indices.max(by: { waiting[$0].runs < waiting[$1].runs || (
            waiting[$0].runs == waiting[$1].runs && $0 > $1) })
        else { free += 1; return }
        waiting.remove(at: most).continuation.resume()
    }

    /// `work` once a slot is free, the slot given back however it ends.
    public func holding<T: Sendable>(for test: String, _ work: @Sendable () async throws -> T) async rethrows -> T {
        await acquire(for: test)
        do {
            let value = try await work()
            release()
            return value
        } catch {
            release()
            throw error
        }
    }
}
