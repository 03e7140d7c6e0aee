import Foundation
@testable import SitegenDecode
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import Testing

/// The demo's market view: 한국, 외국 and 다양성 charts cut from the very figures of the national
/// chart, and seventeen regions whose shares add up to it.
@Suite struct DemoMarketTests {
    /// 2024-01-01 … 2024-02-25: 설 2024, eight weeks and weekends.
    static let days: [Day] = (0..<56).map { Day(iso: "2024-01-01")!.adding(days: $0) }

    @Test func filteredAndRegionalChartsOfBothRoadsAreEqual() async throws {
        let typed = try await Fetcher(source: DemoSource(), jobs: 2).fetch(days: Self.days, market: true, regions: true)
        let decoded = try await Fetcher(source: APISource(client: DemoAPI(), kind: .demo, searchesPosters: false), jobs: 2)
            .fetch(days: Self.days, market: true, regions: true)
        #expect(typed.dataset.regions == decoded.dataset.regions)
        #expect(typed.dataset.regions.count == 17)
        #expect(Set(typed.dataset.scoped.keys) == Set(decoded.dataset.scoped.keys))
        #expect(typed.dataset.scoped.count == 3 + 17)
        for (scope, charts) in typed.dataset.scoped {
            #expect(charts == decoded.dataset.scoped[scope], "\(scope)")
            #expect(charts.days.count == 56, "\(scope)")
            // A region is asked its week, not its weekend; the three filters both.
            let periods = if case .region = scope { 8 } else { 16 }
            #expect(charts.periods.count == periods, "\(scope)")
        }
        #expect(typed.warnings == decoded.warnings)
        // The national charts are the same with filters as without.
        let plain = try await Fetcher(source: DemoSource(), jobs: 2).fetch(days: Self.days)
        #expect(plain.dataset.days == typed.dataset.days && plain.dataset.periods == typed.dataset.periods)
        // The filters bring their own films' details too (every film on a published chart has a page).
        #expect(typed.dataset.movies.filter { plain.dataset.movies[$0.key] != nil } == plain.dataset.movies)
        #expect(typed.dataset.movies.count > plain.dataset.movies.count)
    }

    @Test func aFilmHasTheSameFiguresOnTheNationalAndTheFilteredCharts() async throws {
        let data = try await Fetcher(source: DemoSource(), jobs: 2).fetch(days: Self.days, market: true).dataset
        var compared = 0
        for scope in ChartScope.market {
            let charts = try #require(data.scoped[scope])
            for chart in charts.days {
                let national = try #require(data.days.first { $0.date == chart.date })
                #expect(chart.entries.map(\.rank) == Array(1...chart.entries.count))
                #expect(chart.entries.map(\.audience) == chart.entries.map(\.audience).sorted(by: >))
                for entry in chart.entries {
                    guard let twin = national.entries.first(where: { $0.movieCode == entry.movieCode }) else { continue }
                    #expect(entry.audience == twin.audience && entry.audienceTotal == twin.audienceTotal)
                    #expect(entry.sales == twin.sales && entry.salesTotal == twin.salesTotal)
                    #expect(entry.salesShare == twin.salesShare && entry.screens == twin.screens)
                    #expect(entry.audienceChange == twin.audienceChange && entry.showings == twin.showings)
                    compared += 1
                }
                // The national chart's films of the filter head the filter's chart, in order.
                let kept = national.entries.filter { e in
                    let film = DemoWorld.film(code: e.movieCode)!
                    return DemoFilter(scope).includes(film)
                }
                #expect(Array(chart.entries.prefix(kept.count)).map(\.movieCode) == kept.map(\.movieCode))
            }
        }
        #expect(compared > 56 * 8)
        // The 한국 chart holds only films whose movie info says 한국, the 외국 chart none.
        for (scope, korean) in [(ChartScope.korean, true), (.foreign, false)] {
            for chart in data.scoped[scope]!.days {
                #expect(chart.entries.count >= 5)
                for entry in chart.entries {
                    let nations = DemoSource.movie(code: entry.movieCode)!.nations
                    #expect((nations == ["한국"]) == korean, "\(entry.movieCode) \(nations)")
                }
            }
        }
        // 다양성영화 rarely reach the national top 10, but fill a chart of their own.
        let diversity = data.scoped[.diversity]!.days
        #expect(diversity.allSatisfy { $0.entries.count >= 3 })
        #expect(diversity.reduce(0) { $0 + $1.entries.count } >= 56 * 6, "most days list six or more")
    }

    @Test func regionsAddUpToTheNationalFigures() async throws {
        // Every film of eight weeks, every day of its run: the shares add up exactly.
        var days = 0
        for week in 1250..<1258 {
            for run in DemoWorld.films(inWeek: week).map({ DemoRun($0) }) {
                let regional = DemoRegions.runs(of: run)
                #expect(regional.count == 17)
                for i in run.audience.indices {
                    #expect(regional.reduce(0) { $0 + $1.audience[i] } == run.audience[i])
                    #expect(regional.reduce(0) { $0 + $1.sales[i] } == run.sales[i])
                    #expect(regional.allSatisfy { $0.audience[i] >= 0 && ($0.audience[i] > 0) == ($0.screens[i] > 0) })
                    days += 1
                }
                #expect(regional.reduce(0) { $0 + $1.totals(through: run.last).audience } == run.totals(through: run.last).audience)
            }
        }
        #expect(days > 1_000)
        // And on the charts: a film on all seventeen regional charts adds up to its national row.
        let data = try await Fetcher(source: DemoSource(), jobs: 2).fetch(days: Array(Self.days.suffix(14)), regions: true).dataset
        var whole = 0
        for national in data.days {
            for entry in national.entries {
                let rows = data.regions.compactMap { region in
                    data.scoped[.region(region.code)]?.days.first { $0.date == national.date }?
                        .entries.first { $0.movieCode == entry.movieCode }
                }
                #expect(rows.reduce(0) { $0 + $1.audience } <= entry.audience)
                guard rows.count == 17 else { continue }
                #expect(rows.reduce(0) { $0 + $1.audience } == entry.audience)
                #expect(rows.reduce(0) { $0 + $1.sales } == entry.sales)
                #expect(rows.reduce(0) { $0 + $1.audienceTotal } == entry.audienceTotal)
                whole += 1
            }
        }
        #expect(whole >= 14 * 3)
    }

    @Test func theCodeListNamesSeventeenRegionsWithTheirOwnSlugs() throws {
        let (regions, warnings) = try KOBISDecoder.regionCodes(Data(DemoSource.regionCodesJSON().utf8))
        #expect(warnings.isEmpty)
        #expect(regions.map(\.code) == (1...17).map { "0105" + String(format: "%03d", $0) })
        #expect(Set(regions.map(\.slug)).count == 17)
        #expect(regions.first { $0.code == "0105011" }?.slug == "busan")
        #expect(regions.first { $0.code == "0105002" }.map { "\($0.name) \($0.slug)" } == "경기도 gyeonggi-do")
    }

    @Test func anUnknownRegionIsAnEmptyChartNotAnotherRegions() throws {
        let day = Self.days[10]
        let json = DemoSource.dailyChartJSON(day, scope: .region("0105099"))
        let chart = try KOBISDecoder.dailyChart(Data(json.utf8), date: day, fetchedAt: nil).0
        #expect(chart.entries.isEmpty)
        let seoul = try KOBISDecoder.dailyChart(
            Data(DemoSource.dailyChartJSON(day, scope: .region("0105001")).utf8), date: day, fetchedAt: nil).0
        #expect(seoul.entries.count == 10)
    }
}
