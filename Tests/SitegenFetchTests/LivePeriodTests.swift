import Foundation
import Testing
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import SitegenTestSupport

/// Weekly and weekend charts through the live client, the cache and the fetcher, against the
/// local KOBIS stand-in with faults on the weekly endpoint.
@Suite struct LivePeriodTests {
    let monday = Day(iso: "2024-02-05")!
    /// Monday 2024-02-05 … Sunday 2024-02-11: one week and one weekend.
    var days: [Day] { (0..<7).map { monday.adding(days: $0) } }

    func live(_ apis: FakeAPIs, monitor: FetchMonitor, attempts: Int = 4) -> LiveSource {
        LiveSource(settings: LiveSettings(kobisKey: FakeAPIs.kobisKey, kakaoKey: nil, kobisBase: URL(string: apis.kobisBase)!,
                                          kakaoBase: URL(string: apis.kakaoBase)!, jobs: 4, timeoutSeconds: 5,
                                          retry: RetryPolicy(attempts: attempts, baseDelay: 0.02, maxDelay: 2)),
                   monitor: monitor)
    }

    func isWeekly(_ r: TestServer.Request, _ gb: String) -> Bool {
        r.path.hasSuffix("searchWeeklyBoxOfficeList.json") && r.query["weekGb"] == gb
    }

    @Test func asksForTheWeekAndTheWeekendWithTheKeyFirst() async throws {
        let apis = try FakeAPIs()
        let outcome = try await Fetcher(source: APISource(client: live(apis, monitor: FetchMonitor()), searchesPosters: false), jobs: 4).fetch(days: days)
        let weekly = apis.server.requests.filter { $0.path.hasSuffix("searchWeeklyBoxOfficeList.json") }.map(\.target).sorted()
        #expect(weekly == [
            "/kobisopenapi/webservice/rest/boxoffice/searchWeeklyBoxOfficeList.json?key=\(FakeAPIs.kobisKey)&targetDt=20240205&weekGb=0",
            "/kobisopenapi/webservice/rest/boxoffice/searchWeeklyBoxOfficeList.json?key=\(FakeAPIs.kobisKey)&targetDt=20240209&weekGb=1",
        ])
        #expect(outcome.dataset.periods.map { "\($0.kind) \($0.start.iso) \($0.entries.count)" } == ["week 2024-02-05 10", "weekend 2024-02-09 10"])
    }

    @Test func aPartialWeekAtTheEdgeIsNotAskedFor() async throws {
        let apis = try FakeAPIs()
        // Tuesday to Saturday: no whole week and no whole weekend.
        _ = try await Fetcher(source: APISource(client: live(apis, monitor: FetchMonitor()), searchesPosters: false), jobs: 4).fetch(days: (1..<6).map { monday.adding(days: $0) })
        #expect(apis.weeklyRequests == 0)
    }

    @Test func retriesTheWeeklyEndpointOn503AndGarbage() async throws {
        let apis = try FakeAPIs()
        apis.inject { r, attempt in
            if self.isWeekly(r, "0") && attempt == 1 { return .json("busy", status: 503) }
            if self.isWeekly(r, "1") && attempt < 3 { return .json(#"{"boxOfficeResult":{"weeklyBoxOff"#) }
            return nil
        }
        let monitor = FetchMonitor()
        let outcome = try await Fetcher(source: APISource(client: live(apis, monitor: monitor), searchesPosters: false), jobs: 4, monitor: monitor).fetch(days: days)
        #expect(outcome.dataset.periods.count == 2)
        #expect(apis.weeklyRequests == 5)
        #expect(monitor.snapshot.retries == 3)
    }

    @Test func aWeekThatKeepsFailingFailsTheFetchNamingTheWeek() async throws {
        let apis = try FakeAPIs()
        apis.inject { r, _ in self.isWeekly(r, "0") ? .json(#"{"faultInfo":{"message":"시스템 오류","errorCode":"320999"}}"#) : nil }
        let error = await #expect(throws: FetchError.self) {
            try await Fetcher(source: APISource(client: live(apis, monitor: FetchMonitor()), searchesPosters: false), jobs: 4).fetch(days: days)
        }
        #expect(error?.description == "fetch week 2024-02-05: KOBIS said 320999 시스템 오류")
    }

    @Test func aWeekOfAnotherRangeIsRefusedNotFiledUnderTheWrongWeek() async throws {
        let apis = try FakeAPIs()
        apis.inject { r, _ in
            self.isWeekly(r, "1") ? .json(DemoSource.periodChartJSON(.weekend, start: Day(iso: "2024-02-02")!)) : nil
        }
        let error = await #expect(throws: FetchError.self) {
            try await Fetcher(source: APISource(client: live(apis, monitor: FetchMonitor()), searchesPosters: false), jobs: 4).fetch(days: days)
        }
        #expect(error?.description.hasPrefix("fetch weekend 2024-02-09: KOBIS: asked for 2024-02-09~2024-02-11 but KOBIS answered") == true)
        #expect(apis.weeklyRequests == 2) // a mismatch is not retried
    }

    @Test func aWeekIsFinalOnceItsLastDayIs() async throws {
        let apis = try FakeAPIs()
        let cache = ResponseCache(folder: TestFolders.path("sitegen-cache"))
        let week = SourceRequest.periodChart(.week, monday)
        let body = Data(DemoSource.periodChartJSON(.week, start: monday).utf8)
        let sunday = monday.adding(days: 6)
        // Fetched the morning after Sunday: Sunday may still be corrected, so the week is asked again.
        try cache.write(week, SourceResponse(body: body, fetchedAt: sunday.adding(days: 1).startInstantKST.addingTimeInterval(3600)))
        let monitor = FetchMonitor()
        let source = CachingClient(cache: cache, upstream: live(apis, monitor: monitor), monitor: monitor, now: Date())
        _ = try await source.fetch(week)
        #expect(apis.weeklyRequests == 1)
        // Fetched once Sunday had settled: final forever.
        try cache.write(week, SourceResponse(body: body, fetchedAt: sunday.adding(days: 2).startInstantKST))
        _ = try await source.fetch(week)
        #expect(apis.weeklyRequests == 1)
        #expect(cache.url(for: week).lastPathComponent == "targetDt=20240205&weekGb=0.json")
    }

    /// A cache filled before sitegen knew weeks still builds every day it holds: the missing
    /// week and weekend are one warning and lose only their pages.
    @Test func offlineLeavesOutAMissingWeekWithOneWarning() async throws {
        let folder = TestFolders.path("sitegen-cache")
        let cache = ResponseCache(folder: folder)
        for day in days { try cache.write(.dailyChart(day), SourceResponse(body: Data(DemoSource.dailyChartJSON(day).utf8), fetchedAt: Date())) }
        let monitor = FetchMonitor()
        let source = CachingClient(cache: cache, upstream: nil, monitor: monitor, now: Date())
        let outcome = try await Fetcher(source: APISource(client: source, searchesPosters: false), jobs: 2, monitor: monitor).fetch(days: days)
        #expect(outcome.dataset.days.count == days.count && outcome.dataset.periods.isEmpty)
        let notes = outcome.warnings.filter { $0.context == "--offline" }
        #expect(notes.count == 1)
        #expect(notes.first?.message.contains("not in the cache, so left out: week 2024-02-05, weekend 2024-02-09") == true)
    }

    @Test func offlineStillFailsOnAMissingDay() async throws {
        let folder = TestFolders.path("sitegen-cache")
        let cache = ResponseCache(folder: folder)
        for day in days.dropFirst() { try cache.write(.dailyChart(day), SourceResponse(body: Data(DemoSource.dailyChartJSON(day).utf8), fetchedAt: Date())) }
        let monitor = FetchMonitor()
        let source = CachingClient(cache: cache, upstream: nil, monitor: monitor, now: Date())
        let error = await #expect(throws: FetchError.self) { try await Fetcher(source: APISource(client: source, searchesPosters: false), jobs: 2, monitor: monitor).fetch(days: days) }
        #expect(error?.description.contains("not in the cache: \(days[0].iso);") == true)
    }
}
