import Foundation
@testable import SitegenDecode
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import Testing

/// The demo's weekly and weekend charts relate to its daily ones exactly as KOBIS's do: a
/// period's figure is the sum of every day of the film in the whole market.
@Suite struct DemoPeriodTests {
    static let mondays: [Day] = (0..<12).map { Day(iso: "2023-06-05")!.adding(days: 7 * $0) }

    static func daily(_ day: Day) throws -> DayChart {
        try KOBISDecoder.dailyChart(Data(DemoSource.dailyChartJSON(day).utf8), date: day, fetchedAt: nil).0
    }

    static func period(_ kind: PeriodKind, _ start: Day) throws -> PeriodChart {
        try KOBISDecoder.periodChart(Data(DemoSource.periodChartJSON(kind, start: start).utf8), kind: kind, start: start, fetchedAt: nil).0
    }

    /// Checks one period against its daily charts; returns (rows checked exactly, rows bigger
    /// than their top-10 days because the film also played outside the top 10).
    static func check(_ kind: PeriodKind, _ start: Day) throws -> (exact: Int, beyondTopTen: Int) {
        let chart = try period(kind, start)
        let days = try chart.days.map(daily)
        #expect(chart.entries.count == 10)
        #expect(chart.entries.map(\.audience) == chart.entries.map(\.audience).sorted(by: >))
        var exact = 0, beyond = 0
        for e in chart.entries {
            let rows = days.compactMap { d in d.entries.first { $0.movieCode == e.movieCode } }
            let audience = rows.reduce(Int64(0)) { $0 + $1.audience }, sales = rows.reduce(Int64(0)) { $0 + $1.sales }
            if rows.count == kind.length {
                #expect(e.audience == audience, "\(kind) \(start) \(e.title)")
                #expect(e.sales == sales, "\(kind) \(start) \(e.title)")
                exact += 1
            } else {
                #expect(e.audience >= audience)
                if e.audience > audience { beyond += 1 }
            }
            // The cumulative figure is the film's total at the end of the period.
            if let last = days.last!.entries.first(where: { $0.movieCode == e.movieCode }) {
                #expect(e.audienceTotal == last.audienceTotal && e.salesTotal == last.salesTotal)
            }
        }
        return (exact, beyond)
    }

    @Test func aWeekIsTheSumOfItsSevenDays() throws {
        var exact = 0, beyond = 0
        for monday in Self.mondays {
            let (e, b) = try Self.check(.week, monday)
            exact += e; beyond += b
        }
        #expect(exact >= 30, "too few films in the top 10 all week to prove anything: \(exact)")
        #expect(beyond >= 1, "no film counted beyond its top-10 days: the week must sum the whole market")
    }

    @Test func aWeekendIsTheSumOfFridayToSunday() throws {
        var exact = 0
        for monday in Self.mondays { exact += try Self.check(.weekend, monday.adding(days: 4)).exact }
        #expect(exact >= 50)
    }

    @Test func changesCompareWithThePreviousPeriod() throws {
        for monday in Self.mondays.dropFirst() {
            let now = try Self.period(.week, monday), before = try Self.period(.week, monday.adding(days: -7))
            for e in now.entries {
                guard let old = before.entries.first(where: { $0.movieCode == e.movieCode }) else { continue }
                #expect(!e.isNew && e.rankChange == old.rank - e.rank)
                #expect(e.audienceChange == e.audience - old.audience)
            }
        }
    }

    @Test func speaksKOBISWeeklyShape() throws {
        let json = DemoSource.periodChartJSON(.weekend, start: Day(iso: "2024-02-09")!)
        #expect(json.contains(#""boxofficeType":"주말 박스오피스""#))
        #expect(json.contains(#""showRange":"20240209~20240211""#))
        #expect(json.contains(#""yearWeekTime":"202406""#))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: [String: Any]]
        let rows = object["boxOfficeResult"]!["weeklyBoxOfficeList"] as! [[String: Any]]
        #expect(rows.allSatisfy { row in row.values.allSatisfy { $0 is String } })
        // Changes keep KOBIS's weekly ".0" where the daily chart drops it.
        #expect(rows.allSatisfy { ($0["audiChange"] as! String) == "100" || ($0["audiChange"] as! String).contains(".") })
    }
}
