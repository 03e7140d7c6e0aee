import Foundation

/// A file written on another thread while the command goes on (a memo of many MB), one at a time:
/// `start` waits for the last write first, and `settle` waits for the current one, which a
/// command does before it ends, or its exit would stop the write.
public final class BackgroundWrite: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Later<Void>?

    public init() {}

    public func start(_ work: @escaping @Sendable () -> Void) {
        settle()
        lock.withLock { current = Later(work) }
    }

    public func settle() {
        _ = lock.withLock { current }?.value
    }
}
