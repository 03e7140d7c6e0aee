import Foundation
@testable import SitegenDecode
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import Testing
import SitegenBasics

@Suite struct DemoSourceTests {
    static let year: [Day] = (0..<365).map { Day(iso: "2023-03-01")!.adding(days: $0) }

    /// A year of demo charts, decoded by the same code that decodes live KOBIS responses.
    static let charts: [DayChart] = {
        year.map { day in
            let body = DemoSource.dailyChartJSON(day)
            return try! KOBISDecoder.dailyChart(Data(body.utf8), date: day, fetchedAt: nil).0
        }
    }()

    static func rounded1(_ x: Double) -> Double { (x * 10).rounded() / 10 }

    @Test func everyDayIsAFullTopTenSortedByAudience() {
        for chart in Self.charts {
            #expect(chart.entries.count == 10, "\(chart.date)")
            #expect(chart.entries.map(\.rank) == Array(1...10))
            #expect(chart.entries.map(\.audience) == chart.entries.map(\.audience).sorted(by: >))
            let share = chart.entries.compactMap(\.salesShare).reduce(0, +)
            #expect(share > 30 && share < 100, "\(chart.date) share \(share)")
            for e in chart.entries {
                #expect(e.screens >= 1 && e.showings >= e.screens)
                #expect(e.audienceTotal >= e.audience && e.salesTotal >= e.sales)
            }
        }
    }

    @Test func changesAndPercentagesAgreeAsKOBISsDo() throws {
        for chart in Self.charts {
            for e in chart.entries {
                let inten = try #require(e.audienceChange), rate = try #require(e.audienceChangeRate)
                let sInten = try #require(e.salesChange), sRate = try #require(e.salesChangeRate)
                if e.isNew {
                    #expect(inten == e.audience && sInten == e.sales && rate == 100 && sRate == 100 && e.rankChange == 0)
                } else {
                    #expect(rate == Self.rounded1(Double(inten) / Double(e.audience - inten) * 100), "\(chart.date) \(e.title)")
                    #expect(sRate == Self.rounded1(Double(sInten) / Double(e.sales - sInten) * 100), "\(chart.date) \(e.title)")
                }
            }
        }
    }

    @Test func cumulativeTotalsAddUpDayAfterDay() throws {
        var checked = 0
        for (yesterday, today) in zip(Self.charts, Self.charts.dropFirst()) {
            let before = Dictionary(uniqueKeysWithValues: yesterday.entries.map { ($0.movieCode, $0) })
            for e in today.entries {
                guard let prev = before[e.movieCode] else { continue }
                #expect(!e.isNew, "a film on yesterday's chart cannot be NEW today")
                #expect(e.audienceTotal == prev.audienceTotal + e.audience, "\(today.date) \(e.title)")
                #expect(e.salesTotal == prev.salesTotal + e.sales)
                #expect(e.audienceChange == e.audience - prev.audience)
                #expect(e.rankChange == prev.rank - e.rank)
                checked += 1
            }
        }
        #expect(checked > 2500)
    }

    @Test func crowdsPeakOnTheRealLunarHolidays() throws {
        func total(_ day: Day) throws -> Double {
            let chart = try KOBISDecoder.dailyChart(Data(DemoSource.dailyChartJSON(day).utf8), date: day, fetchedAt: nil).0
            return Double(chart.entries.reduce(0) { $0 + $1.audience })
        }
        func mean(_ xs: [Double]) -> Double { xs.reduce(0, +) / Double(xs.count) }
        // Releases, previews and decay make any single day noisy, so compare each 명절's weekdays
        // with the ordinary weekdays of the three weeks around it, over every year of the calendar.
        var ratios: [Double] = []
        for year in KoreanHolidays.years.dropFirst() {
            for (month, day) in [(1, 1), (8, 15)] {
                let main = LunarDate.day(year: year, month: month, day: day)
                let festival = (-1...1).map { main.adding(days: $0) }.filter { !$0.isWeekend }
                let ordinary = (-10...10).map { main.adding(days: $0) }.filter { !$0.isWeekend && !KoreanHolidays.isHoliday($0) }
                guard !festival.isEmpty else { continue }
                ratios.append(mean(try festival.map(total)) / mean(try ordinary.map(total)))
            }
        }
        let typical = exp(mean(ratios.map { log($0) }))
        #expect(ratios.count > 40)
        #expect(typical > 1.6, "명절 weekdays draw \(typical)× an ordinary weekday")
        #expect(ratios.filter { $0 > 1.3 }.count * 10 >= ratios.count * 8, "\(ratios)")
    }

    @Test func behavesLikeAMarket() throws {
        func total(_ c: DayChart) -> Double { Double(c.entries.reduce(0) { $0 + $1.audience }) }
        let saturdays = Self.charts.filter { $0.date.weekday == 6 && !DemoWorld.isHoliday($0.date) }.map(total)
        let tuesdays = Self.charts.filter { $0.date.weekday == 2 && !DemoWorld.isHoliday($0.date) }.map(total)
        let satMean = saturdays.reduce(0, +) / Double(saturdays.count), tueMean = tuesdays.reduce(0, +) / Double(tuesdays.count)
        #expect(satMean > tueMean * 2, "weekend peak: Saturday \(satMean) vs Tuesday \(tueMean)")

        var opens: [String: Day] = [:]
        for c in Self.charts { for e in c.entries { if let d = e.openDate { opens[e.movieCode] = d } } }
        let wednesdays = opens.values.filter { $0.weekday == 3 }.count
        #expect(Double(wednesdays) / Double(opens.count) > 0.6, "releases mostly on Wednesdays")

        let all = Self.charts.flatMap { c in c.entries.map { (c.date, $0) } }
        #expect(all.contains { $0.1.isNew }, "new entries")
        #expect(all.contains { $0.1.isNew && $0.1.audienceTotal > $0.1.audience }, "previews before a NEW entry")
        #expect(all.contains { d, e in e.openDate.map { $0 > d } == true }, "preview rows before the opening date")
        // A re-entry: OLD today, absent from yesterday's top 10.
        var reentries = 0
        for (yesterday, today) in zip(Self.charts, Self.charts.dropFirst()) {
            let before = Set(yesterday.entries.map(\.movieCode))
            reentries += today.entries.filter { !$0.isNew && !before.contains($0.movieCode) }.count
        }
        #expect(reentries > 0, "films fall out of the top 10 and come back")
        #expect(all.contains { $0.1.openDate == nil }, "re-releases with openDt \" \"")
        let biggest = all.map(\.1.audienceTotal).max() ?? 0
        #expect(biggest > 3_000_000, "a hit's run reaches millions (got \(biggest))")
    }

    @Test func everyChartedMovieHasDetails() async throws {
        var codes = Set<String>()
        for c in Self.charts { for e in c.entries { codes.insert(e.movieCode) } }
        let source = DemoAPI()
        for code in codes.sorted() {
            let body = try source.response(.movieInfo(code: code)).body
            let movie = try #require(try KOBISDecoder.movieInfo(body, code: code), "\(code)")
            #expect(!movie.directors.isEmpty && !movie.actors.isEmpty && !movie.genres.isEmpty && !movie.watchGrades.isEmpty)
            #expect(movie.runtimeMinutes != nil && movie.productionYear != nil && !movie.distributors.isEmpty)
        }
        #expect(try KOBISDecoder.movieInfo(try source.response(.movieInfo(code: "20990000")).body, code: "20990000") == nil)
        #expect(try KakaoDecoder.choosePoster(try source.response(.posterSearch(query: "x 영화 포스터")).body) == nil)
    }

    @Test func sameInputsGiveTheSameBytesWhateverTheRange() async throws {
        let day = Day(iso: "2024-02-10")!
        let a = try DemoAPI().response(.dailyChart(day)).body
        let b = try DemoAPI().response(.dailyChart(day)).body
        #expect(a == b)
        let wide = try await Fetcher(source: DemoSource(), jobs: 4).fetch(days: (0..<10).map { day.adding(days: $0 - 9) })
        let narrow = try await Fetcher(source: DemoSource(), jobs: 1).fetch(days: [day])
        #expect(wide.dataset.days.last == narrow.dataset.days.first)
        let code = narrow.dataset.days[0].entries[0].movieCode
        #expect(wide.dataset.movies[code] == narrow.dataset.movies[code])
    }

    @Test func titlesAreDistinctWithinAYear() {
        var byTitle: [String: String] = [:]
        for c in Self.charts { for e in c.entries {
            if let other = byTitle[e.title] { #expect(other == e.movieCode, "\(e.title)") }
            byTitle[e.title] = e.movieCode
        } }
    }

    /// The memo (whole runs figured once, rankings kept) must not leak one request's range into
    /// another's answer: a day, week or weekend asked of a source that already served a year
    /// answers byte for byte as a fresh source does.
    @Test func aDaysJSONIsTheSameWhateverRangeAsksForIt() async throws {
        let long = DemoAPI()
        let end = Day(iso: "2024-02-10")!
        var seen: [Int: Data] = [:]
        // Newest first, as a daily rebuild's cache misses come, then the rest of the year.
        for i in (0..<400).reversed() where i % 2 == 0 { seen[i] = try long.response(.dailyChart(end.adding(days: -i))).body }
        for i in 0..<400 where i % 2 == 1 { seen[i] = try long.response(.dailyChart(end.adding(days: -i))).body }
        for i in [0, 1, 37, 200, 201, 399] {
            let fresh = try DemoAPI().response(.dailyChart(end.adding(days: -i))).body
            #expect(fresh == seen[i], "\(end.adding(days: -i).iso)")
        }
        let monday = Day(iso: "2023-10-02")!
        for kind in [PeriodKind.week, .weekend] {
            let start = kind == .week ? monday : monday.adding(days: 4)
            let warm = try long.response(.periodChart(kind, start)).body
            #expect(warm == (try DemoAPI().response(.periodChart(kind, start)).body), "\(kind) \(start.iso)")
        }
    }

    @Test func oneDecimalFormatsAsStringFormatDoes() {
        var r = SeededRandom(7, 7)
        var values: [Double] = [0, -0.0, 0.05, 0.15, 0.25, 0.35, 1.45, 2.5, -2.55, 99.95, 100, -100, 1e15, -1e-9, 12.349999999, 12.35]
        for _ in 0..<20_000 { values.append(r.range(-200, 200)) }
        for _ in 0..<5_000 { values.append(Double(r.int(2_000_001) - 1_000_000) / 1_000) }
        for v in values { #expect(DemoSource.oneDecimal(v) == String(format: "%.1f", v), "\(v)") }
    }
}
