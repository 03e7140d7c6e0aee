import Foundation
import SitegenBasics
@testable import SitegenDecode
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import SitegenTestSupport
import Testing

/// The live client against a real HTTP server on 127.0.0.1 that injects faults.
@Suite struct LiveSourceTests {
    let day = Day(iso: "2024-02-10")!

    func live(_ apis: FakeAPIs, monitor: FetchMonitor, timeout: Int = 5, attempts: Int = 4, key: String = FakeAPIs.kobisKey,
              kakaoKey: String? = FakeAPIs.kakaoKey, jobs: Int = 4) -> LiveSource {
        LiveSource(settings: LiveSettings(kobisKey: key, kakaoKey: kakaoKey, kobisBase: URL(string: apis.kobisBase)!,
                                          kakaoBase: URL(string: apis.kakaoBase)!, jobs: jobs, timeoutSeconds: timeout,
                                          retry: RetryPolicy(attempts: attempts, baseDelay: 0.02, maxDelay: 2)),
                   monitor: monitor)
    }

    func isChart(_ r: TestServer.Request, _ date: String = "20240210") -> Bool {
        r.path.hasSuffix("searchDailyBoxOfficeList.json") && r.query["targetDt"] == date
    }

    @Test func sendsTheKeyFirstAndParametersInAFixedOrder() async throws {
        let apis = try FakeAPIs()
        _ = try await live(apis, monitor: FetchMonitor()).fetch(.dailyChart(day))
        let request = try #require(apis.server.requests.first)
        #expect(request.target == "/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json?key=\(FakeAPIs.kobisKey)&targetDt=20240210")
    }

    @Test func retriesOn503ThenSucceeds() async throws {
        let apis = try FakeAPIs()
        apis.inject { r, attempt in self.isChart(r) && attempt == 1 ? .json("busy", status: 503) : nil }
        let monitor = FetchMonitor()
        let response = try await live(apis, monitor: monitor).fetch(.dailyChart(day))
        #expect(try KOBISDecoder.dailyChart(response.response.body, date: day, fetchedAt: nil).0.entries.count == 10)
        #expect(apis.chartRequests == 2)
        #expect(monitor.snapshot.retries == 1)
    }

    @Test func honoursRetryAfterOn429() async throws {
        let apis = try FakeAPIs()
        apis.inject { r, attempt in self.isChart(r) && attempt == 1 ? .json("slow down", status: 429, headers: ["Retry-After": "1"]) : nil }
        _ = try await live(apis, monitor: FetchMonitor()).fetch(.dailyChart(day))
        let times = apis.server.requests.map(\.receivedAt)
        #expect(times.count == 2)
        #expect(times[1].timeIntervalSince(times[0]) >= 0.95, "waited \(times[1].timeIntervalSince(times[0])) s")
    }

    @Test(arguments: ["garbage", "truncated", "dropped", "html"])
    func retriesBrokenResponses(_ kind: String) async throws {
        let apis = try FakeAPIs()
        let good = Data(DemoSource.dailyChartJSON(day).utf8)
        apis.inject { r, attempt in
            guard self.isChart(r), attempt == 1 else { return nil }
            switch kind {
            case "garbage": return .json("\u{0}\u{1}not json at all")
            case "truncated": return .truncate(body: good.prefix(200), declared: good.count)
            case "dropped": return .drop
            default: return .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>점검 중</html>".utf8))
            }
        }
        let monitor = FetchMonitor()
        let response = try await live(apis, monitor: monitor).fetch(.dailyChart(day))
        #expect(response.response.body == good)
        #expect(monitor.snapshot.retries == 1)
    }

    @Test func retriesAResponseSlowerThanTheTimeout() async throws {
        let apis = try FakeAPIs()
        apis.inject { r, attempt in self.isChart(r) && attempt == 1 ? .json(DemoSource.dailyChartJSON(self.day), delay: 2.5) : nil }
        let monitor = FetchMonitor()
        let response = try await live(apis, monitor: monitor, timeout: 1).fetch(.dailyChart(day))
        // Had the client waited out the slow answer, it would have succeeded without a retry.
        #expect(monitor.snapshot.retries == 1)
        #expect(apis.chartRequests == 2)
        #expect(response.response.body == Data(DemoSource.dailyChartJSON(day).utf8))
    }

    @Test func givesUpAfterABoundedNumberOfAttempts() async throws {
        let apis = try FakeAPIs()
        apis.inject { r, _ in self.isChart(r) ? .json("down", status: 500) : nil }
        let error = await #expect(throws: RequestError.self) { try await live(apis, monitor: FetchMonitor(), attempts: 3).fetch(.dailyChart(day)) }
        #expect(error?.description == "KOBIS answered HTTP 500 (gave up after 3 attempts)")
        #expect(apis.chartRequests == 3)
    }

    @Test func doesNotRetryWhatCannotSucceed() async throws {
        let apis = try FakeAPIs()
        apis.inject { r, _ in self.isChart(r) ? .json("nope", status: 404) : nil }
        await #expect(throws: RequestError.self) { try await live(apis, monitor: FetchMonitor()).fetch(.dailyChart(day)) }
        #expect(apis.chartRequests == 1)
        apis.inject { r, _ in
            self.isChart(r) ? .json(#"{"faultInfo":{"message":"날싸형식에 맞게 입력하십시요.(YYYYMMDD)","errorCode":"320103"}}"#) : nil
        }
        let fault = await #expect(throws: KOBISFault.self) { try await live(apis, monitor: FetchMonitor()).fetch(.dailyChart(day)) }
        #expect(fault?.code == "320103")
        #expect(apis.chartRequests == 2)
    }

    @Test func aBadKeyStopsTheFetchAtTheFirstRequest() async throws {
        let apis = try FakeAPIs()
        let source = live(apis, monitor: FetchMonitor(), key: "wrong-key-0000", jobs: 6)
        let days = (0..<20).map { day.adding(days: -$0) }
        let error = await #expect(throws: FetchError.self) { try await Fetcher(source: APISource(client: source, searchesPosters: true), jobs: 6).fetch(days: days) }
        #expect(error?.description.contains("KOBIS refused KOBIS_API_KEY (320010 유효하지않은 키값입니다.)") == true)
        #expect(apis.server.requests.count == 1)
    }

    /// Newest first: the latest day is fetched, the quota fault on the day before stops the run
    /// (no further request), and the days not reached are gaps, not a failure.
    @Test func aQuotaFaultStopsAndKeepsWhatWasFetched() async throws {
        let apis = try FakeAPIs()
        apis.inject { r, _ in
            self.isChart(r, "20240209") ? .json(#"{"faultInfo":{"message":"일일 사용량을 초과했습니다.","errorCode":"320011"}}"#) : nil
        }
        let cacheFolder = TestFolders.path("sitegen-cache")
        let monitor = FetchMonitor()
        let cache = ResponseCache(folder: cacheFolder)
        let budget = CallBudget(limit: nil)
        let source = CachingClient(cache: cache, upstream: live(apis, monitor: monitor, jobs: 1), monitor: monitor, now: Date(), budget: budget)
        let outcome = try await Fetcher(source: APISource(client: source, searchesPosters: false), jobs: 1, monitor: monitor).fetch(days: [day.adding(days: -2), day.adding(days: -1), day])
        #expect(budget.stop == .quota("320011 일일 사용량을 초과했습니다."))
        #expect(outcome.dataset.days.map(\.date) == [day])
        #expect(outcome.dataset.gaps.days == [day.adding(days: -2), day.adding(days: -1)])
        #expect(cache.read(.dailyChart(day)) != nil)
        #expect(cache.read(.dailyChart(day.adding(days: -1))) == nil)
        #expect(apis.chartRequests == 2 && apis.movieRequests == 0, "nothing is asked after the quota fault")
    }

    @Test func fallsBackToTheCachedCopyWhenTheNetworkFails() async throws {
        let apis = try FakeAPIs()
        let folder = TestFolders.path("sitegen-cache")
        let cache = ResponseCache(folder: folder)
        // Cached while still provisional, so a rebuild asks again.
        try cache.write(.dailyChart(day), SourceResponse(body: Data(DemoSource.dailyChartJSON(day).utf8), fetchedAt: day.adding(days: 1).startInstantKST))
        apis.inject { _, _ in .json("down", status: 503) }
        let monitor = FetchMonitor()
        let source = CachingClient(cache: cache, upstream: live(apis, monitor: monitor, attempts: 2), monitor: monitor, now: Date())
        let response = try await source.fetch(.dailyChart(day))
        #expect(response.response.body == Data(DemoSource.dailyChartJSON(day).utf8))
        #expect(monitor.warnings.contains { $0.contains("fetch 2024-02-10: KOBIS answered HTTP 503") && $0.contains("using the cached copy") })
    }

    @Test func aCorruptCacheFileIsDiscardedAndFetchedAgain() async throws {
        let apis = try FakeAPIs()
        let cache = ResponseCache(folder: TestFolders.path("sitegen-cache"))
        try cache.write(.dailyChart(day), SourceResponse(body: Data(#"{"boxOfficeResult":{"dailyBoxOff"#.utf8), fetchedAt: Date()))
        let monitor = FetchMonitor()
        let source = CachingClient(cache: cache, upstream: live(apis, monitor: monitor), monitor: monitor, now: Date())
        _ = try await source.fetch(.dailyChart(day))
        #expect(apis.chartRequests == 1)
        #expect(cache.read(.dailyChart(day))?.body == Data(DemoSource.dailyChartJSON(day).utf8))
        #expect(monitor.warnings.contains { $0.contains("was unreadable") && $0.contains("discarded") })
    }

    @Test func namesCacheFilesFromEndpointAndSortedParametersWithoutTheKey() {
        let cache = ResponseCache(folder: URL(fileURLWithPath: "/c"))
        #expect(cache.url(for: .dailyChart(day)).path == "/c/boxoffice_searchDailyBoxOfficeList/targetDt=20240210.json")
        #expect(cache.url(for: .movieInfo(code: "2023C168")).path == "/c/movie_searchMovieInfo/movieCd=2023C168.json")
        let poster = cache.url(for: .posterSearch(query: "열린 문/../x 영화 포스터")).lastPathComponent
        #expect(!poster.contains("/") && poster.hasPrefix("query=%EC%97%B4") && poster.hasSuffix("&size=20.json"))
        // Byte for byte as every cache so far was named: another name would be a miss for each entry.
        #expect(poster.hasPrefix("query=%EC%97%B4%EB%A6%B0%20%EB%AC%B8%2F..%2Fx%20%EC%98%81%ED%99%94%20%ED%8F%AC%EC%8A%A4%ED%84%B0&"))
        #expect(ResponseCache.safe("A-b_c.9~!é") == "A-b_c.9%7E%21%C3%A9")
        #expect(ResponseCache(folder: URL(fileURLWithPath: "/c/")).url(for: .dailyChart(day)) == cache.url(for: .dailyChart(day)))
        let long = cache.url(for: .posterSearch(query: String(repeating: "가", count: 200))).lastPathComponent
        #expect(long.utf8.count < 200)
        // A long query is cut to 120 bytes and told apart by the whole query's hash, as always.
        let query = "query=" + ResponseCache.safe(String(repeating: "가", count: 200)) + "&size=20"
        #expect(long == String(query.prefix(120)) + "-" + String(FNV1a.hash64(query), radix: 16) + ".json")
        // The filters' and the weeks' charts: every parameter, sorted by name.
        #expect(cache.url(for: .dailyChart(day, scope: .diversity)).lastPathComponent
            == "multiMovieYn=Y&targetDt=20240210.json")
        #expect(cache.url(for: .periodChart(.weekend, day, scope: .region("0105001"))).lastPathComponent
            == "targetDt=20240210&weekGb=1&wideAreaCd=0105001.json")
        #expect(cache.url(for: .posterImage(url: "https://img.example/p.jpg")).lastPathComponent
            == "url=https%3A%2F%2Fimg.example%2Fp.jpg.bin")
    }
}
