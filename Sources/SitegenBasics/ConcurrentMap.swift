import Dispatch
import Foundation

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

/// `produce` of 0..<count on all cores, each result handed to `consume` on the calling thread in
/// index order as soon as it and all before it are ready, so consuming (writing files) overlaps
/// producing (rendering pages) instead of waiting for the slowest one. Every result is produced
/// even if `consume` throws; the first error is rethrown after.
public func concurrentForEachInOrder<T>(_ count: Int, produce: @escaping @Sendable (Int) -> T,
                                        consume: (Int, T) throws -> Void) rethrows {
    guard count > 0 else { return }
    let slots = OrderedSlots<T>(count)
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global(qos: .userInitiated).async {
        DispatchQueue.concurrentPerform(iterations: count) { i in slots.put(i, produce(i)) }
        finished.signal()
    }
    defer { finished.wait() }
    for i in 0..<count { try consume(i, slots.take(i)) }
}

/// Results filled in any order by producers and taken in index order by one consumer.
private final class OrderedSlots<T>: @unchecked Sendable {
    private let condition = NSCondition()
    private var values: [T?]

    init(_ count: Int) { values = [T?](repeating: nil, count: count) }

    func put(_ i: Int, _ value: T) {
        condition.lock()
        values[i] = value
        condition.broadcast()
        condition.unlock()
    }

    func take(_ i: Int) -> T {
        condition.lock()
        defer { condition.unlock() }
        while values[i] == nil { condition.wait() }
        defer { values[i] = nil }
        return values[i]!
    }
}
