import Foundation
import SitegenModel
import SitegenRender
import Testing
import SitegenSiteSupport

/// A film page's pace sentence (「개봉 12일차 누적 512만 명: 역대 12일차 7위 (1위 … )」), checked
/// for every film against a brute-force count over every row the site publishes (`PaceRows`).
@Suite struct FilmPaceTests {
    @Test func everyFilmsPaceRankIsItsDayOfReleaseAgainstTheFilmsOpenedBeforeItInTheRange() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 153, until: "2021-10-31")
        let films = try PaceRows(out, year: 2021)
        var checked = 0, notCompared = 0
        for code in films.rows.keys.sorted() {
            let text = YearRecordsSiteTests.mainText(try SiteFixture.text(out, "movie/\(code)/index.html"))
            guard films.compared.contains(code) else {
                #expect(text.contains("이전에 개봉한 영화라 다른 영화와 같은 개봉일차로 비교하지 않습니다"), "\(code)")
                #expect(!text.contains("역대"), "\(code)")
                notCompared += 1
                continue
            }
            let (n, mine) = films.latest(code)
            // Ranked as it stood when it reached day n: among the films opened on or before it
            // (a film in its previews, opening after the last day, stands on day 1 with its own total).
            let standings = films.compared.filter { films.open[$0]! <= films.open[code]! }
                .compactMap { $0 == code ? mine : films.total($0, day: n) }
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
        let was = try PaceRows(before, year: 2021), now = try PaceRows(after, year: 2021)
        func sentence(_ out: URL, _ code: String) throws -> String? {
            let text = YearRecordsSiteTests.mainText(try SiteFixture.text(out, "movie/\(code)/index.html"))
            guard let start = text.range(of: #"개봉 \d+일차 누적"#, options: .regularExpression),
                let end = text.range(of: "편을", range: start.upperBound..<text.endIndex)
            else { return nil }
            return String(text[start.lowerBound..<end.upperBound])
        }
        var checked = 0
        let ended = Day(iso: "2021-10-20")!
        for code in was.compared where was.rows[code]!.last!.date < ended
            && now.rows[code]?.last?.date == was.rows[code]!.last!.date
        {
            guard let old = try sentence(before, code) else { continue }
            let new = try sentence(after, code)
            #expect(new == old, "\(code): \(old) → \(new ?? "none")")
            checked += 1
        }
        #expect(checked >= 10, "\(checked) finished films compared")
        try? FileManager.default.removeItem(at: folder)
    }

    /// A film that leaves the national top 10 and goes on on the 다양성 (or 한국·외국) chart: the
    /// pace counts its total there, as the page's 누적 box does, so the two never disagree.
    @Test func thePaceTotalIsTheTotalBoxEvenWhenTheRunGoesOnOnAFilterChart() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 153, until: "2021-10-31")
        let films = try PaceRows(out, year: 2021), national = try FastestRecordsTests.rows(out, 2021)
        var laterElsewhere = 0
        for code in films.compared {
            let html = try SiteFixture.text(out, "movie/\(code)/index.html")
            let box = try #require(html.firstMatch(of: /<span class="stat-value">([^<]+)<\/span>/)?.output.1)
            let pace = try #require(html.firstMatch(of: /<p class="pace">개봉 (\d+)일차 누적 ([^:]+):/)?.output)
            let (n, total) = films.latest(code)
            #expect(String(pace.2) == String(box), "\(code): the pace says \(pace.2), the box \(box)")
            #expect(String(pace.2) == KoreanFormat.people(total, compact: true) && Int(pace.1) == n, "\(code)")
            if films.rows[code]!.last!.date > national[code]!.last!.date { laterElsewhere += 1 }
        }
        // The case is there: films whose last row is a filter's or a week's, after their national run.
        #expect(laterElsewhere >= 5, "\(laterElsewhere)")
    }
}
