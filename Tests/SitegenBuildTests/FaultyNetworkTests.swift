import Foundation
import SitegenBasics
import SitegenBuild
@testable import SitegenCLI
@testable import SitegenDecode
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
@testable import SitegenRender
import SitegenTestSupport
import Testing
import SitegenSiteSupport

/// Against a server that fails 30% of answers with 500 and garbles 10%, a build either completes
/// with every figure right or fails with one line and the previous site as it was.
@Suite struct FaultyNetworkTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func aBuildOnAFlakyNetworkIsRightOrFailsCleanly(seed: Int) async throws {
        let apis = try FakeAPIs()
        let dice = Dice(seed: seed)
        apis.inject { _, _ in
            let roll = dice.roll()
            if roll < 0.3 { return .json("{\"error\":\"internal\"}", status: 500) }
            if roll < 0.4 { return .json("<html>Bad Gateway</html>\u{0}garbage") }
            return nil
        }
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let before = try SiteFixture.files(out)

        let days = (0..<6).map { Day(iso: "2024-02-05")!.adding(days: $0) }
        let monitor = FetchMonitor()
        let live = LiveSource(settings: LiveSettings(kobisKey: FakeAPIs.kobisKey, kakaoKey: FakeAPIs.kakaoKey,
                                                     kobisBase: URL(string: apis.kobisBase)!, kakaoBase: URL(string: apis.kakaoBase)!,
                                                     jobs: 4, timeoutSeconds: 5, retry: RetryPolicy(attempts: 4, baseDelay: 0.005, maxDelay: 0.05)),
                              monitor: monitor)
        let client = CachingClient(cache: ResponseCache(folder: folder.appendingPathComponent("cache")), upstream: live,
                                   monitor: monitor, now: Date())
        let source = APISource(client: client, searchesPosters: true)
        let plan = BuildPlan(days: days, output: out, templates: SiteFixture.repo.appendingPathComponent("Templates"),
                             publicFolder: SiteFixture.repo.appendingPathComponent("Public"), notes: folder.appendingPathComponent("none"),
                             cache: folder.appendingPathComponent("cache"), config: SiteConfig(), source: source, jobs: 4,
                             buildTime: SiteFixture.buildTime, monitor: monitor)
        let log = SiteFixture.Log()
        do {
            _ = try await Pipeline(plan: plan, console: Console(quiet: false) { _, line in log.add(line) }).build()
            // Completed: every figure equals what the server meant to send.
            for day in days {
                let expected = try KOBISDecoder.dailyChart(Data(DemoSource.dailyChartJSON(day).utf8), date: day, fetchedAt: nil).0
                let json = try SiteFixture.chart(out, day.iso)
                let entries = json["entries"] as! [[String: Any]]
                #expect(entries.map { $0["movieCode"] as! String } == expected.entries.map(\.movieCode))
                #expect(entries.map { ($0["audience"] as! NSNumber).int64Value } == expected.entries.map(\.audience))
                #expect(entries.map { ($0["audienceTotal"] as! NSNumber).int64Value } == expected.entries.map(\.audienceTotal))
                #expect(entries.map { ($0["salesTotal"] as! NSNumber).int64Value } == expected.entries.map(\.salesTotal))
            }
            #expect(monitor.snapshot.retries > 0, "the faults were exercised")
        } catch {
            let line = ErrorText.describe(error)
            #expect(line.hasPrefix("fetch 2024-02-") && !line.contains("\n"), "\(line)")
            #expect(try SiteFixture.files(out) == before, "a failed build changed the site")
        }
        for line in log.lines { #expect(!line.contains("NSError") && !line.contains("Error Domain")) }
    }
}

/// Shared by the server's threads; seeded, so each run rolls the same sequence.
final class Dice: @unchecked Sendable {
    private var generator: SeededRandom
    private let lock = NSLock()
    init(seed: Int) { generator = SeededRandom(seed) }
    func roll() -> Double { lock.withLock { generator.unit() } }
}
