import Foundation
import Testing
import SitegenSiteSupport
import SitegenBuild
@testable import SitegenCLI
@testable import SitegenFetch
@testable import SitegenModel

@Suite struct BuildPlanTests {
    @Test func yesterdayIsTakenInSeoulWhateverTheMachineZone() {
        // 2024-02-10 15:30 UTC is already 00:30 on the 11th in Seoul: yesterday is the 10th there.
        let instant = Date(timeIntervalSince1970: 1_707_579_000)
        #expect(BuildPlan.yesterdayInSeoul(now: instant).iso == "2024-02-10")
        // 14:59 UTC is 23:59 KST on the 10th: yesterday is the 9th.
        #expect(BuildPlan.yesterdayInSeoul(now: Date(timeIntervalSince1970: 1_707_577_140)).iso == "2024-02-09")
    }

    @Test func theRangeEndsAtUntilAndCountsDays() throws {
        let options = try BuildOptions.parse(["--days", "3", "--until", "2024-03-01"])
        let plan = try BuildPlan.resolve(options, environment: [:], now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(plan.days.map(\.iso) == ["2024-02-28", "2024-02-29", "2024-03-01"])
        #expect(plan.source.kind == .demo)
    }

    /// `--demo-world real` (hidden: for measuring) builds the real-sized demo, key or no key.
    @Test func demoWorldChoosesTheRealSizedDemo() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let real = try BuildPlan.resolve(
            try BuildOptions.parse(["--demo-world", "real"]), environment: ["KOBIS_API_KEY": "k-123456"], now: now)
        #expect(real.source.kind == .demo && real.source.snapshotIdentity == "demo real")
        let small = try BuildPlan.resolve(try BuildOptions.parse(["--demo-world", "SMALL"]), environment: [:], now: now)
        #expect(small.source.snapshotIdentity == "demo")
        #expect(try BuildPlan.resolve(try BuildOptions.parse([]), environment: [:], now: now).source.snapshotIdentity == "demo")
        do {
            _ = try BuildOptions.parse(["--demo-world", "huge"])
            Issue.record("--demo-world huge was taken")
        } catch { #expect(BuildOptions.message(for: error) == "--demo-world takes small or real, not huge") }
    }

    @Test func chooseTheSourceFromTheEnvironment() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let live = try BuildPlan.resolve(try BuildOptions.parse([]), environment: ["KOBIS_API_KEY": "k-123456"], now: now)
        #expect(live.source.kind == .kobis && (live.source as? APISource)?.searchesPosters == false)
        let posters = try BuildPlan.resolve(try BuildOptions.parse([]), environment: ["KOBIS_API_KEY": "k-123456", "KAKAO_REST_API_KEY": "x-123456"], now: now)
        #expect((posters.source as? APISource)?.searchesPosters == true)
        let demo = try BuildPlan.resolve(try BuildOptions.parse(["--demo"]), environment: ["KOBIS_API_KEY": "k-123456"], now: now)
        #expect(demo.source.kind == .demo)
        // A key that is set but empty is a forgotten secret, never a reason to publish the demo.
        for blank in ["", "  ", "\n"] {
            let error = #expect(throws: UsageError.self) {
                try BuildPlan.resolve(try BuildOptions.parse([]), environment: ["KOBIS_API_KEY": blank], now: now)
            }
            #expect(error?.description.hasPrefix("KOBIS_API_KEY is set but empty") == true)
        }
        let blankDemo = try BuildPlan.resolve(try BuildOptions.parse(["--demo"]), environment: ["KOBIS_API_KEY": ""], now: now)
        #expect(blankDemo.source.kind == .demo)
        let absent = try BuildPlan.resolve(try BuildOptions.parse([]), environment: [:], now: now)
        #expect(absent.source.kind == .demo)
        let offline = try BuildPlan.resolve(try BuildOptions.parse(["--offline"]), environment: [:], now: now)
        #expect(offline.source.kind == .kobis)
    }

    @Test func aBadServiceURLIsAUsageError() throws {
        let error = #expect(throws: UsageError.self) {
            try BuildPlan.resolve(try BuildOptions.parse([]), environment: ["KOBIS_API_KEY": "k-123456", "KOBIS_BASE_URL": "ftp://x"], now: Date())
        }
        #expect(error?.description == "KOBIS_BASE_URL 'ftp://x' must be an http(s) URL")
    }
}
