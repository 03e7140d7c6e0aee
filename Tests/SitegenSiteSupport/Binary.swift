import Foundation
import Testing

/// Runs the real `sitegen` binary (or another command), as a user would: the one way the suites
/// start a process, with a deadline of its own so a hung run fails its test instead of the suite.
public enum Binary {
    public static var url: URL {
        let folder = Bundle.main.executableURL!.deletingLastPathComponent()
        return folder.appendingPathComponent("sitegen")
    }

    /// `swift test` builds the binary beside the tests, so a missing one is a broken build or a
    /// test bundle run on its own: the test that needs it fails saying so, never passes by
    /// skipping (issue 59: up to 89 tests could).
    public struct Missing: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "the sitegen binary is missing at \(path): run `swift build` first" }
    }

    /// Throws `Missing` unless the debug binary is there to run.
    public static func requireBuilt() throws {
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw Missing(path: url.path) }
    }

    /// A process's exit status that remembers what the process printed: compared with a number
    /// (`result.status == 0`), and when the comparison fails Swift Testing shows the status with
    /// that output, so a wrong exit (an abort's 6, a hang's -1) never passes without a trace.
    public struct ExitStatus: Equatable, ExpressibleByIntegerLiteral, CustomTestStringConvertible, Sendable {
        public let code: Int32
        public var printed = ""
        public init(integerLiteral value: Int32) { code = value }
        public init(_ code: Int32, printed: String) { self.code = code; self.printed = printed }
        public static func == (a: ExitStatus, b: ExitStatus) -> Bool { a.code == b.code }
        public var testDescription: String {
            printed.isEmpty ? "\(code)" : "\(code), having printed:\n\(printed.suffix(4_000))"
        }
    }

    public struct Result: Sendable {
        public let status: ExitStatus; public let out: String; public let err: String
        /// The process's peak resident memory (VmHWM).
        public var peakMB = 0
        /// How long the process ran, from its start to its end: not the wait for a `ProcessSlots`
        /// slot before it, so a test timing a build times the build.
        public var seconds = 0.0
        public init(status: Int32, out: String, err: String) {
            self.status = ExitStatus(status, printed: "stdout: \(out)\nstderr: \(err)")
            self.out = out; self.err = err
        }
    }

    /// The sitegen binary with `arguments`. A run that does not end within `seconds` is killed
    /// and reported as hung (status -1); `launcher` runs the binary through another command
    /// (`setpriv … <binary>`), given whole.
    public static func run(
        _ arguments: [String], environment extra: [String: String] = [:], in directory: URL? = nil,
        timeout seconds: Double = 600, launcher: [String] = []
    ) async throws -> Result {
        try requireBuilt()
        let executable = launcher.first ?? url.path
        return try await runExecutable(
            executable, Array(launcher.dropFirst()) + arguments, environment: extra, in: directory, timeout: seconds)
    }

    /// Any command, with the API keys taken out of its environment. Waited for on a thread of its
    /// own: Swift Testing runs every test on the cooperative pool (one thread a core, two in CI),
    /// and two tests blocking it on their processes once stalled every other test for two minutes,
    /// long enough for the poster stage's deadline to fire in tests that never waited on a process.
    public static func runExecutable(
        _ path: String, _ arguments: [String], environment extra: [String: String] = [:], in directory: URL? = nil,
        timeout seconds: Double = 600
    ) async throws -> Result {
        try await ProcessSlots.shared.holding(for: Test.current.map { "\($0.id)" } ?? "") {
            try await OffPool.run { try runBlocking(path, arguments, environment: extra, in: directory, timeout: seconds) }
        }
    }

    /// The same, blocking the calling thread: only for commands that end at once (`mount`) where
    /// no test can wait, in a static value or a `defer`.
    public static func runBlocking(
        _ path: String, _ arguments: [String], environment extra: [String: String] = [:], in directory: URL? = nil,
        timeout seconds: Double = 600
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "KOBIS_API_KEY")
        env.removeValue(forKey: "KAKAO_REST_API_KEY")
        for (k, v) in extra { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let started = Date()
        let killer = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
        let peak = PeakMemory(of: process.processIdentifier)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        let hung = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        var result = Result(
            status: hung ? -1 : process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData, as: UTF8.self) + (hung ? "[killed after \(seconds) s]" : ""))
        result.peakMB = peak.stop()
        result.seconds = Date().timeIntervalSince(started)
        return result
    }
}
