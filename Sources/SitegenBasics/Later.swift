import Dispatch

/// A value worked out on another thread; `value` waits for it.
public final class Later<T: Sendable>: @unchecked Sendable {
    private var result: T?
    private let done = DispatchSemaphore(value: 0)

    public init(_ work: @escaping @Sendable () -> T) {
        DispatchQueue.global().async {
            self.result = work()
            self.done.signal()
        }
    }

    public var value: T {
        done.wait()
        done.signal()  // so a second read does not wait forever
        return result!
    }
}
