import Foundation
import Testing
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import SitegenTestSupport

/// The market view's charts through the live client against the local KOBIS stand-in: each
/// filter sent as its own parameter, the regions read from the code list, every call planned.
@Suite struct LiveScopedTests {
    let monday = Day(iso: "2024-02-05")!
    /// Monday 2024-02-05 … Sunday 2024-02-11: one week and one weekend.
    var days: [Day] { (0..<7).map { monday.adding(days: $0) } }

    func fetch(_ apis: FakeAPIs, market: Bool, regions: Bool) async throws -> FetchOutcome {
        let client = LivePeriodTests().live(apis, monitor: FetchMonitor())
        return try await Fetcher(source: APISource(client: client, searchesPosters: false), jobs: 4)
            .fetch(days: days, market: market, regions: regions)
    }

    static let filters = ["repNationCd", "multiMovieYn", "wideAreaCd"]

    @Test func sendsEachFilterAsItsOwnParameterForEveryDayAndPeriod() async throws {
        let apis = try FakeAPIs()
        let outcome = try await fetch(apis, market: true, regions: true)
        let codeList = apis.server.requests.filter { $0.path.hasSuffix("/code/searchCodeList.json") }
        #expect(codeList.map { $0.query["comCode"] } == ["0105000000"])
        let regions = outcome.dataset.regions.map(\.code)
        #expect(regions == (1...17).map { "0105" + String(format: "%03d", $0) })
        let asked = apis.filteredRequests.map { r -> String in
            let filter = Self.filters.compactMap { name in r.query[name].map { "\(name)=\($0)" } }
            #expect(filter.count == 1, "one filter a request: \(r.target)")
            #expect(r.query["key"] == FakeAPIs.kobisKey)
            let weekly = r.query["weekGb"].map { " weekGb=\($0)" } ?? ""
            return "\(r.query["targetDt"] ?? "?")\(weekly) \(filter.joined())"
        }
        var expected: [String] = []
        let names = ["repNationCd=K", "repNationCd=F", "multiMovieYn=Y"] + regions.map { "wideAreaCd=\($0)" }
        for day in days { expected += names.map { "\(day.compact) \($0)" } }
        expected += names.map { "20240205 weekGb=0 \($0)" }
        // A region's weekend is not asked: its page shows the day and the week.
        expected += names.prefix(3).map { "20240209 weekGb=1 \($0)" }
        #expect(asked.sorted() == expected.sorted())
        let perDay = 3 + 17
        #expect(asked.count == 7 * perDay + perDay + 3)
        // Every KOBIS call was in the plan: charts, filters, films, the code list.
        let plan = FetchPlan(days: days, scopes: ChartScope.market + regions.map { .region($0) })
        let kobis = apis.server.requests.filter { $0.path.hasPrefix("/kobisopenapi/") }.count
        #expect(kobis == plan.chartCount + outcome.dataset.movies.count + 1)
        #expect(outcome.dataset.scoped[.korean]?.days.count == 7)
        #expect(outcome.dataset.scoped[.region("0105011")]?.periods.map(\.kind) == [.week])
    }

    @Test func withoutTheMarketViewNoFilterIsAsked() async throws {
        let apis = try FakeAPIs()
        let outcome = try await fetch(apis, market: false, regions: false)
        #expect(apis.filteredRequests.isEmpty)
        #expect(apis.count("searchCodeList.json") == 0)
        #expect(outcome.dataset.scoped.isEmpty && outcome.dataset.regions.isEmpty)
    }

    @Test func aFilterKOBISRefusesIsAWarningNotALostBuild() async throws {
        let apis = try FakeAPIs()
        apis.inject { r, _ in
            r.query["multiMovieYn"] != nil ? .json(#"{"faultInfo":{"message":"시스템 오류","errorCode":"320999"}}"#) : nil
        }
        let outcome = try await fetch(apis, market: true, regions: false)
        #expect(outcome.dataset.days.count == 7 && outcome.dataset.scoped[.korean]?.days.count == 7)
        #expect(outcome.dataset.scoped[.diversity] == nil)
        let warnings = outcome.warnings.map(\.description).joined(separator: "\n")
        #expect(warnings.contains("320999 시스템 오류"), "\(warnings)")
    }
}
