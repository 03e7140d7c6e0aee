import Foundation

/// How long each step of a build took (`--timings`, as Zola and Publish report theirs): the steps
/// mark when they end, and the line gives each one's share of the run. Marks may come from the
/// writer's thread as well as the build's, hence the lock.
public final class StepTimes: @unchecked Sendable {
    private let lock = NSLock()
    private let started: DispatchTime
    private var marks: [(step: String, at: Double)] = []

    public init(started: DispatchTime = .now()) { self.started = started }

    /// `step` has ended now.
    public func mark(_ step: String) {
        let at = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        lock.withLock { marks.append((step, at)) }
    }

    /// When the current run began (`beginRun`): `serve` rebuilds with one pipeline many times.
    private var runStarted: DispatchTime?

    /// Marks the start of a build or rebuild, which `elapsed` counts from.
    public func beginRun() { lock.withLock { runStarted = .now() } }

    /// Seconds since the current run began (or the first step, when no run was begun).
    public var elapsed: Double {
        let origin = lock.withLock { runStarted ?? started }
        return Double(DispatchTime.now().uptimeNanoseconds - origin.uptimeNanoseconds) / 1e9
    }

    public var steps: [(step: String, seconds: Double)] {
        lock.withLock {
            var previous = 0.0
            return marks.map { mark in
                defer { previous = mark.at }
                return (mark.step, max(0, mark.at - previous))
            }
        }
    }

    /// 「timings: load 0.007 s · fetch 0.163 s · … (0.650 s in all)」
    public var line: String {
        let steps = self.steps
        let total = lock.withLock { marks.last?.at ?? 0 }
        return "timings: " + steps.map { String(format: "%@ %.3f s", $0.step, $0.seconds) }.joined(separator: " · ")
            + String(format: " (%.3f s in all)", total)
    }
}
