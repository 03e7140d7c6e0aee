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
/// producing (rendering pages) and no core waits for a batch's slowest item. At most `window`
/// results are produced ahead of the consumer, which bounds the memory they hold. The first error
/// `consume` throws stops the production of further items and is rethrown.
public func concurrentForEachInOrder<T>(_ count: Int, window: Int = 256, produce: @escaping @Sendable (Int) -> T,
                                        consume: (Int, T) throws -> Void) rethrows {
    guard count > 0 else { return }
    let slots = OrderedSlots<T>(count, window: max(1, window))
    let group = DispatchGroup()
    for _ in 0..<min(count, ProcessInfo.processInfo.activeProcessorCount) {
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            while let i = slots.claim() { slots.put(i, produce(i)) }
        }
    }
    defer {
        slots.stop()
        group.wait()
    }
    for i in 0..<count { try consume(i, slots.take(i)) }
}

/// Results filled in any order by producers and taken in index order by one consumer. Items are
/// claimed in index order, so the item the consumer waits for is always claimed or claimable: a
/// producer held back by the window holds a later item, never that one.
private final class OrderedSlots<T>: @unchecked Sendable {
    private let condition = NSCondition()
    private var values: [T?]
    private let window: Int
    private var next = 0, taken = 0, stopped = false

    init(_ count: Int, window: Int) {
        values = [T?](repeating: nil, count: count)
        self.window = window
    }

    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped && next < values.count && next >= taken + window { condition.wait() }
        guard !stopped, next < values.count else { return nil }
        next += 1
        return next - 1
    }

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
        let value = values[i]!
        values[i] = nil
        taken = i + 1
        condition.broadcast()
        return value
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}

/// `body` of 0..<count split into one contiguous range per core, each on a thread of its own
/// (the last on the calling thread), results in range order. For short, system-call-bound work
/// asked for from a Dispatch worker: there `concurrentPerform` was measured running on one
/// thread (a 50 ms `stat` pass used 1.02 CPUs), as the pool did not grow within the pass.
public func onEveryCore<T>(_ count: Int, _ body: @escaping @Sendable (Range<Int>) -> T) -> [T] {
    let cores = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count / 1024 + 1))
    let ranges = (0..<cores).map { c in count * c / cores..<count * (c + 1) / cores }
    let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: cores)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    let slots = UnsafeSlots(results.baseAddress!)
    let done = DispatchSemaphore(value: 0)
    for c in 0..<cores - 1 {
        let range = ranges[c]
        Thread.detachNewThread {
            slots.pointer[c] = body(range)
            done.signal()
        }
    }
    results[cores - 1] = body(ranges[cores - 1])
    for _ in 0..<cores - 1 { done.wait() }
    return results.map { $0! }
}

/// Maps with at most `limit` async operations in flight (requests, downloads), keeping input
/// order. The first error cancels the rest.
public func boundedMap<T: Sendable, R: Sendable>(
    _ items: [T], limit: Int, _ transform: @escaping @Sendable (T) async throws -> R
) async throws -> [R] {
    try await withThrowingTaskGroup(of: (Int, R).self) { group in
        var results = [R?](repeating: nil, count: items.count)
        var next = 0
        func addNext() {
            let index = next
            let item = items[index]
            group.addTask { (index, try await transform(item)) }
            next += 1
        }
        while next < min(limit, items.count) { addNext() }
        while let (index, value) = try await group.next() {
            results[index] = value
            if next < items.count { addNext() }
        }
        return results.map { $0! }
    }
}
