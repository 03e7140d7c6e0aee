import Foundation
import Testing

/// `sitegen` run in the background (`serve`), its output collected as it comes, for a test to wait on.
public final class RunningBinary: @unchecked Sendable {
    public let process = Process()
    public let out = Pipe(), err = Pipe()
    private let lock = NSLock()
    private var collected = ""
    private var holdsSlot = false
    public init() {}
    public func output() -> String { lock.withLock { collected } }

    /// Starts once a `ProcessSlots` slot is free, and holds it while the process starts up (until
    /// `waitFor` has waited, or the process ends): a preview builds its site first, and six of them
    /// started beside every other test at once took longer than 20 s to say where they listen.
    public func start(_ arguments: [String], in folder: URL) async throws {
        try Binary.requireBuilt()
        await ProcessSlots.shared.acquire(for: Test.current.map { "\($0.id)" } ?? "")
        lock.withLock { holdsSlot = true }
        process.terminationHandler = { [weak self] _ in self?.releaseSlot() }
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
        do { try process.run() } catch {
            releaseSlot()
            throw error
        }
    }

    /// Whether `text` is printed within `seconds`; the slot `start` took is given back either way.
    public func waitFor(_ text: String, seconds: Double = 60) async -> Bool {
        defer { releaseSlot() }
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline { if output().contains(text) { return true }; try? await Task.sleep(for: .milliseconds(50)) }
        return false
    }

    private func releaseSlot() {
        let held = lock.withLock {
            defer { holdsSlot = false }
            return holdsSlot
        }
        if held { Task { await ProcessSlots.shared.release() } }
    }
    /// Waits for the process to end, off the cooperative pool (`OffPool`).
    public func exited() async {
        await OffPool.run { [self] in process.waitUntilExit() }
    }
}
