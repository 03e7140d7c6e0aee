import Foundation
import SitegenModel

/// The inline SVG chart on a movie page: daily audience as bars, the cumulative audience as a
/// line, weekends shaded, milestones marked. A day out of the top 10 is a gap — no bar, a break
/// in the line — never a zero. Pure text; colours come from the stylesheet so dark mode applies.
enum AudienceChart {
    static let width = 720.0, height = 260.0
    static let left = 52.0, right = 58.0, top = 14.0, bottom = 30.0

    static func svg(title: String, days: [Day], rows: [Day: ChartEntry], milestones: [RunFacts.Milestone]) -> String {
        guard !days.isEmpty else { return "" }
        let plotW = width - left - right, plotH = height - top - bottom
        let slot = plotW / Double(days.count)
        let maxDaily = axisMaximum(Double(rows.values.map(\.audience).max() ?? 1))
        let maxTotal = axisMaximum(Double(rows.values.map(\.audienceTotal).max() ?? 1))
        func x(_ i: Int) -> Double { left + slot * Double(i) }
        func yDaily(_ v: Int64) -> Double { top + plotH - Double(v) / maxDaily * plotH }
        func yTotal(_ v: Int64) -> Double { top + plotH - Double(v) / maxTotal * plotH }
        func f(_ v: Double) -> String { KoreanFormat.oneDecimal(v) }

        let first = KoreanFormat.shortDate(days.first!), last = KoreanFormat.shortDate(days.last!)
        var svg = "<svg class=\"audience-chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"chart-title chart-desc\" xmlns=\"http://www.w3.org/2000/svg\">"
        svg += "<title id=\"chart-title\">\(XML.escape(title)) 일별 관객수와 누적 관객수</title>"
        svg += "<desc id=\"chart-desc\">\(first)부터 \(last)까지. 막대는 그날 관객수, 선은 누적 관객수입니다. 막대가 없는 날은 상위 10위 밖이었던 날입니다.</desc>"

        for (i, d) in days.enumerated() where d.isWeekend || KoreanHolidays.isHoliday(d) {
            svg += "<rect class=\"weekend\" x=\"\(f(x(i)))\" y=\"\(f(top))\" width=\"\(f(slot))\" height=\"\(f(plotH))\"/>"
        }
        for k in 0...4 {
            let y = top + plotH * Double(k) / 4
            svg += "<line class=\"grid\" x1=\"\(f(left))\" x2=\"\(f(left + plotW))\" y1=\"\(f(y))\" y2=\"\(f(y))\"/>"
            let daily = Int64(maxDaily * Double(4 - k) / 4), total = Int64(maxTotal * Double(4 - k) / 4)
            svg += "<text class=\"axis\" x=\"\(f(left - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(KoreanFormat.compact(daily))</text>"
            svg += "<text class=\"axis total\" x=\"\(f(left + plotW + 6))\" y=\"\(f(y + 4))\">\(KoreanFormat.compact(total))</text>"
        }
        let barWidth = max(1, slot * 0.72)
        var path = ""
        var drawing = false
        for (i, d) in days.enumerated() {
            guard let e = rows[d] else { drawing = false; continue }
            let y = yDaily(e.audience)
            let label = "\(KoreanFormat.shortDate(d)) (\(KoreanFormat.weekdayNames[d.weekday])) \(e.rank)위 관객 \(KoreanFormat.people(e.audience)), 누적 \(KoreanFormat.people(e.audienceTotal))"
            svg += "<rect class=\"bar\" x=\"\(f(x(i) + (slot - barWidth) / 2))\" y=\"\(f(y))\" width=\"\(f(barWidth))\" height=\"\(f(top + plotH - y))\"><title>\(XML.escape(label))</title></rect>"
            let point = "\(f(x(i) + slot / 2)),\(f(yTotal(e.audienceTotal)))"
            path += (drawing ? " L" : (path.isEmpty ? "M" : " M")) + point
            drawing = true
        }
        if !path.isEmpty { svg += "<path class=\"total-line\" d=\"\(path)\"/>" }
        for m in milestones {
            guard let i = days.firstIndex(of: m.date) else { continue }
            let cx = x(i) + slot / 2
            svg += "<line class=\"milestone\" x1=\"\(f(cx))\" x2=\"\(f(cx))\" y1=\"\(f(top))\" y2=\"\(f(top + plotH))\"/>"
            svg += "<text class=\"milestone-label\" x=\"\(f(cx + 3))\" y=\"\(f(top + 10))\">\(RunFacts.label(m.threshold))</text>"
        }
        let ticks = Set([0, days.count - 1] + stride(from: 0, to: days.count, by: max(1, days.count / 6)).map { $0 })
        for i in ticks.sorted() where i < days.count {
            let d = days[i]
            let anchor = i == 0 ? "start" : i == days.count - 1 ? "end" : "middle"
            let tx = i == 0 ? x(i) : i == days.count - 1 ? x(i) + slot : x(i) + slot / 2
            svg += "<text class=\"axis\" x=\"\(f(tx))\" y=\"\(f(height - 10))\" text-anchor=\"\(anchor)\">\(d.month)/\(d.day)</text>"
        }
        return svg + "</svg>"
    }

    /// Four gridline steps of 1, 2 or 5 times a power of ten, so every axis label is a round number.
    static func axisMaximum(_ v: Double) -> Double {
        let quarter = max(v, 4) / 4
        let magnitude = pow(10, floor(log10(quarter)))
        for step in [1.0, 2.0, 5.0, 10.0] where step * magnitude >= quarter { return 4 * step * magnitude }
        return 40 * magnitude
    }
}
