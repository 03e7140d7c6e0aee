import Foundation
import SitegenBasics

/// The KOBIS calls one run may make, shared by every request of the run. KOBIS allows a key
/// 3,000 calls a day; a backfill of the whole history needs about six times that, so a run
/// spends at most its budget and stops cleanly, keeping what it fetched, when the budget or the
/// day's quota (320011) runs out. Kakao's searches and poster downloads are not KOBIS calls and
/// are not counted.
public final class CallBudget: @unchecked Sendable {
    /// Leaves 500 calls of the day's 3,000 for a person who wants to look something up by hand,
    /// and for the retries that a flaky morning adds (a retried call counts once here).
    public static let defaultLimit = 2_500
    public static let dailyQuota = 3_000

    public enum Stop: Sendable, Equatable {
        case budget(Int)
        case quota(String)

        public var description: String {
            switch self {
            case .budget(let limit):
                "the budget of \(Count.grouped(limit)) KOBIS \(limit == 1 ? "call" : "calls") is spent"
            case .quota(let fault): "KOBIS says the key's daily quota is used up (\(fault))"
            }
        }
    }

    /// nil: no limit of this run's own (the day's quota still stops it).
    public let limit: Int?
    private let lock = NSLock()
    private var used = 0
    private var stopped: Stop?

    public init(limit: Int?) { self.limit = limit }

    public var spent: Int { lock.withLock { used } }
    public var stop: Stop? { lock.withLock { stopped } }

    /// Takes one call, or says why none is left; after a stop every later call is refused at once,
    /// so no request is sent that could only fail.
    func take() throws {
        try lock.withLock {
            if let stopped { throw FetchStopped(stop: stopped) }
            if let limit, used >= limit {
                stopped = .budget(limit)
                throw FetchStopped(stop: .budget(limit))
            }
            used += 1
        }
    }

    func quotaReached(_ fault: String) -> FetchStopped {
        lock.withLock {
            if stopped == nil { stopped = .quota(fault) }
            return FetchStopped(stop: stopped!)
        }
    }
}

/// A request not sent because the run's calls are used up: not a failure of the item, which the
/// next run fetches.
public struct FetchStopped: Error, Sendable, CustomStringConvertible {
    public let stop: CallBudget.Stop
    public var description: String { stop.description }
}
