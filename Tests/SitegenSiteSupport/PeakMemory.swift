import Foundation

/// A child's peak resident memory, read from its /proc/<pid>/status (VmHWM, which only grows)
/// every 20 ms while it runs: the kernel forgets it once the child is reaped, and
/// getrusage(RUSAGE_CHILDREN) gives the largest of every child the test process ever had.
public final class PeakMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var peakKB = 0
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    public init(of pid: Int32) {
        Thread.detachNewThread { [self] in
            // Bounded: the run it watches is killed at its own timeout, and 30 min of samples is more than any test.
            for _ in 0..<90_000 where lock.withLock({ running }) {
                if let kb = Self.vmHWM(pid) { lock.withLock { peakKB = max(peakKB, kb) } }
                Thread.sleep(forTimeInterval: 0.02)
            }
            done.signal()
        }
    }

    /// Stops sampling; the peak in MB.
    public func stop() -> Int {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock { peakKB } / 1024
    }

    public static func vmHWM(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
}
