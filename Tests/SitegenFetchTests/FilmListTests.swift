import Foundation
import Testing
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import SitegenTestSupport

/// A film list of `count` films for `year`, opening one a day from January 1, paged as KOBIS
/// pages it; the charts and films from the demo. Counts the list pages asked for.
struct ListedYear: FakeAPI {
    let year: Int
    let count: Int
    let asked = QueryLog()
    var failing: Int? = nil
    var fetchedAt: Date? = nil

    static func film(_ year: Int, _ i: Int) -> [String: String] {
        let open = Day(year: year, month: 1, day: 1)!.adding(days: i % 365)
        return ["movieCd": "\(year)\(String(format: "%04d", i))", "movieNm": "영화 \(i)", "movieNmEn": "Film \(i)",
                "openDt": open.compact, "typeNm": "장편", "prdtStatNm": "개봉예정", "nationAlt": "한국", "genreAlt": "드라마"]
    }

    func respond(_ request: SourceRequest) async throws -> SourceResponse {
        guard case .movieList(let y, let page) = request else { return try DemoAPI().response(request) }
        asked.add("\(y) \(page)")
        if page == failing { return SourceResponse(body: Data("<html>busy</html>".utf8), fetchedAt: fetchedAt) }
        let films = y == year ? (0..<count).map { Self.film(year, $0) } : []
        let shown = Array(films.dropFirst((page - 1) * FilmList.pageSize).prefix(FilmList.pageSize))
        let body = try JSONSerialization.data(withJSONObject: [
            "movieListResult": ["totCnt": "\(films.count)", "movieList": shown]
        ])
        return SourceResponse(body: body, fetchedAt: fetchedAt)
    }
}

@Suite struct FilmListTests {
    @Test func readsEveryPageTheListsTotalNames() async throws {
        let api = ListedYear(year: 2025, count: 250)
        let monitor = FetchMonitor()
        let (films, warnings) = try await FilmList.read(years: [2025], client: api, jobs: 2, monitor: monitor)
        #expect(Set(api.asked.all) == ["2025 1", "2025 2", "2025 3"])
        #expect(films.count == 250 && Set(films.map(\.code)).count == 250)
        #expect(warnings.isEmpty)
        #expect(monitor.snapshot.planned == 3 && monitor.snapshot.done == 3)
    }

    @Test func neverReadsPastItsPageCap() async throws {
        let api = ListedYear(year: 2025, count: (FilmList.maxPages + 5) * FilmList.pageSize)
        let (films, warnings) = try await FilmList.read(years: [2025], client: api, jobs: 4, monitor: FetchMonitor())
        #expect(api.asked.all.count == FilmList.maxPages)
        #expect(films.count == FilmList.maxPages * FilmList.pageSize)
        #expect(warnings.map(\.description) == ["fetch film list 2025: KOBIS lists 3,500 films; only the first 3,000 were read"])
    }

    @Test func theOpeningsAreThisWeeksAndNextWeeksFilms() async throws {
        // Friday 2025-12-26: this week is Monday 22nd to Sunday 28th, next week to January 4th.
        let today = Day(iso: "2025-12-26")!
        let api = ListedYear(year: 2025, count: 365)
        let outcome = try await Fetcher(source: APISource(client: api, kind: .kobis, searchesPosters: false), jobs: 2)
            .fetch(days: [today.adding(days: -1)], today: today)
        let openings = try #require(outcome.dataset.openings)
        #expect(openings.asOf == today)
        #expect(openings.films.map { $0.openDate!.iso } == (22...31).map { "2025-12-\($0)" })
        // Both years a week around New Year's Day can be listed under.
        #expect(Set(api.asked.all.map { $0.prefix(4) }) == ["2025", "2026"])
    }

    @Test func anOldRangeAsksForNoList() async throws {
        let api = ListedYear(year: 2024, count: 10)
        let outcome = try await Fetcher(source: APISource(client: api, kind: .kobis, searchesPosters: false), jobs: 2)
            .fetch(days: [Day(iso: "2024-02-10")!], today: Day(iso: "2024-02-18")!)
        #expect(outcome.dataset.openings == nil && api.asked.all.isEmpty)
        let none = try await Fetcher(source: APISource(client: api, kind: .kobis, searchesPosters: false), jobs: 2)
            .fetch(days: [Day(iso: "2024-02-10")!])
        #expect(none.dataset.openings == nil && api.asked.all.isEmpty)
    }

    @Test func aPageThatFailsLeavesTheOpeningsOutNamingThePage() async throws {
        let today = Day(iso: "2025-06-13")!
        let api = ListedYear(year: 2025, count: 250, failing: 2)
        let outcome = try await Fetcher(source: APISource(client: api, kind: .kobis, searchesPosters: false), jobs: 2)
            .fetch(days: [today.adding(days: -1)], today: today)
        #expect(outcome.dataset.openings == nil)
        #expect(outcome.dataset.days.count == 1)
        let warning = try #require(outcome.warnings.first { $0.context.contains("film list") })
        #expect(warning.context == "fetch film list 2025 page 2")
        #expect(warning.message.hasSuffix("; the openings page is left out until a later run fetches it"))
    }

    @Test func theListIsKeptForHoursAndCountedAgainstTheBudget() async throws {
        let folder = TestFolders.path("filmlist")
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        let api = ListedYear(year: 2025, count: 150, fetchedAt: now)
        func client(_ at: Date, _ budget: CallBudget) -> CachingClient {
            CachingClient(cache: ResponseCache(folder: folder), upstream: api, monitor: FetchMonitor(), now: at, budget: budget)
        }
        let first = CallBudget(limit: nil)
        _ = try await FilmList.read(years: [2025], client: client(now, first), jobs: 1, monitor: FetchMonitor())
        #expect(first.spent == 2 && api.asked.all.count == 2)
        let later = CallBudget(limit: nil)
        _ = try await FilmList.read(years: [2025], client: client(now + 3_600, later), jobs: 1, monitor: FetchMonitor())
        #expect(later.spent == 0 && api.asked.all.count == 2)
        let nextMorning = CallBudget(limit: nil)
        _ = try await FilmList.read(years: [2025], client: client(now + 86_400, nextMorning), jobs: 1, monitor: FetchMonitor())
        #expect(nextMorning.spent == 2 && api.asked.all.count == 4)
        // Offline, a list past its hours is not today's: missing (the page is left out), never shown as today's.
        let stale = CachingClient(cache: ResponseCache(folder: folder), upstream: nil, monitor: FetchMonitor(), now: now + 7 * 3_600)
        await #expect(throws: CacheMiss.self) { try await stale.fetch(.movieList(year: 2025, page: 1)) }
        let recent = CachingClient(cache: ResponseCache(folder: folder), upstream: nil, monitor: FetchMonitor(), now: now + 3_600)
        #expect(try await recent.fetch(.movieList(year: 2025, page: 1)).response.fetchedAt == now)
        // The plan counts what is not held: nothing within the hours, every page a day later.
        let today = Day(instant: now)
        let held = BackfillPlan.make(days: [today.adding(days: -1)], source: client(now + 3_600, CallBudget(limit: nil)),
                                     today: today)
        #expect(held.listPages == 2 && held.listPagesToFetch == 0)
        let empty = TestFolders.path("filmlist")
        let fresh = BackfillPlan.make(
            days: [today.adding(days: -1)],
            source: CachingClient(cache: ResponseCache(folder: empty), upstream: nil, monitor: FetchMonitor(), now: now),
            today: today)
        #expect(fresh.listPagesToFetch == BackfillPlan.expectedListPages * Openings.years(today).count)
        #expect(fresh.description.hasSuffix("of the film list for this week's openings (\(fresh.listPagesToFetch) to fetch)"))
    }
}

/// The film list through the live client against a real local server speaking KOBIS.
@Suite struct LiveFilmListTests {
    @Test func asksKOBISForEachPageOfTheYearWithTheKeyFirst() async throws {
        let apis = try FakeAPIs()
        defer { apis.server.stop() }
        let live = LiveSource(
            settings: LiveSettings(kobisKey: FakeAPIs.kobisKey, kakaoKey: nil, kobisBase: URL(string: apis.kobisBase)!,
                                   kakaoBase: URL(string: apis.kakaoBase)!, jobs: 2, timeoutSeconds: 5,
                                   retry: RetryPolicy(attempts: 2, baseDelay: 0.02, maxDelay: 1)),
            monitor: FetchMonitor())
        let (films, warnings) = try await FilmList.read(years: [2025], client: live, jobs: 2, monitor: FetchMonitor())
        let demo = DemoFilmList.films(year: 2025)
        #expect(demo.count > FilmList.pageSize, "the demo's year spans pages")
        #expect(films.map(\.code) == demo.map(\.code) && warnings.isEmpty)
        let asked = apis.server.requests.filter { $0.path.hasSuffix("/movie/searchMovieList.json") }
        #expect(asked.count == (demo.count + FilmList.pageSize - 1) / FilmList.pageSize)
        for request in asked {
            #expect(request.target.contains("searchMovieList.json?key=\(FakeAPIs.kobisKey)&curPage="))
            #expect(request.query["openStartDt"] == "2025" && request.query["openEndDt"] == "2025")
            #expect(request.query["itemPerPage"] == String(FilmList.pageSize))
        }
    }
}
