import Foundation
@testable import SitegenDecode
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import SitegenBasics
import Testing

/// A build takes the demo's charts and movies as values (`DemoSource`); they must be exactly
/// what decoding the demo's KOBIS JSON (`DemoAPI`) gives, so the site cannot tell the roads apart.
@Suite struct DemoTypedTests {
    /// 400 days from 2023-01-09 to 2024-02-12: 설 2023 and 2024, 추석 2023, 57 weeks and weekends.
    static let days: [Day] = (0..<400).map { Day(iso: "2023-01-09")!.adding(days: $0) }

    @Test func typedChartsAndMoviesEqualTheDecodedJSON() async throws {
        let typed = try await Fetcher(source: DemoSource(), jobs: 2).fetch(days: Self.days)
        let decoded = try await Fetcher(source: APISource(client: DemoAPI(), kind: .demo, searchesPosters: false), jobs: 2).fetch(days: Self.days)
        #expect(typed.dataset.days.count == 400)
        #expect(typed.dataset.periods.count == 57 * 2)
        #expect(typed.dataset.movies.count > 100)
        #expect(typed.dataset.days == decoded.dataset.days)
        #expect(typed.dataset.periods == decoded.dataset.periods)
        #expect(typed.dataset.movies == decoded.dataset.movies)
        #expect(typed.dataset.posters.isEmpty && decoded.dataset.posters.isEmpty)
        #expect(typed.warnings == decoded.warnings)
        // Both roads meet the holidays they were chosen for.
        let holidays = Self.days.filter(KoreanHolidays.isHoliday)
        #expect(holidays.contains(Day(iso: "2023-01-23")!) && holidays.contains(Day(iso: "2023-09-29")!) && holidays.contains(Day(iso: "2024-02-10")!))
    }

    @Test func typedChartsDoNotDependOnParallelismOrRange() async throws {
        let wide = try await Fetcher(source: DemoSource(), jobs: 4).fetch(days: Self.days).dataset
        let serial = try await Fetcher(source: DemoSource(), jobs: 1).fetch(days: Self.days).dataset
        #expect(wide.days == serial.days && wide.periods == serial.periods && wide.movies == serial.movies)
        let last = Self.days.suffix(7)
        let narrow = try await Fetcher(source: DemoSource(), jobs: 3).fetch(days: Array(last)).dataset
        #expect(narrow.days == Array(wide.days.suffix(7)))
        #expect(narrow.periods == wide.periods.filter { $0.start >= last.first! })
    }

    /// Every film released over four years, and codes that are no film.
    @Test func typedMovieInfoEqualsTheDecodedJSONForEveryFilm() throws {
        var checked = 0
        for week in 1200..<1410 {
            for film in DemoWorld.films(inWeek: week) {
                let decoded = try KOBISDecoder.movieInfo(Data(DemoSource.movieInfoJSON(film.code).utf8), code: film.code)
                #expect(DemoSource.movie(code: film.code) == decoded, "\(film.code)")
                checked += 1
            }
        }
        #expect(checked > 500)
        for code in ["20990000", "2024131", "abcdefgh", "20241399"] { #expect(DemoSource.movie(code: code) == nil) }
    }

    /// The figures are turned into doubles without the text; near a rounding tie the text decides.
    @Test func percentagesReadAsTheirTextWouldBe() {
        var r = SeededRandom(7)
        var shares = (0...20_000).map { Double($0) / 200 }
        shares += (0..<20_000).map { _ in r.range(0, 100) }
        shares += [0.05, 0.15, 0.25, 0.35, 12.45, 99.95, 0.04999999999, 1e-9]
        for share in shares {
            #expect(DemoSource.shareValue(share) == KOBISNumber.decimal(DemoSource.oneDecimal(share)), "\(share)")
        }
        var pairs: [(Int64, Int64)] = [(0, 5), (5, 5), (1, 3), (2, 3), (1_000_000_000_000, 1), (-7, 1), (3, 2_000), (1, 40)]
        pairs += (0..<20_000).map { _ in (Int64(r.int(2_000_000)), Int64(1 + r.int(2_000_000))) }
        pairs += (0..<2_000).map { _ in (Int64(r.int(1_000)), Int64(1 + r.int(1_000))) }
        for (now, before) in pairs {
            let text = DemoSource.change(now, before)
            #expect(DemoSource.changeValue(now, before) == KOBISNumber.decimal(text), "\(now) \(before)")
            #expect(DemoSource.changeValue(now, before) == KOBISNumber.decimal(DemoSource.weeklyPercent(text)))
        }
    }
}
