import Foundation
import SitegenModel
import SitegenMustache

/// The film page's pace chart (`PaceLines`): each film's 누적 by day of release as a line, drawn as
/// the run chart is (`ChartParts`: a stretched SVG of lines only, HTML labels at the page's type
/// size), so it reads on a 360 px phone and needs no script. The film's own line is drawn last, thick
/// and solid, with a dot at its latest day; the others differ by dash pattern as well as colour
/// (the stylesheet's `p1`…`p5`). The legend, which names each line with its place and its total
/// at the film's day, is the template's (`legend`) and is the chart's text; the section's heading
/// names the drawing.
///
/// Every byte is paid on thousands of pages (the house holds a day of history to 60 KB): a point
/// is two whole numbers, its day of release less one across and a thousandth of the axis up,
/// written as the step from the point before; the lines take their non-scaling strokes from the
/// stylesheet.
enum PaceChart {
    static let height = 1000.0

    static func html(_ pace: PaceLines, words w: Words) -> String {
        let top = AudienceChart.axisMaximum(Double(pace.lines.flatMap { $0.points.map(\.total) }.max() ?? 1))
        let span = pace.span
        func y(_ total: Int64) -> Int { Int((height - Double(total) / top * height).rounded()) }
        var out = "<div class=\"audience-chart pace-chart\"><div class=\"chart-plot\">"
        out += ChartParts.svg(width: Double(span - 1), height: height, labelledBy: "pace-heading")
        out += ChartParts.grid(width: Double(span - 1), height: height)
        // The others first, so the film's own is drawn over them. Each point after the first is a
        // step from the one before (whole units, so the steps add up to the points exactly): a
        // day or three across and a few units up, half the bytes of where it is.
        for (i, line) in pace.lines.enumerated().reversed() {
            var d = "", x = 0, level = 0
            for (k, point) in line.points.enumerated() {
                let px = point.day - 1, py = y(point.total)
                // A rise is a minus sign, which also parts it from the step across.
                let step = "\(px - x)" + (py < level ? "" : " ") + "\(py - level)"
                d += k == 0 ? "M\(px) \(py)" : (k == 1 ? "l" : " ") + step
                (x, level) = (px, py)
            }
            out += "<path class=\"p\(i)\" d=\"\(d)\"/>"
        }
        // Where the film stands today: a round cap on a line of no length is a dot that does not
        // stretch with the plot.
        if let now = pace.lines.first?.points.last {
            out += "<path class=\"p0 now\" d=\"M\(now.day - 1) \(y(now.total))h0\"/>"
        }
        out += "</svg>" + ChartParts.axisLabels([("daily", top)], words: w) + "</div>"
        out += ChartParts.bottomLabels(
            AudienceChart.dateTicks(count: span, labels: 3).map { i in
                (Double(i) / Double(span - 1), w("paceDay", "\(i + 1)"), i == 0, i == span - 1)
            })
        return out + "</div>"
    }

    /// The legend: each line's `key` (its class), `title`, `lang`, `href` (null for the film's
    /// own, which is named by its `role` alone), `role` (「이 영화」, 「역대 누적 1위」, 「2021년
    /// 개봉작 누적 2위」) and `value` (its total at the film's day, or at its latest day drawn when it
    /// has not reached it: 「12일차 512만」).
    static func legend(_ site: SiteModel, _ pace: PaceLines, route: Route) -> TemplateValue {
        let w = site.words
        return .list(
            pace.lines.enumerated().map { i, line in
                let at = line.points.last { $0.day <= pace.day } ?? line.points.last!
                let role: String
                switch line.role {
                case .own: role = w("paceOwn")
                case .allTime(let place): role = w("paceAllTime", "\(place)")
                case .year(let year, let place): role = w("paceYear", "\(year)", "\(place)")
                }
                return [
                    "key": .text("p\(i)"), "title": .text(site.title(of: line.code)),
                    "lang": site.titleLang(of: line.code),
                    "href": line.role == .own ? nil : .text(site.href(.movie(line.code), from: route)),
                    "role": .text(role), "value": .text(w("paceValue", "\(at.day)", w.compact(at.total))),
                ]
            })
    }
}
