import Foundation
import SitegenModel

/// The chart on a movie page: daily audience as bars, the cumulative audience as a line, weekends
/// and holidays shaded, milestones marked. A day out of the top 10 is a gap — no bar, a break in
/// the line — never a zero.
///
/// The plot is an SVG stretched to the box (`preserveAspectRatio="none"`, strokes that do not
/// scale) while every label is HTML placed in percent. A single scaled SVG cannot serve both a
/// 300 px phone and a 1,100 px desktop: its text shrinks below legibility on one and swells on
/// the other. Here text is always the stylesheet's size, and the date ticks are spaced for the
/// narrowest phone, so labels never collide at any width. Colours come from the stylesheet so
/// dark mode applies.
enum AudienceChart {
    /// Viewbox units per day and for the full height; the box stretches them to any size.
    static let slot = 10.0, plotHeight = 100.0
    /// At most this many date labels: five "12/31"-wide labels fit a 300 px phone with room between.
    static let maxDateLabels = 5

    static func html(
        title: String, days: [Day], rows: [Day: ChartEntry], milestones: [RunFacts.Milestone], words w: Words
    ) -> String {
        guard !days.isEmpty else { return "" }
        let n = days.count
        let maxDaily = axisMaximum(Double(rows.values.map(\.audience).max() ?? 1))
        let maxTotal = axisMaximum(Double(rows.values.map(\.audienceTotal).max() ?? 1))
        let plotWidth = slot * Double(n)
        let f = ChartParts.number, percent = ChartParts.percent
        func y(_ v: Int64, _ axis: Double) -> Double { plotHeight - Double(v) / axis * plotHeight }

        let first = w.shortDate(days.first!), last = w.shortDate(days.last!)
        var out = "<div class=\"audience-chart\">"
        // Milestone labels get their own strip above the plot, in two rows: placed once for a
        // phone's width and once for a wider screen, the stylesheet showing each its own.
        if !milestones.isEmpty {
            out += "<div class=\"chart-milestones\" aria-hidden=\"true\">"
            let marks = milestones.compactMap { m in
                days.firstIndex(of: m.date).map { (m, (Double($0) + 0.5) / Double(n)) }
            }
            let narrow = Self.placeLabels(marks, width: Self.labelWidth)
            let wide = Self.placeLabels(marks, width: Self.wideLabelWidth)
            for (milestone, x) in marks {
                let phone = narrow.first { $0.milestone == milestone }?.row
                let wider = wide.first { $0.milestone == milestone }?.row
                guard phone != nil || wider != nil else { continue }
                let side = x > 0.8 ? "right:\(percent(1 - x))" : "left:\(percent(x))"
                let rows = (phone.map { "row\($0)" } ?? "no-narrow") + " " + (wider.map { "wrow\($0)" } ?? "no-wide")
                out +=
                    "<span class=\"chart-milestone \(rows)\(x > 0.8 ? " end" : "")\" style=\"\(side)\">"
                        + "\(w.compact(milestone.threshold))</span>"
            }
            out += "</div>"
        }
        out += "<div class=\"chart-plot\">"
        out += ChartParts.svg(
            width: plotWidth, height: plotHeight, id: "chart", title: w("runChartTitle", title),
            desc: w("runChartDesc", first, last))
        // Weekends and bars are one path each, a short subpath per day: as a rect apiece they were
        // 4 MB of the whole history's film pages.
        var weekends = ""
        for (i, d) in days.enumerated() where d.isWeekend || KoreanHolidays.isHoliday(d) {
            weekends += "M\(f(slot * Double(i))) 0h\(f(slot))V\(f(plotHeight))h-\(f(slot))Z"
        }
        if !weekends.isEmpty { out += "<path class=\"weekend\" d=\"\(weekends)\"/>" }
        out += ChartParts.grid(width: plotWidth, height: plotHeight)
        var path = "", bars = ""
        var drawing = false
        for (i, d) in days.enumerated() {
            guard let e = rows[d] else { drawing = false; continue }
            let top = y(e.audience, maxDaily)
            // No tooltip per bar: the day's figures are the history table's row just below, and a
            // title on every bar was 9 MB of the whole history's film pages.
            let width = f(slot * 0.72)
            bars += "M\(f(slot * Double(i) + slot * 0.14)) \(f(top))h\(width)V\(f(plotHeight))h-\(width)Z"
            let point = "\(f(slot * (Double(i) + 0.5))),\(f(y(e.audienceTotal, maxTotal)))"
            path += (drawing ? " L" : (path.isEmpty ? "M" : " M")) + point
            drawing = true
        }
        if !bars.isEmpty { out += "<path class=\"bar\" d=\"\(bars)\"/>" }
        if !path.isEmpty { out += "<path class=\"total-line\" d=\"\(path)\"/>" }
        for m in milestones {
            guard let i = days.firstIndex(of: m.date) else { continue }
            let cx = f(slot * (Double(i) + 0.5))
            out +=
                "<line class=\"milestone\" x1=\"\(cx)\" x2=\"\(cx)\" y1=\"0\" y2=\"\(f(plotHeight))\"/>"
        }
        out += "</svg>"
        // Axis values sit just under their gridline, daily on the left and cumulative on the right.
        out += ChartParts.axisLabels([("daily", maxDaily), ("total", maxTotal)], words: w) + "</div>"
        out += ChartParts.bottomLabels(
            dateTicks(count: n).map { i in
                let d = days[i]
                return ((Double(i) + 0.5) / Double(n), "\(d.month)/\(d.day)", i == 0 && n > 1, i == n - 1 && n > 1)
            })
        return out + "</div>"
    }

    /// Evenly spread day indexes, first and last always included, never more than `maxDateLabels`:
    /// evenly spaced labels cannot crowd the way a stride plus the last day did (11/18 on 11/21).
    static func dateTicks(count n: Int, labels most: Int = maxDateLabels) -> [Int] {
        guard n > 1 else { return n == 1 ? [0] : [] }
        let labels = min(n, most)
        var ticks: [Int] = []
        for k in 0..<labels {
            let i = Int((Double(k) * Double(n - 1) / Double(labels - 1)).rounded())
            if ticks.last != i { ticks.append(i) }
        }
        return ticks
    }

    /// Four gridline steps of 1, 2 or 5 times a power of ten, so every axis label is a round number.
    static func axisMaximum(_ v: Double) -> Double {
        let quarter = max(v, 4) / 4
        let magnitude = pow(10, floor(log10(quarter)))
        for step in [1.0, 2.0, 5.0, 10.0] where step * magnitude >= quarter { return 4 * step * magnitude }
        return 40 * magnitude
    }

    /// The share of the chart's width a label may take on a phone (「1,000만」 at 13 px on a 358 px
    /// chart), and above 640 px (on a chart of 600 px and more).
    static let labelWidth = 0.16, wideLabelWidth = 0.09

    /// Where the milestone labels go: the highest first (a run's 1,000만 matters more than its
    /// 100만), each in the first of two rows where it overlaps no label already placed, as a phone
    /// lays them out. A label with no room is left to the milestone list below the chart; its
    /// dashed line stays in the plot. In date order.
    static func placeLabels(_ marks: [(RunFacts.Milestone, Double)], width: Double = labelWidth)
        -> [(milestone: RunFacts.Milestone, x: Double, row: Int)]
    {
        var taken: [[ClosedRange<Double>]] = [[], []]
        var placed: [(milestone: RunFacts.Milestone, x: Double, row: Int)] = []
        for (milestone, x) in marks.reversed() {
            // A label near the right end is drawn leftwards from its line.
            let span = x > 0.8 ? (x - width)...x : x...(x + width)
            guard let row = [0, 1].first(where: { r in !taken[r].contains { $0.overlaps(span) } }) else { continue }
            taken[row].append(span)
            placed.append((milestone, x, row))
        }
        return placed.reversed()
    }
}
