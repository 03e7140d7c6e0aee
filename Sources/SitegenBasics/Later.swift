import Dispatch

/// A value worked out on another thread; `value` waits for it, or works it out itself when no
/// thread has begun it yet: with two cores both busy, the market index of a real-sized history
/// waited behind the people index for a thread while the one asking for it sat idle (a tenth
/// of a second of every morning).
public final class Later<T: Sendable>: @unchecked Sendable {
    private var result: T?
    private let done = DispatchSemaphore(value: 0)
    /// The work until someone takes it, guarded by `claim`: taken once, by a thread or the asker.
    private var work: (@Sendable () -> T)?
    private let claim = DispatchSemaphore(value: 1)

    public init(_ work: @escaping @Sendable () -> T) {
        self.work = work
        DispatchQueue.global().async {
            if let work = self.take() { self.finish(work()) }
        }
    }

    public var value: T {
        if let work = take() { finish(work()) }
        done.wait()
        done.signal()  // so a second read does not wait forever
        return result!
    }

    private func take() -> (@Sendable () -> T)? {
        claim.wait()
        defer { claim.signal() }
        let taken = work
        work = nil
        return taken
    }

    private func finish(_ value: T) {
        result = value
        done.signal()
    }
}
