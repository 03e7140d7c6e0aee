import Foundation

/// Hands files to a writer's session on a thread of its own (one serial queue), at most `limit`
/// files ahead, so writing overlaps rendering while memory stays flat.
public final class BackgroundWriter: @unchecked Sendable {
    private let session: SiteWriter.Session
    private let queue = DispatchQueue(label: "sitegen.write")
    private let room: DispatchSemaphore
    private let lock = NSLock()
    private var failure: Error?

    public init(session: SiteWriter.Session, limit: Int = 2048) {
        self.session = session
        room = DispatchSemaphore(value: limit)
    }

    public func add(_ path: String, _ contents: Data) throws {
        if let failure = lock.withLock({ failure }) { throw failure }
        room.wait()
        queue.async { [self] in
            defer { room.signal() }
            guard lock.withLock({ failure == nil }) else { return }
            do { try session.add(path, contents) } catch { lock.withLock { if failure == nil { failure = error } } }
        }
    }

    /// Waits for every queued file; rethrows the first write error.
    public func drain() throws {
        queue.sync {}
        if let failure = lock.withLock({ failure }) { throw failure }
    }
}
