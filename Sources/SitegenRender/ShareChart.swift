import Foundation
import SitegenModel

/// The 한국영화 audience share as an inline SVG line over months (or days): drawn here, not by a
/// chart library in the browser, so it costs the reader no script and shows with JavaScript off.
/// The table beside it holds the same figures for screen readers and copying.
enum ShareChart {
    static let width = 640.0, height = 220.0
    static let left = 36.0, right = 8.0, top = 10.0, bottom = 28.0

    static func svg(_ points: [(label: String, share: MarketShare)], words w: Words) -> String? {
        let values = points.compactMap { p in p.share.koreanAudienceShare.map { (p.label, $0, p.share) } }
        guard values.count >= 2 else { return nil }
        let plotW = width - left - right, plotH = height - top - bottom
        func x(_ i: Int) -> Double { left + plotW * Double(i) / Double(values.count - 1) }
        func y(_ percent: Double) -> Double { top + plotH * (1 - min(max(percent, 0), 100) / 100) }
        func n(_ v: Double) -> String { KoreanFormat.oneDecimal(v) }
        var out = """
            <svg class="share-chart" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" \
            aria-labelledby="share-chart-title"><title id="share-chart-title">\
            \(XML.escape(w("shareChartTitle", values.first!.0, KoreanFormat.percent(values.first!.1),
                values.last!.0, KoreanFormat.percent(values.last!.1))))</title>
            """
        for percent in [0.0, 25, 50, 75, 100] {
            out += "<line class=\"grid\(percent == 50 ? " half" : "")\" x1=\"\(n(left))\" x2=\"\(n(width - right))\" "
                + "y1=\"\(n(y(percent)))\" y2=\"\(n(y(percent)))\"/>"
            out += "<text class=\"axis\" x=\"\(n(left - 4))\" y=\"\(n(y(percent) + 4))\" text-anchor=\"end\">"
                + "\(Int(percent))%</text>"
        }
        // About six labels along the bottom, whatever the number of points.
        let step = max(1, Int((Double(values.count) / 6).rounded(.up)))
        for i in stride(from: 0, to: values.count, by: step) {
            // The last point is at the right edge: its label ends there rather than running off
            // it (「Feb 2024」 is wider than 「2024.2」).
            let anchor = i == values.count - 1 ? "end" : "middle"
            out += "<text class=\"axis\" x=\"\(n(x(i)))\" y=\"\(n(height - 8))\" text-anchor=\"\(anchor)\">"
                + "\(XML.escape(values[i].0))</text>"
        }
        let diversity = values.enumerated().compactMap { i, v in
            v.2.diversityAudienceShare.map { "\(n(x(i))),\(n(y($0)))" }
        }
        if diversity.count == values.count {
            out += "<polyline class=\"line diversity\" points=\"\(diversity.joined(separator: " "))\"/>"
        }
        let korean = values.enumerated().map { i, v in "\(n(x(i))),\(n(y(v.1)))" }
        out += "<polyline class=\"line korean\" points=\"\(korean.joined(separator: " "))\"/>"
        return out + "</svg>"
    }
}
