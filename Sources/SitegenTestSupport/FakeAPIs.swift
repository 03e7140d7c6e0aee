import Foundation
import SitegenBasics
import SitegenDemo
import SitegenDecode
import SitegenFetch
import SitegenImage
import SitegenModel

/// KOBIS and Kakao as a local server: the demo simulator's KOBIS-shaped bytes (the project's own
/// fixtures) behind the real endpoints, the real key checks, and a hook to inject faults.
public final class FakeAPIs: @unchecked Sendable {
    public static let kobisKey = "KOBIS-TEST-KEY-7f3a9c21e4b8"
    public static let kakaoKey = "KAKAO-TEST-KEY-51d0e2a6c9f7"

    public let server: TestServer
    /// Which demo world it serves: the small one the tests hold, or KOBIS's size.
    public let world: DemoScale
    /// One simulated market for every answer, so seventeen regions' charts of a day share its ranking.
    let demo: DemoAPI
    /// The real-sized world's: every film its own poster. The small world keeps one poster for
    /// all (`posterBytes`): its tests count and compare that one picture's copies.
    let posters: StandInPosters?
    private let lock = NSLock()
    private var faultHook: (@Sendable (TestServer.Request, Int) -> TestServer.Reply?)?
    private var counts: [String: Int] = [:]

    public init(world: DemoScale = .small) throws {
        self.world = world
        demo = DemoAPI(scale: world)
        posters = world == .small ? nil : StandInPosters()
        let box = Box()
        server = try TestServer { request in box.target?.answer(request) ?? .drop }
        box.target = self
    }

    private final class Box: @unchecked Sendable { weak var target: FakeAPIs? }

    /// Called with the request and how many times this exact target has been asked (from 1);
    /// return nil to answer normally.
    public func inject(_ hook: @escaping @Sendable (TestServer.Request, Int) -> TestServer.Reply?) {
        lock.withLock { faultHook = hook }
    }

    public var kobisBase: String { server.baseURL + "/kobisopenapi/webservice/rest" }
    public var kakaoBase: String { server.baseURL + "/kakao" }
    public var environment: [String: String] {
        // Posters are served from 127.0.0.1 here, which a build refuses unless told otherwise.
        [
            "KOBIS_API_KEY": Self.kobisKey, "KAKAO_REST_API_KEY": Self.kakaoKey, "KOBIS_BASE_URL": kobisBase,
            "KAKAO_BASE_URL": kakaoBase,
            "SITEGEN_ALLOW_POSTER_HOSTS": "127.0.0.1"
        ]
    }

    public func count(_ endpointSuffix: String) -> Int {
        server.requests.filter { $0.path.hasSuffix(endpointSuffix) }.count
    }
    /// The national daily charts asked for; the filters' are `filteredRequests`.
    public var chartRequests: Int { national("searchDailyBoxOfficeList.json").count }
    public var movieRequests: Int { count("searchMovieInfo.json") }
    public var posterRequests: Int { count("/v2/search/image") }
    public var posterImageRequests: Int { server.requests.filter { $0.path.hasPrefix("/img/") }.count }

    /// The poster every image search finds (as the Kakao answer says: 700×1000), made by libvips.
    public let posterBytes: Data = (try? PosterImages.testImage(width: 700, height: 1000)) ?? Data()
    public var weeklyRequests: Int { national("searchWeeklyBoxOfficeList.json").count }
    public var chartDates: [String] { national("searchDailyBoxOfficeList.json").compactMap { $0.query["targetDt"] } }

    /// Chart requests, daily and weekly, that name a filter (한국, 외국, 다양성, a region).
    public var filteredRequests: [TestServer.Request] {
        server.requests.filter { $0.path.contains("/boxoffice/") && Self.scope($0.query) != .all }
    }

    func national(_ endpointSuffix: String) -> [TestServer.Request] {
        server.requests.filter { $0.path.hasSuffix(endpointSuffix) && Self.scope($0.query) == .all }
    }

    func answer(_ request: TestServer.Request) -> TestServer.Reply {
        let (attempt, hook) = lock.withLock {
            () -> (Int, (@Sendable (TestServer.Request, Int) -> TestServer.Reply?)?) in
            counts[request.target, default: 0] += 1
            return (counts[request.target]!, faultHook)
        }
        if let reply = hook?(request, attempt) { return reply }
        if request.path.hasPrefix("/kakao/v2/search/image") {
            guard request.headers["authorization"] == "KakaoAK \(Self.kakaoKey)" else {
                return .json(#"{"errorType":"AccessDeniedError","message":"wrong appKey format"}"#, status: 401)
            }
            let query = request.query["query"] ?? ""
            let hash = FNV1a.hash32(query)
            return .json("""
            {"documents":[{"collection":"blog","datetime":"2024-01-01T00:00:00.000+09:00","display_sitename":"",\
            "doc_url":"https://blog.example.com/1","height":400,"image_url":"https://img.example.com/wide.jpg",\
            "thumbnail_url":"https://search1.kakaocdn.net/t","width":900},\
            {"collection":"news","datetime":"2024-01-01T00:00:00.000+09:00","display_sitename":"뉴스",\
            "doc_url":"https://news.example.com/2","height":1000,\
            "image_url":"\(server.baseURL)/img/poster-\(String(hash, radix: 16)).jpg",\
            "thumbnail_url":"https://search1.kakaocdn.net/t","width":700}],\
            "meta":{"is_end":true,"pageable_count":2,"total_count":2}}
            """)
        }
        // The image hosts image search points at, here on the same server: a real 700×1000 JPEG.
        if request.path.hasPrefix("/img/") {
            guard let posters else {
                return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: posterBytes)
            }
            guard let poster = posters.poster(at: request.path) else {
                return .respond(status: 404, body: Data("not found".utf8))
            }
            return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: poster)
        }
        guard request.query["key"] == Self.kobisKey else {
            return .json(#"{"faultInfo":{"message":"유효하지않은 키값입니다.","errorCode":"320010"}}"#)
        }
        if request.path.hasSuffix("/boxoffice/searchDailyBoxOfficeList.json") {
            guard let text = request.query["targetDt"], let day = Day(compact: text) else {
                return .json(#"{"faultInfo":{"message":"날싸형식에 맞게 입력하십시요.(YYYYMMDD)","errorCode":"320103"}}"#)
            }
            guard let scope = Self.scope(request.query) else { return Self.unknownFilter }
            return demoJSON(.dailyChart(day, scope: scope))
        }
        if request.path.hasSuffix("/boxoffice/searchWeeklyBoxOfficeList.json") {
            guard let text = request.query["targetDt"], let day = Day(compact: text) else {
                return .json(#"{"faultInfo":{"message":"날싸형식에 맞게 입력하십시요.(YYYYMMDD)","errorCode":"320103"}}"#)
            }
            // As KOBIS: any date answers with the period containing it; weekGb defaults to the weekend.
            let kind: PeriodKind = request.query["weekGb"] == "0" ? .week : .weekend
            guard let start = kind.start(containing: day) else {
                return .json(
                    #"{"boxOfficeResult":{"boxofficeType":"주말 박스오피스","showRange":"","weeklyBoxOfficeList":[]}}"#)
            }
            guard let scope = Self.scope(request.query) else { return Self.unknownFilter }
            return demoJSON(.periodChart(kind, start, scope: scope))
        }
        if request.path.hasSuffix("/code/searchCodeList.json") {
            guard request.query["comCode"] == Region.codeGroup else { return .json(#"{"codes":[]}"#) }
            return .json(DemoSource.regionCodesJSON())
        }
        if request.path.hasSuffix("/movie/searchMovieList.json") {
            // As KOBIS: the year filter is a year, the page counts from 1 and defaults to it.
            guard let year = request.query["openStartDt"].flatMap({ Int($0) }), year > 0,
                  request.query["openEndDt"] == request.query["openStartDt"]
            else { return .json(#"{"movieListResult":{"totCnt":0,"source":"영화진흥위원회","movieList":[]}}"#) }
            return demoJSON(.movieList(year: year, page: max(1, request.query["curPage"].flatMap { Int($0) } ?? 1)))
        }
        if request.path.hasSuffix("/movie/searchMovieInfo.json"), let code = request.query["movieCd"] {
            return .json(DemoSource.movieInfoJSON(code, scale: world))
        }
        return .respond(status: 404, body: Data("not found".utf8))
    }
}

extension FakeAPIs {
    /// The one filter a chart request names, as the demo simulates it; nil for a value or a
    /// combination it does not (KOBIS documents each filter alone).
    static func scope(_ query: [String: String]) -> ChartScope? {
        // Read back through `ChartScope.parameter`, the one place the filters are named.
        let names = Set([ChartScope.korean, .foreign, .diversity, .region("")].compactMap { $0.parameter?.name })
        let named = query.filter { names.contains($0.key) }
        guard let (name, value) = named.first else { return .all }
        guard named.count == 1 else { return nil }
        if name == ChartScope.region("").parameter?.name { return .region(value) }
        return ChartScope.market.first { $0.parameter?.name == name && $0.parameter?.value == value }
    }

    func demoJSON(_ request: SourceRequest) -> TestServer.Reply {
        // The demo answers every chart request; a failure here would be a bug in the demo.
        .json(String(decoding: (try? demo.response(request).body) ?? Data(), as: UTF8.self))
    }

    static let unknownFilter = TestServer.Reply.json(
        #"{"faultInfo":{"message":"지원하지 않는 조건입니다.","errorCode":"320199"}}"#)
}

/// A test's API written as bytes: decoded as the live client's answers are, so a fake answer
/// that would not decode fails where a real one would.
public protocol FakeAPI: APIClient {
    func respond(_ request: SourceRequest) async throws -> SourceResponse
}

extension FakeAPI {
    public func fetch(_ request: SourceRequest) async throws -> APIAnswer {
        try APIAnswer(decoding: try await respond(request), for: request)
    }
}

/// A fake API a build reads as the live APIs are read: through an `APISource` over itself.
public protocol FakeSource: FakeAPI, BoxOfficeSource {
    var searchesPosters: Bool { get }
}

extension FakeSource {
    var throughAPI: APISource { APISource(client: self, kind: kind, searchesPosters: searchesPosters) }

    public func answer(_ plan: FetchPlan, jobs: Int, monitor: FetchMonitor) async throws -> FetchAnswers {
        try await throughAPI.answer(plan, jobs: jobs, monitor: monitor)
    }

    public func posterImage(url: String) async throws -> Data { try await throughAPI.posterImage(url: url) }

    public func regions(monitor: FetchMonitor) async throws -> ([Region], [DataWarning]) {
        try await throughAPI.regions(monitor: monitor)
    }

    public func filmList(years: [Int], jobs: Int, monitor: FetchMonitor) async throws -> ([ListedFilm], [DataWarning]) {
        try await throughAPI.filmList(years: years, jobs: jobs, monitor: monitor)
    }
}
