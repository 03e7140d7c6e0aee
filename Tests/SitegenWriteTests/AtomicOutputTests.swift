import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenCLI
@testable import SitegenFetch
@testable import SitegenModel
@testable import SitegenWrite
import SitegenTestSupport

/// Nothing lost: killed builds, concurrent builds.
@Suite
struct AtomicOutputTests {
    func arguments(_ out: URL, days: Int) -> [String] {
        ["build", "--days", String(days), "--until", "2024-02-10", "--output", out.path, "--quiet",
         "--templates", SiteFixture.repo.appendingPathComponent("Templates").path,
         "--public", SiteFixture.repo.appendingPathComponent("Public").path]
    }

    /// Fixed, so two builds of the same range make the same bytes.
    static let buildTime = ["SOURCE_DATE_EPOCH": "1707523200"]

    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "KOBIS_API_KEY")
        for (k, v) in Self.buildTime { env[k] = v }
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A kill can land before the swap (the previous site must be there, byte for byte) or after
    /// it, while the process writes its manifest or exits (the new site must then be whole):
    /// never anything between.
    @Test func aBuildKilledAtAnyMomentLeavesThePreviousSiteOrTheWholeNewOne() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        do {
            let ran = try await Binary.run(arguments(out, days: 20), environment: Self.buildTime)
            #expect(ran.status == 0)
        }
        let before = try SiteFixture.files(out)
        // The bigger build as it comes out when nothing stops it, built elsewhere.
        let whole = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        do {
            let ran = try await Binary.run(arguments(whole, days: 900), environment: Self.buildTime)
            #expect(ran.status == 0)
        }
        let after = try SiteFixture.files(whole)
        #expect(after.count > before.count * 10)
        // Kill it at moments spread over its run: fetching, rendering, staging, swapping, exiting.
        for delay in [0.01, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.2, 1.8, 2.5] {
            let process = try start(arguments(out, days: 900))
            // Slept on this thread, not suspended: the kill must land at its moment, not whenever
            // the pool next runs this test (at most 2.5 s held).
            usleep(UInt32(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try SiteFixture.files(out)
            // Compared as Bools: a difference printed whole would be thousands of files.
            let (previous, new) = (now == before, now == after)
            if new { break }  // it got past the swap, finished or not
            #expect(process.terminationReason == .uncaughtSignal && previous, "killed after \(delay) s: neither the previous site nor the whole new one")
            let inside = try FileManager.default.contentsOfDirectory(atPath: out.path)
            #expect(!inside.contains { $0.contains("staging") })
        }
        // The next build cleans up what killed builds left beside the output.
        do {
            let ran = try await Binary.run(arguments(out, days: 20))
            #expect(ran.status == 0)
        }
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(beside == ["._site.sitegen-lock", "._site.sitegen-manifest", "._site.sitegen-manifest-footprint", "_site"], "\(beside)")
    }

    /// The morning's in-place update killed at random moments: every file is meanwhile either
    /// yesterday's or today's (never half of one, never a stray), and the next run ends with
    /// exactly what a clean build of today writes. The delays are random so that over many runs
    /// every stage gets hit; a failure prints them.
    @Test func aNextDayUpdateKilledAtRandomMomentsEndsAsACleanBuild() async throws {
        func args(_ out: URL, until: String) -> [String] {
            ["build", "--days", "400", "--until", until, "--output", out.path, "--quiet",
             "--templates", SiteFixture.repo.appendingPathComponent("Templates").path,
             "--public", SiteFixture.repo.appendingPathComponent("Public").path]
        }
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("_site"), clean = folder.appendingPathComponent("clean/_site")
        do {
            let ran = try await Binary.run(args(clean, until: "2024-02-10"), environment: Self.buildTime)
            #expect(ran.status == 0)
        }
        let today = try SiteTree.tree(clean)
        do {
            let ran = try await Binary.run(args(out, until: "2024-02-09"), environment: Self.buildTime)
            #expect(ran.status == 0)
        }
        let yesterday = try SiteTree.tree(out)
        // How long an update takes when nothing stops it, so the kills spread over all of it.
        let update = try await Binary.run(args(out, until: "2024-02-10"), environment: Self.buildTime)
        #expect(update.status == 0)
        let span = max(0.05, update.seconds)
        #expect(try SiteTree.tree(out) == today)
        var random = SystemRandomNumberGenerator()
        var delays: [Double] = []
        for _ in 0..<12 {
            do {
                let ran = try await Binary.run(args(out, until: "2024-02-09"), environment: Self.buildTime)
                #expect(ran.status == 0)
            }
            #expect(try SiteTree.tree(out) == yesterday, "back to yesterday's site")
            let delay = Double.random(in: 0...(span * 1.1), using: &random)
            delays.append(delay)
            let process = try start(args(out, until: "2024-02-10"))
            // Slept on this thread, not suspended: the kill must land at its moment, not whenever
            // the pool next runs this test (at most 2.5 s held).
            usleep(UInt32(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try SiteTree.tree(out)
            let mixed = Set(now.keys).union(yesterday.keys).union(today.keys).sorted().filter { path in
                // A folder may be left empty until the next run; a file is one day's or the other's.
                now[path] != yesterday[path] && now[path] != today[path] && !(now[path]?.hasPrefix("folder") ?? false)
            }
            #expect(mixed.isEmpty, "killed after \(delay) s (of \(span) s): neither yesterday's nor today's: \(mixed.prefix(5)); delays so far \(delays)")
            do {
                let ran = try await Binary.run(args(out, until: "2024-02-10"), environment: Self.buildTime)
                #expect(ran.status == 0)
            }
            let differing = SiteTree.differences(try SiteTree.tree(out), today)
            #expect(differing.isEmpty, "after a kill at \(delay) s and a new run: \(differing.prefix(5)); delays \(delays)")
        }
    }

    @Test func aSecondBuildIntoTheSameOutputRefusesWithAClearLine() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let lock = try SiteWriter(output: out).lock()
        let result = try await Binary.run(arguments(out, days: 2))
        #expect(result.status == 1)
        #expect(result.err == "error: write: another sitegen (pid \(getpid())) is writing \(out.path); wait for it to finish or pick another --output\n")
        lock.release()
        let again = try await Binary.run(arguments(out, days: 2))
        #expect(again.status == 0, "free again once the first is done")
    }

    @Test func aBuildThatDiedMidSwapGetsThePreviousSiteBack() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        do {
            let ran = try await Binary.run(arguments(out, days: 3))
            #expect(ran.status == 0)
        }
        let before = try SiteFixture.files(out)
        // What the fallback swap (no RENAME_EXCHANGE) leaves if killed between its two renames.
        try FileManager.default.moveItem(at: out, to: folder.appendingPathComponent("._site.sitegen-staging-99999-dead-old"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("._site.sitegen-staging-99999-dead"), withIntermediateDirectories: true)
        try SiteWriter(output: out).lock().release()
        #expect(try SiteFixture.files(out) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["._site.sitegen-lock", "._site.sitegen-manifest", "._site.sitegen-manifest-footprint", "_site"])
    }
}
