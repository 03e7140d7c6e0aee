import Foundation
import SitegenModel

/// The 한국영화 audience share as an inline SVG line over months (or days): drawn here, not by a
/// chart library in the browser, so it costs the reader no script and shows with JavaScript off.
/// The table beside it holds the same figures for screen readers and copying.
///
/// Built as the film's run chart is: the SVG stretches to the plot's box and holds only lines,
/// while the axis words are HTML at the page's type size, so they read on a 360 px phone (as SVG
/// text scaled with the drawing they were 5 px tall there). The two series differ by more than
/// hue: 다양성영화 is a dashed line. Four dates, not the run chart's five: 「Sep 2025」 is wider
/// than 「11/21」, and five of them overlapped at 360 px.
enum ShareChart {
    static let width = 640.0, height = 200.0

    static func svg(_ points: [(label: String, share: MarketShare)], words w: Words) -> String? {
        let values = points.compactMap { p in p.share.koreanAudienceShare.map { (p.label, $0, p.share) } }
        guard values.count >= 2 else { return nil }
        func x(_ i: Int) -> Double { width * Double(i) / Double(values.count - 1) }
        func y(_ percent: Double) -> Double { height * (1 - min(max(percent, 0), 100) / 100) }
        func n(_ v: Double) -> String { KoreanFormat.oneDecimal(v) }
        func percent(_ v: Double) -> String { n(v * 100) + "%" }
        var out = "<div class=\"audience-chart share-chart\"><div class=\"chart-plot\">"
        out += """
            <svg viewBox="0 0 \(Int(width)) \(Int(height))" preserveAspectRatio="none" role="img" \
            aria-labelledby="share-chart-title"><title id="share-chart-title">\
            \(XML.escape(w("shareChartTitle", values.first!.0, KoreanFormat.percent(values.first!.1),
                values.last!.0, KoreanFormat.percent(values.last!.1))))</title>
            """
        for level in [0.0, 25, 50, 75, 100] {
            out += "<line class=\"grid\(level == 50 ? " half" : "")\" x1=\"0\" x2=\"\(n(width))\" "
                + "y1=\"\(n(y(level)))\" y2=\"\(n(y(level)))\" vector-effect=\"non-scaling-stroke\"/>"
        }
        let diversity = values.enumerated().compactMap { i, v in
            v.2.diversityAudienceShare.map { "\(n(x(i))),\(n(y($0)))" }
        }
        if diversity.count == values.count {
            out += "<polyline class=\"line diversity\" points=\"\(diversity.joined(separator: " "))\" "
                + "vector-effect=\"non-scaling-stroke\"/>"
        }
        let korean = values.enumerated().map { i, v in "\(n(x(i))),\(n(y(v.1)))" }
        out += "<polyline class=\"line korean\" points=\"\(korean.joined(separator: " "))\" "
            + "vector-effect=\"non-scaling-stroke\"/></svg>"
        // The words repeat the table below and the SVG's title, so screen readers skip them.
        out += "<div class=\"chart-axis\" aria-hidden=\"true\">"
        for level in [100.0, 75, 50, 25] {
            out += "<span class=\"axis-label daily\" style=\"top:\(percent(1 - level / 100))\">\(Int(level))%</span>"
        }
        out += "</div></div><div class=\"chart-dates\" aria-hidden=\"true\">"
        let count = values.count
        for i in AudienceChart.dateTicks(count: count, labels: 4) {
            let (position, kind) =
                i == 0
                ? ("left:0", " start") : i == count - 1 ? ("right:0", " end") : ("left:\(percent(x(i) / width))", "")
            out += "<span class=\"date-label\(kind)\" style=\"\(position)\">\(XML.escape(values[i].0))</span>"
        }
        return out + "</div></div>"
    }
}
