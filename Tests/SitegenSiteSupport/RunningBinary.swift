import Foundation

/// `sitegen` run in the background (`serve`), its output collected as it comes, for a test to wait on.
public final class RunningBinary: @unchecked Sendable {
    public let process = Process()
    public let out = Pipe(), err = Pipe()
    private let lock = NSLock()
    private var collected = ""
    public init() {}
    public func output() -> String { lock.withLock { collected } }
    public func start(_ arguments: [String], in folder: URL) throws {
        try Binary.requireBuilt()
        process.executableURL = Binary.url
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "KOBIS_API_KEY")
        process.environment = env
        process.standardOutput = out
        process.standardError = err
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.collected += text }
        }
        try process.run()
    }
    public func waitFor(_ text: String, seconds: Double = 20) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline { if output().contains(text) { return true }; try? await Task.sleep(for: .milliseconds(50)) }
        return false
    }
    /// Waits for the process to end, off the cooperative pool (`OffPool`).
    public func exited() async {
        await OffPool.run { [self] in process.waitUntilExit() }
    }
}
