import Foundation
import Testing
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import SitegenTestSupport

/// A source of our own seam that answers from a table; it stands in for KOBIS where a test needs
/// a specific answer (the live HTTP client has its own tests against a real local server).
struct TableSource: FakeAPI {
    let answer: @Sendable (SourceRequest) throws -> Data
    func respond(_ request: SourceRequest) async throws -> SourceResponse {
        SourceResponse(body: try answer(request), fetchedAt: nil)
    }
}

@Suite struct FetcherTests {
    let day = Day(iso: "2024-02-10")!

    @Test func aDayThatFailsFailsTheFetchNamingTheDayAndCause() async throws {
        let source = TableSource { request in
            if case .dailyChart(let d, _) = request, d.iso == "2024-02-10" {
                return Data(#"{"faultInfo":{"message":"유효하지않은 키값입니다.","errorCode":"320010"}}"#.utf8)
            }
            return Data(DemoSource.dailyChartJSON(self.day.adding(days: -1)).utf8)
        }
        let error = await #expect(throws: FetchError.self) {
            try await Fetcher(source: APISource(client: source, searchesPosters: true), jobs: 2).fetch(days: [day.adding(days: -1), day])
        }
        #expect(error?.description == "fetch 2024-02-10: KOBIS said 320010 유효하지않은 키값입니다.")
    }

    @Test func aMovieThatFailsIsAWarningAndItsChartFiguresRemain() async throws {
        let source = TableSource { request in
            switch request {
            case .dailyChart(let d, _): return Data(DemoSource.dailyChartJSON(d).utf8)
            case .periodChart(let kind, let start, _): return Data(DemoSource.periodChartJSON(kind, start: start).utf8)
            case .movieInfo: return Data("<html>oops</html>".utf8)
            case .posterSearch: return Data(#"{"documents":[]}"#.utf8)
            case .posterImage, .regionCodes, .movieList: return Data()
            }
        }
        let outcome = try await Fetcher(source: APISource(client: source, searchesPosters: true), jobs: 3).fetch(days: [day])
        #expect(outcome.dataset.days[0].entries.count == 10)
        #expect(outcome.dataset.movies.isEmpty)
        #expect(outcome.warnings.count == 10)
        #expect(outcome.warnings.allSatisfy { $0.description.hasPrefix("fetch movie ") && $0.description.contains("not JSON") })
    }

    @Test func queriesPostersLikeTheAppsDid() async throws {
        let seen = QueryLog()
        let source = TableSource { request in
            switch request {
            case .dailyChart(let d, _): return Data(DemoSource.dailyChartJSON(d).utf8)
            case .periodChart(let kind, let start, _): return Data(DemoSource.periodChartJSON(kind, start: start).utf8)
            case .movieInfo(let code): return Data(DemoSource.movieInfoJSON(code).utf8)
            case .posterSearch(let q):
                seen.add(q)
                return Data(#"{"documents":[{"image_url":"https://img.example.com/p.jpg","width":700,"height":1000}]}"#.utf8)
            case .posterImage, .regionCodes, .movieList: return Data()
            }
        }
        let outcome = try await Fetcher(source: APISource(client: source, searchesPosters: true), jobs: 2).fetch(days: [day])
        #expect(outcome.dataset.posters.count == 10)
        #expect(seen.all.allSatisfy { $0.hasSuffix(" 영화 포스터") && !$0.hasPrefix(" ") && !$0.contains("  ") })
    }
}

final class QueryLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
