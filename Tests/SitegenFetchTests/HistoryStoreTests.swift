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
        TestFolders.path("sitegen-history")
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

    /// A botched merge in the site's repository: the 11th's file copied over the 10th's. It is
    /// refused with one line naming the day, never published as the 10th.
    @Test func anotherDaysHistoryFileUnderADayIsRefusedNamingTheDay() async throws {
        let cache = folder(), history = folder()
        let upstream = Upstream(fetchedAt: Date())
        let next = day.adding(days: 1)
        for d in [day, next] { _ = try await source(cache, history, upstream: upstream).fetch(.dailyChart(d)) }
        let store = history.appendingPathComponent("daily/2024")
        try FileManager.default.removeItem(at: store.appendingPathComponent("20240210.json"))
        try FileManager.default.copyItem(at: store.appendingPathComponent("20240211.json"), to: store.appendingPathComponent("20240210.json"))
        try FileManager.default.removeItem(at: cache)

        let monitor = FetchMonitor()
        await #expect(throws: CacheMiss.self) { try await source(cache, history, upstream: nil, monitor: monitor).fetch(.dailyChart(day)) }
        let said = monitor.warnings.filter { $0.contains("2024-02-10") }
        #expect(said.count == 1 && said[0].contains("'20240211~20240211'"), "\(monitor.warnings)")
    }

    /// A write killed half way leaves its temporary in the store's `.sitegen-tmp/`, which the
    /// history's ignore file keeps out of commits and the next opening removes; a finished write
    /// leaves none.
    @Test func temporariesStayOutOfTheHistoryAndAreSweptWhenItOpens() async throws {
        let history = folder()
        try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
        let store = HistoryStore.open(folder: history)
        let ignore = try String(contentsOf: history.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignore.split(separator: "\n").contains(".sitegen-tmp/"))
        try store.write(.dailyChart(day), SourceResponse(body: Data(DemoSource.dailyChartJSON(day).utf8), fetchedAt: Date()))
        let files = FileManager.default.enumerator(atPath: history.path)?.allObjects as? [String] ?? []
        #expect(files.sorted() == [".gitignore", ".sitegen-tmp", "daily", "daily/2024", "daily/2024/20240210.json"], "\(files)")

        // What a killed writer left (its process gone), and one of a live writer (this process).
        let temporaries = history.appendingPathComponent(".sitegen-tmp")
        let dead = temporaries.appendingPathComponent("99999999-deadbeef")
        let live = temporaries.appendingPathComponent("\(getpid())-0badf00d")
        for file in [dead, live] { try Data("half".utf8).write(to: file) }
        _ = HistoryStore.open(folder: history)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: live.path), "a write under way is left alone")
    }
}

/// A history file larger than any answer KOBIS sends is not read into memory.
@Suite struct HistoryFileCapTests {
    @Test func aHistoryFileLargerThanAnyAnswerIsNotRead() throws {
        let history = TestFolders.path("sitegen-history-cap")
        let store = HistoryStore(folder: history)
        let day = Day(iso: "2024-02-10")!
        let url = try #require(store.url(for: .dailyChart(day)))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var data = Data((HistoryStore.header + "1707500000\n").utf8)
        data.append(Data(repeating: 0x20, count: SourceRequest.maxAnswerBytes + 8192))
        try data.write(to: url)
        #expect(store.read(.dailyChart(day)) == nil)
        // One within the cap is read as before.
        try Data((HistoryStore.header + "1707500000\n{}").utf8).write(to: url)
        #expect(store.read(.dailyChart(day)) != nil)
    }
}
