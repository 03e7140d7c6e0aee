import Foundation
import SitegenBuild
@testable import SitegenCLI
@testable import SitegenDecode
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import SitegenRender
import SitegenTestSupport
import Testing
import SitegenSiteSupport

/// Whole live builds with week and weekend pages against the local KOBIS stand-in, faults on the
/// weekly endpoint included.
@Suite struct LivePeriodBuildTests {
    /// The national weekly chart (not a filter's).
    func isWeekly(_ r: TestServer.Request) -> Bool {
        r.path.hasSuffix("searchWeeklyBoxOfficeList.json") && r.query["repNationCd"] == nil && r.query["multiMovieYn"] == nil
    }

    @Test func weekPagesComeThroughFaultsAndARebuildAsksOnlyForWeeksNotYetFinal() async throws {
        let h = try LiveHarness()
        // Each weekly request fails once (503, then garbage for the weekend) before it is answered.
        h.apis.inject { r, attempt in
            guard self.isWeekly(r), attempt == 1 else { return nil }
            return r.query["weekGb"] == "0" ? .json("busy", status: 503) : .truncate(body: Data(#"{"boxOfficeResult":{"#.utf8), declared: 400)
        }
        // 2024-01-29 … 2024-02-11: two weeks, two weekends; built the Monday morning after.
        try await h.build(days: 14, until: "2024-02-11", now: LiveHarness.kst("2024-02-12", 10))
        #expect(h.apis.weeklyRequests == 8)
        let week = try String(contentsOf: h.output.appendingPathComponent("week/2024-02-05/index.html"), encoding: .utf8)
        #expect(week.contains("<h1>2024년 2월 2주 · 2.5 ~ 2.11</h1>"))
        let expected = try KOBISDecoder.periodChart(Data(DemoSource.periodChartJSON(.week, start: Day(iso: "2024-02-05")!).utf8),
                                                    kind: .week, start: Day(iso: "2024-02-05")!, fetchedAt: nil).0
        for e in expected.entries { #expect(week.contains("<td><b>\(KoreanFormat.grouped(e.audience))</b>")) }

        // Tuesday: the week of 2-5 and its weekend end on Sunday 2-11, not yet final; 1-29's are.
        h.apis.inject { _, _ in nil }
        let before = h.apis.weeklyRequests
        try await h.build(days: 14, until: "2024-02-11", now: LiveHarness.kst("2024-02-13", 10))
        let asked = h.apis.server.requests.filter(isWeekly).dropFirst(before).map { "\($0.query["targetDt"]!)/\($0.query["weekGb"]!)" }.sorted()
        #expect(asked == ["20240205/0", "20240209/1"])
        // Wednesday: everything is final; no weekly request at all.
        let settled = h.apis.weeklyRequests
        try await h.build(days: 14, until: "2024-02-11", now: LiveHarness.kst("2024-02-14", 10))
        #expect(h.apis.weeklyRequests == settled)
    }

    @Test func aWeekThatKeepsFailingFailsTheBuildAndKeepsThePreviousSite() async throws {
        let h = try LiveHarness()
        try await h.build(days: 7, until: "2024-02-11", now: LiveHarness.kst("2024-02-20", 10))
        let previous = try SiteFixture.files(h.output)
        h.apis.inject { r, _ in self.isWeekly(r) && r.query["weekGb"] == "1" ? .json("down", status: 500) : nil }
        let error = await #expect(throws: FetchError.self) {
            try await h.build(days: 14, until: "2024-02-11", now: LiveHarness.kst("2024-02-20", 10))
        }
        #expect(error?.description.hasPrefix("fetch weekend 2024-02-02: KOBIS answered HTTP 500 (gave up after") == true, "\(error?.description ?? "")")
        #expect(try SiteFixture.files(h.output) == previous)
    }
}
