import Dispatch

/// `transform` of 0..<count on all cores, returned in index order whatever order the cores
/// finish in. Each slot is written by exactly one thread, so no lock is needed.
public func concurrentMap<T>(_ count: Int, chunk: Int = 256, _ transform: @Sendable (Int) -> T) -> [T] {
    guard count > 0 else { return [] }
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        let base = UnsafeSlots(buffer.baseAddress!)
        DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { c in
            for i in c * chunk..<min(count, (c + 1) * chunk) { (base.pointer + i).initialize(to: transform(i)) }
        }
        initialized = count
    }
}

/// The buffer `concurrentMap` fills, handed to its threads (each writes only its own slots).
private struct UnsafeSlots<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}
