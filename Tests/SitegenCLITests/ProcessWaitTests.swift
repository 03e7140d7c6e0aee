import Foundation
import Testing
import SitegenSiteSupport

/// The suites' one process runner leaves the cooperative pool free while it waits: two tests
/// that blocked both threads of a two-core CI on their processes once held every other test
/// for two minutes, and the poster stage's deadline fired in tests that ran no process at all.
@Suite struct ProcessWaitTests {
    /// As many processes as there are pool threads, each running for seconds: a task asked for
    /// while they run, runs while they run. While the runner blocked its thread, the test itself
    /// could look only once they had ended.
    @Test func aTaskRunsWhileEveryProcessSlotWaitsOnAProcess() async throws {
        let width = ProcessInfo.processInfo.activeProcessorCount
        let ended = Flag()
        let sleeps = (0..<width).map { _ in
            Task {
                defer { ended.set() }
                return try await Binary.runExecutable("/bin/sleep", ["5"])
            }
        }
        // The slots may be other tests' for a while: looked for until one of these has begun, or
        // (with the pool held) one has already ended.
        while Self.sleeping() == 0, !ended.isSet { try await Task.sleep(for: .milliseconds(20)) }
        let during = await Task.detached { Self.sleeping() }.value
        for sleep in sleeps { #expect(try await sleep.value.status == 0) }
        #expect(during >= 1, "the task ran only after the processes had ended")
    }

    /// This process's `sleep` children running now.
    static func sleeping() -> Int {
        let me = getpid()
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return tasks.filter { pid in
            guard Int32(pid) != nil,
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  stat.contains("(sleep)")
            else { return false }
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            return fields.count > 2 && Int32(fields[1]) == me
        }.count
    }
}
