import Foundation
import SitegenModel
import SitegenRender
import Testing
import SitegenSiteSupport

/// A film page's pace sentence (「개봉 12일차 누적 512만 명: 역대 12일차 7위 (1위 … )」), checked
/// for every film against a brute-force count over the daily rows the site publishes.
@Suite struct FilmPaceTests {
    @Test func everyFilmsPaceRankIsItsDayOfReleaseAgainstTheFilmsOpenedBeforeItInTheRange() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 153, until: "2021-10-31")
        let films = try FastestRecordsTests.rows(out, 2021)
        let dates = films.values.flatMap { $0.map(\.date) }
        let first = try #require(dates.min()), last = try #require(dates.max())
        // A film's total on day n: its latest row on or before its opening + n − 1, once that day has come.
        func total(_ rows: [FastestRecordsTests.Row], day n: Int) -> Int64? {
            guard let open = rows.first?.open, open >= first, open.adding(days: n - 1) <= last else { return nil }
            return rows.last { $0.date <= open.adding(days: n - 1) }?.total
        }
        var checked = 0, notCompared = 0
        for (code, rows) in films {
            let text = YearRecordsSiteTests.mainText(try SiteFixture.text(out, "movie/\(code)/index.html"))
            guard let open = rows.first?.open, open >= first else {
                #expect(text.contains("이전에 개봉한 영화라 다른 영화와 같은 개봉일차로 비교하지 않습니다"), "\(code)")
                #expect(!text.contains("역대"), "\(code)")
                notCompared += 1
                continue
            }
            let n = max(1, rows.last!.date.days(since: open) + 1)
            let mine = rows.last!.total
            // Ranked as it stood when it reached day n: among the films opened on or before it.
            // A film in its previews (opening after the last day) stands on day 1 with its own total.
            let standings = films.filter { ($0.value.first?.open).map { $0 <= open } ?? false }
                .compactMap { other, rows in other == code ? mine : total(rows, day: n) }
            let rank = 1 + standings.filter { $0 > mine }.count
            let sentence = "개봉 \(n)일차 누적 \(KoreanFormat.people(mine, compact: true)): 역대 \(n)일차 \(rank)위"
            #expect(text.contains(sentence), "\(code): \(sentence)")
            if rank > 1 {
                let top = try #require(standings.max())
                #expect(text.contains(sentence + " (1위 ") && text.contains(" \(KoreanFormat.compact(top)))"), "\(code)")
            }
            #expect(text.contains("개봉일까지 개봉한 영화 \(standings.count)편을"), "\(code)")
            checked += 1
        }
        #expect(checked >= 20 && notCompared >= 3, "\(checked) compared, \(notCompared) not")
    }

    /// A film whose run has ended keeps the standing it had when it reached its last day of
    /// release: films opened later reach that day afterwards without changing its page (which a
    /// morning would otherwise render again for thousands of finished films).
    @Test func aFinishedRunsStandingStaysAsItWasWhenLaterFilmsReachItsDay() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let before = folder.appendingPathComponent("before/_site"), after = folder.appendingPathComponent("after/_site")
        // The same first day, thirty days more.
        try await SiteFixture.build(into: before, days: 153, until: "2021-10-31")
        try await SiteFixture.build(into: after, days: 183, until: "2021-11-30")
        let was = try FastestRecordsTests.rows(before, 2021), now = try FastestRecordsTests.rows(after, 2021)
        func sentence(_ out: URL, _ code: String) throws -> String? {
            let text = YearRecordsSiteTests.mainText(try SiteFixture.text(out, "movie/\(code)/index.html"))
            guard let start = text.range(of: #"개봉 \d+일차 누적"#, options: .regularExpression),
                let end = text.range(of: "편을", range: start.upperBound..<text.endIndex)
            else { return nil }
            return String(text[start.lowerBound..<end.upperBound])
        }
        var checked = 0
        let ended = Day(iso: "2021-10-20")!
        for (code, rows) in was where rows.last!.date < ended && now[code]?.last?.date == rows.last!.date {
            guard let old = try sentence(before, code) else { continue }
            let new = try sentence(after, code)
            #expect(new == old, "\(code): \(old) → \(new ?? "none")")
            checked += 1
        }
        #expect(checked >= 10, "\(checked) finished films compared")
        try? FileManager.default.removeItem(at: folder)
    }
}
