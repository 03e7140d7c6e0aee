import Foundation

/// Hands files to a writer's session on threads of their own, in batches of `batch` files and at
/// most `limit` files ahead, so writing overlaps rendering while memory stays flat. Batches,
/// because waking a writer thread for every one of 28,000 files cost more system calls (futex)
/// than writing them; two at once, because on ext4 a lone writer thread (creating a file costs
/// the kernel tens of microseconds) was what a cold build waited for last.
public final class BackgroundWriter: @unchecked Sendable {
    private let session: SiteWriter.Session
    /// Batches go to the queues in turn: two threads at most, never one blocked per batch.
    private let queues: [DispatchQueue]
    private var turn = 0
    private let group = DispatchGroup()
    private let room: DispatchSemaphore
    private let batch: Int
    private let lock = NSLock()
    private var failure: Error?
    /// Files not yet handed over: touched only by the thread calling `add` and `drain`.
    private var waiting: [(String, Data, String?)] = []

    public init(session: SiteWriter.Session, limit: Int = 2048, batch: Int = 32, threads: Int = 2) {
        self.session = session
        self.batch = max(1, min(batch, limit))
        room = DispatchSemaphore(value: max(1, limit / self.batch))
        queues = (0..<max(1, threads)).map { DispatchQueue(label: "sitegen.write.\($0)") }
    }

    /// `linking`: a file elsewhere with these very bytes, to hard-link in (see `Session.add`).
    public func add(_ path: String, _ contents: Data, linking: String? = nil) throws {
        if let failure = lock.withLock({ failure }) { throw failure }
        waiting.append((path, contents, linking))
        if waiting.count >= batch { handOver() }
    }

    private func handOver() {
        guard !waiting.isEmpty else { return }
        let files = waiting
        waiting = []
        room.wait()
        turn = (turn + 1) % queues.count
        queues[turn].async(group: group) { [self] in
            defer { room.signal() }
            for (path, contents, linking) in files {
                guard lock.withLock({ failure == nil }) else { return }
                do {
                    try session.add(path, contents, from: nil, linking: linking)
                } catch {
                    lock.withLock { if failure == nil { failure = error } }
                }
            }
        }
    }

    /// Waits for every queued file; rethrows the first write error.
    public func drain() throws {
        handOver()
        group.wait()
        if let failure = lock.withLock({ failure }) { throw failure }
    }
}
