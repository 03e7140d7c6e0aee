import Foundation
import Testing
@testable import SitegenModel
@testable import SitegenRender

@Suite struct RunFactsTests {
    func row(_ iso: String, rank: Int, total: Int64, audience: Int64 = 1000) -> (date: Day, entry: ChartEntry) {
        (Day(iso: iso)!, ChartEntry(rank: rank, rankChange: 0, status: .old, movieCode: "1", title: "t", rawTitle: "t", openDate: nil,
                                    sales: 0, salesShare: nil, salesChange: nil, salesChangeRate: nil, salesTotal: 0, audience: audience,
                                    audienceChange: nil, audienceChangeRate: nil, audienceTotal: total, screens: 1, showings: 1))
    }

    @Test func milestonesAreDecidedOnTheRawFigureRoundedDown() {
        let open = Day(iso: "2024-01-17")!
        let run = RunFacts(rows: [
            row("2024-01-17", rank: 1, total: 400_000),
            row("2024-01-18", rank: 1, total: 999_999),   // 100만 in compact form, but not reached
            row("2024-01-19", rank: 1, total: 1_000_000), // reached: 개봉 3일 만에
            row("2024-01-20", rank: 1, total: 2_300_000),
        ], openDate: open)
        #expect(run.milestones.map(\.threshold) == [1_000_000, 2_000_000])
        #expect(run.milestones[0].date.iso == "2024-01-19" && run.milestones[0].dayOfRun == 3 && run.milestones[0].exact)
        #expect(KoreanFormat.compact(999_999) == "99.9만") // the compact form floors too: it never announces 100만 early
    }

    @Test func aMilestonePassedOutOfTheTopTenIsNotExact() {
        let run = RunFacts(rows: [row("2024-03-01", rank: 9, total: 950_000), row("2024-03-05", rank: 8, total: 1_020_000)], openDate: nil)
        #expect(run.milestones.count == 1 && !run.milestones[0].exact && run.milestones[0].dayOfRun == nil)
    }

    @Test func aMilestonePassedBeforeTheRangeIsNotClaimed() {
        let run = RunFacts(rows: [row("2024-03-01", rank: 3, total: 5_500_000), row("2024-03-02", rank: 3, total: 5_600_000)],
                           openDate: Day(iso: "2024-01-01"))
        #expect(run.milestones.isEmpty)
    }

    /// The day's own admissions say where its total stood the day before: a film that crossed 100만
    /// on the first day built (1,015,722 with 61,555 that day), or on its first day back in the top
    /// 10, crossed it that very day; one already past it the day before did not.
    @Test func aCrossingOnTheFirstDayBuiltIsKnownFromThatDaysAdmissions() {
        let open = Day(iso: "2025-08-27")!
        let first = RunFacts(rows: [row("2025-09-01", rank: 1, total: 1_015_722, audience: 61_555)], openDate: open)
        #expect(first.milestones.map(\.threshold) == [1_000_000])
        #expect(first.milestones.first?.exact == true && first.milestones.first?.dayOfRun == 6)
        let before = RunFacts(rows: [row("2025-09-01", rank: 1, total: 1_100_000, audience: 61_555)], openDate: open)
        #expect(before.milestones.isEmpty, "past it before the first day: not claimed")
        let back = RunFacts(rows: [row("2024-03-01", rank: 9, total: 950_000), row("2024-03-05", rank: 8, total: 1_020_000, audience: 30_000)],
                            openDate: nil)
        #expect(back.milestones.count == 1 && back.milestones[0].exact, "crossed on the day it came back")
    }

    @Test func countsNumberOneStreaksAcrossConsecutiveDaysOnly() {
        let run = RunFacts(rows: [
            row("2024-01-01", rank: 1, total: 1), row("2024-01-02", rank: 1, total: 2), row("2024-01-03", rank: 1, total: 3),
            row("2024-01-04", rank: 2, total: 4), row("2024-01-05", rank: 1, total: 5),
            row("2024-01-07", rank: 1, total: 6), row("2024-01-08", rank: 1, total: 7),
        ], openDate: nil)
        #expect(run.longestTopStreak == 3)
        #expect(run.currentTopStreak == 2) // the gap on the 6th breaks the streak
    }

    @Test func chartsGapsAsGapsAndNeverAsZeros() throws {
        let days = (0..<5).map { Day(iso: "2024-01-01")!.adding(days: $0) }
        var rows: [Day: ChartEntry] = [:]
        rows[days[0]] = row("2024-01-01", rank: 1, total: 100, audience: 100).entry
        rows[days[1]] = row("2024-01-02", rank: 1, total: 300, audience: 200).entry
        rows[days[4]] = row("2024-01-05", rank: 9, total: 900, audience: 50).entry
        let svg = AudienceChart.html(title: "<제목> & \"따옴표\"", days: days, rows: rows, milestones: [], words: try StockTemplates.words(.ko))
        let bars = svg.components(separatedBy: "<path class=\"bar\" d=\"")[1].components(separatedBy: "\"")[0]
        #expect(bars.components(separatedBy: "M").count - 1 == 3, "a bar per charted day: \(bars)")
        let path = svg.components(separatedBy: "class=\"total-line\" d=\"")[1].components(separatedBy: "\"")[0]
        #expect(path.components(separatedBy: "M").count - 1 == 2, "the cumulative line breaks at the gap: \(path)")
        #expect(svg.contains("&lt;제목&gt; &amp; &quot;따옴표&quot;") && !svg.contains("<제목>"))
        #expect(svg.contains("<path class=\"weekend\" d=\"M"))
    }

    @Test(arguments: [1, 2, 3, 5, 6, 7, 30, 31, 45, 365])
    func spreadsDateLabelsEvenlyWithFirstAndLast(_ count: Int) {
        let ticks = AudienceChart.dateTicks(count: count)
        #expect(ticks.first == 0 && ticks.last == count - 1)
        #expect(ticks.count <= AudienceChart.maxDateLabels && ticks == ticks.sorted() && Set(ticks).count == ticks.count)
        // Evenly spread: no two neighbours closer than half the even spacing.
        if ticks.count > 2 {
            let even = Double(count - 1) / Double(ticks.count - 1)
            for (a, b) in zip(ticks, ticks.dropFirst()) { #expect(Double(b - a) >= even / 2, "\(ticks)") }
        }
    }

    @Test func axisMaximaGiveRoundLabels() {
        #expect(AudienceChart.axisMaximum(390_000) == 400_000)
        #expect(AudienceChart.axisMaximum(3_350_000) == 4_000_000)
        #expect(AudienceChart.axisMaximum(42_209) == 80_000)
        #expect(AudienceChart.axisMaximum(1) == 4)
    }

    @Test func milestoneLabelsNeverOverlapAndTheHighestAreKept() {
        // A blockbuster: 100만 to 700만 within two weeks of a long run, then 800만 and 900만 at the end.
        let xs = [0.05, 0.07, 0.09, 0.11, 0.13, 0.15, 0.17, 0.83, 0.95]
        let marks = xs.enumerated().map { i, x in
            (RunFacts.Milestone(threshold: Int64(i + 1) * 1_000_000, date: Day(iso: "2024-01-01")!.adding(days: i),
                                exact: true, dayOfRun: nil), x)
        }
        let placed = AudienceChart.placeLabels(marks)
        func span(_ x: Double) -> ClosedRange<Double> {
            x > 0.8 ? (x - AudienceChart.labelWidth)...x : x...(x + AudienceChart.labelWidth)
        }
        for row in [0, 1] {
            let spans = placed.filter { $0.row == row }.map { span($0.x) }
            for (i, a) in spans.enumerated() { for b in spans[(i + 1)...] { #expect(!a.overlaps(b), "\(a) \(b)") } }
        }
        let kept = placed.map(\.milestone.threshold)
        #expect(kept == kept.sorted(), "in date order")
        #expect(kept.contains(9_000_000) && kept.contains(8_000_000) && kept.contains(7_000_000))
        #expect(kept.count >= 4 && kept.count < marks.count)
        // Far apart, every label is kept on the first row.
        let apart = AudienceChart.placeLabels(Array(marks.prefix(3)).enumerated().map { ($1.0, 0.1 + 0.3 * Double($0)) })
        #expect(apart.map(\.row) == [0, 0, 0])
        // A wider screen has room for more of them.
        #expect(AudienceChart.placeLabels(marks, width: AudienceChart.wideLabelWidth).count > placed.count)
    }
}
