import Dispatch

/// Holds a value until `drop`, on whatever thread calls it: what a step is done with (a whole
/// history's charts, films and index are hundreds of thousands of small objects) is freed beside
/// the steps after it, not on their way.
public final class FreeLater<T: Sendable>: @unchecked Sendable {
    private var value: T?
    public init(_ value: consuming T) { self.value = value }
    public func drop() { value = nil }

    /// `value`'s last reference released on a background thread. Pass it as the caller's last use
    /// of it (with `consume` where the compiler takes it), so the caller keeps no reference that
    /// would free it on its own thread after all.
    public static func inBackground(_ value: consuming T) {
        let box = FreeLater(value)
        DispatchQueue.global(qos: .background).async { box.drop() }
    }
}
