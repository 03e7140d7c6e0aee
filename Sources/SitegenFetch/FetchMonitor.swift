import Foundation

/// Counts what the fetch stage does and collects its warnings, for the live progress line and the
/// closing summary. Shared by the fetcher, the cache and the network client of one build.
public final class FetchMonitor: @unchecked Sendable {
    public struct Snapshot: Sendable, Equatable {
        public var planned = 0
        public var done = 0
        public var cacheHits = 0
        public var network = 0
        public var retries = 0
        public var failures = 0
        public var daysPlanned = 0
        public var daysFetched = 0
        /// KOBIS calls made, and what `sitegen fetch` planned: for its estimate of the days left.
        public var kobisCalls = 0
        public var backfillCalls = 0
        public var callsPerDay = 0
    }

    private let lock = NSLock()
    private var counts = Snapshot()
    private var notes: [String] = []
    private var warnedKinds = Set<String>()

    public init() {}

    public var snapshot: Snapshot { lock.withLock { counts } }
    public var warnings: [String] { lock.withLock { notes } }

    public func plan(_ n: Int) { lock.withLock { counts.planned += n } }
    public func finished(failed: Bool = false) {
        lock.withLock {
            counts.done += 1; if failed { counts.failures += 1 }
        }
    }
    /// A backfill's plan: `calls` KOBIS calls at `perDay` a day.
    public func planBackfill(calls: Int, perDay: Int) {
        lock.withLock {
            counts.backfillCalls = calls; counts.callsPerDay = perDay
        }
    }
    func kobisCall() { lock.withLock { counts.kobisCalls += 1 } }
    func planDays(_ n: Int) { lock.withLock { counts.daysPlanned += n } }
    func dayFetched() { lock.withLock { counts.daysFetched += 1 } }
    func cacheHit() { lock.withLock { counts.cacheHits += 1 } }
    func networkRequest() { lock.withLock { counts.network += 1 } }
    func retried() { lock.withLock { counts.retries += 1 } }
    func warn(_ message: String) { lock.withLock { notes.append(message) } }
    /// The first of a kind only: a folder that cannot be written fails for every file, and one line says it.
    func warnOnce(_ kind: String, _ message: String) {
        lock.withLock { if warnedKinds.insert(kind).inserted { notes.append(message) } }
    }

    /// "fetch: 65 items, 30 from the cache, 37 requests over the network (2 retries), 0 failures"
    public var summaryLine: String {
        let s = snapshot
        return "fetch: \(s.done) \(s.done == 1 ? "item" : "items"), \(s.cacheHits) from the cache, "
            + "\(s.network) \(s.network == 1 ? "request" : "requests") over the network "
            + "(\(s.retries) \(s.retries == 1 ? "retry" : "retries")), \(s.failures) "
                + "\(s.failures == 1 ? "failure" : "failures")"
    }

    /// "fetch 34/60 · days 12 done, 18 left · 20 cached · 1 retry"
    public var progressLine: String {
        let s = snapshot
        var line = "fetch \(s.done)/\(max(s.planned, s.done))"
        if s.daysPlanned > 0 { line += " · days \(s.daysFetched) done, \(max(0, s.daysPlanned - s.daysFetched)) left" }
        if s.callsPerDay > 0 {
            let left = max(0, s.backfillCalls - s.kobisCalls)
            line += " · about \((left + s.callsPerDay - 1) / s.callsPerDay) days of quota to go"
        }
        line += " · \(s.cacheHits) cached · \(s.network) over the network"
        if s.retries > 0 { line += " · \(s.retries) \(s.retries == 1 ? "retry" : "retries")" }
        if s.failures > 0 { line += " · \(s.failures) failed" }
        return line
    }
}
