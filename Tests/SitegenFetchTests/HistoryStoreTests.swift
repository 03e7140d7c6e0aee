import Foundation
import Testing
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import SitegenTestSupport

/// The durable history under the cache: final answers only, read when the cache lost them, a
/// damaged file never trusted, an unwritable folder said once.
@Suite struct HistoryStoreTests {
    let day = Day(iso: "2024-02-10")!

    func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-history-\(UUID().uuidString)")
    }

    /// Answers like KOBIS, counting what it is asked.
    final class Upstream: FakeAPI, @unchecked Sendable {
        private let lock = NSLock()
        private(set) var asked: [String] = []
        let fetchedAt: Date
        init(fetchedAt: Date) { self.fetchedAt = fetchedAt }
        func respond(_ request: SourceRequest) async throws -> SourceResponse {
            lock.withLock { asked.append(request.label) }
            switch request {
            case .dailyChart(let d, _): return SourceResponse(body: Data(DemoSource.dailyChartJSON(d).utf8), fetchedAt: fetchedAt)
            case .movieInfo(let code): return SourceResponse(body: Data(DemoSource.movieInfoJSON(code).utf8), fetchedAt: fetchedAt)
            default: throw CacheMiss(label: request.label)
            }
        }
    }

    func source(_ cache: URL, _ history: URL, upstream: Upstream?, monitor: FetchMonitor = FetchMonitor()) -> CachingClient {
        CachingClient(cache: ResponseCache(folder: cache), upstream: upstream, monitor: monitor, now: Date(), history: HistoryStore(folder: history))
    }

    @Test func keepsOnlyFinalAnswersAndRefillsALostCacheFromThem() async throws {
        let cache = folder(), history = folder()
        let upstream = Upstream(fetchedAt: Date())
        let live = source(cache, history, upstream: upstream)
        _ = try await live.fetch(.dailyChart(day))
        // Fetched today: final (two days after it). Yesterday's chart is not final, so not kept.
        let yesterday = Day(instant: Date()).adding(days: -1)
        _ = try await live.fetch(.dailyChart(yesterday))
        #expect(HistoryStore(folder: history).contains(.dailyChart(day)))
        #expect(!HistoryStore(folder: history).contains(.dailyChart(yesterday)))
        let kept = try Data(contentsOf: history.appendingPathComponent("daily/2024/20240210.json"))
        #expect(String(decoding: kept.prefix(18), as: UTF8.self) == "sitegen-history 1 ")

        try FileManager.default.removeItem(at: cache)
        let again = try await source(cache, history, upstream: upstream).fetch(.dailyChart(day))
        #expect(upstream.asked == ["2024-02-10", yesterday.iso], "the lost cache was refilled without asking")
        #expect(again.response.body == Data(DemoSource.dailyChartJSON(day).utf8))
        #expect(ResponseCache(folder: cache).read(.dailyChart(day)) != nil, "and the cache has it again")
        // Offline, the history answers too.
        try FileManager.default.removeItem(at: cache)
        _ = try await source(cache, history, upstream: nil).fetch(.dailyChart(day))
    }

    @Test(arguments: ["garbage", "truncated", "no header"])
    func aDamagedHistoryFileIsDiscardedAndFetchedAgain(_ damage: String) async throws {
        let cache = folder(), history = folder()
        let upstream = Upstream(fetchedAt: Date())
        _ = try await source(cache, history, upstream: upstream).fetch(.dailyChart(day))
        let file = history.appendingPathComponent("daily/2024/20240210.json")
        let good = try Data(contentsOf: file)
        let bad: Data = switch damage {
        case "garbage": Data("sitegen-history 1 1700000000\n\u{1}\u{2}not json".utf8)
        case "truncated": good.prefix(good.count / 2)
        default: Data(DemoSource.dailyChartJSON(day).utf8)
        }
        try bad.write(to: file)
        try FileManager.default.removeItem(at: cache)

        let offline = FetchMonitor()
        await #expect(throws: CacheMiss.self) { try await source(cache, history, upstream: nil, monitor: offline).fetch(.dailyChart(day)) }
        let monitor = FetchMonitor()
        let refetched = try await source(cache, history, upstream: upstream, monitor: monitor).fetch(.dailyChart(day))
        #expect(refetched.response.body == Data(DemoSource.dailyChartJSON(day).utf8), "never the damaged bytes")
        #expect(upstream.asked.count == 2)
        #expect(try Data(contentsOf: file) == good, "the history holds the good answer again")
    }

    @Test func anUnwritableHistoryIsOneWarningNotOnePerAnswer() async throws {
        let cache = folder()
        let history = folder()
        try Data("a file where the folder should be".utf8).write(to: history)
        let monitor = FetchMonitor()
        let live = source(cache, history, upstream: Upstream(fetchedAt: Date()), monitor: monitor)
        for offset in 0..<5 { _ = try await live.fetch(.dailyChart(day.adding(days: -offset))) }
        let lines = monitor.warnings.filter { $0.hasPrefix("history: could not save") }
        #expect(lines.count == 1, "\(monitor.warnings)")
    }
}
