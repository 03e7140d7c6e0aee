import Foundation
import SitegenModel
import SitegenMustache

/// The film page's pace chart (`PaceLines`): each film's 누적 by day of release as a line, drawn as
/// the run chart is (`ChartParts`: a stretched SVG of lines only, HTML labels at the page's type
/// size), so it reads on a 360 px phone and needs no script. The film's own line is drawn last, thick
/// and solid, with a dot at its latest day; the others differ by dash pattern as well as colour
/// (the stylesheet's `p1`…`p5`). The legend, which names each line with its place and its total
/// at the film's day, is the template's (`legend`) and is the chart's text.
enum PaceChart {
    /// Whole viewbox units: a point costs a few bytes on each of 9,000 pages.
    static let width = 1000.0, height = 1000.0

    static func html(_ pace: PaceLines, title: String, words w: Words) -> String {
        let top = AudienceChart.axisMaximum(Double(pace.lines.flatMap { $0.points.map(\.total) }.max() ?? 1))
        let span = pace.span
        func x(_ day: Int) -> Int { Int((Double(day - 1) / Double(span - 1) * width).rounded()) }
        func y(_ total: Int64) -> Int { Int((height - Double(total) / top * height).rounded()) }
        var out = "<div class=\"audience-chart pace-chart\"><div class=\"chart-plot\">"
        out += ChartParts.svg(
            width: width, height: height, id: "pace", title: w("paceChartTitle", title, "\(span)"), desc: nil)
        out += ChartParts.grid(width: width, height: height)
        // The others first, so the film's own is drawn over them.
        for (i, line) in pace.lines.enumerated().reversed() {
            let points = line.points.map { "\(x($0.day)),\(y($0.total))" }.joined(separator: " ")
            out += "<polyline class=\"p\(i)\" points=\"\(points)\" vector-effect=\"non-scaling-stroke\"/>"
        }
        // Where the film stands today: a round cap on a line of no length is a dot that does not
        // stretch with the plot.
        if let now = pace.lines.first?.points.last {
            out +=
                "<path class=\"p0 now\" d=\"M\(x(now.day)) \(y(now.total))h0\" vector-effect=\"non-scaling-stroke\"/>"
        }
        out += "</svg>" + ChartParts.axisLabels([("daily", top)], words: w) + "</div>"
        out += ChartParts.bottomLabels(
            AudienceChart.dateTicks(count: span).map { i in
                (Double(i) / Double(span - 1), w("paceDay", "\(i + 1)"), i == 0, i == span - 1)
            })
        return out + "</div>"
    }

    /// The legend: each line's `key` (its class), `title`, `lang`, `href` (null for the film's
    /// own), `role` (「이 영화」, 「역대 누적 1위」, 「2021년 개봉작 누적 2위」) and `value` (its total
    /// at the film's day, or at its latest day drawn when it has not reached it: 「12일차 512만」).
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
