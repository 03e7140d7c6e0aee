import Foundation
import SitegenModel

/// A person's films over time: one bar per film at its opening date, as tall as its cumulative
/// audience. Drawn like `AudienceChart` (a stretched SVG plot, HTML labels at the stylesheet's
/// size) so it fits a 300 px phone and a desktop alike; the film list beside it has every figure.
enum PersonChart {
    static let width = 1000.0, height = 100.0
    /// A bar's width in viewbox units; bars that would touch are nudged apart.
    static let bar = 22.0, gap = 4.0

    /// `titles` are the films' titles as the page's edition names them, in `films`' order.
    static func html(name: String, films: [FilmFacts], titles: [String], words w: Words) -> String {
        guard !films.isEmpty else { return "" }
        let first = films.first!.date.ordinal, last = films.last!.date.ordinal
        // A margin of half a bar plus a little on each side so the end bars sit inside the frame.
        let inner = width - bar - 2 * gap
        let maxTotal = AudienceChart.axisMaximum(Double(films.map(\.audienceTotal).max() ?? 1))
        let f = ChartParts.number
        var xs: [Double] = []
        for film in films {
            var x =
                last == first
                ? (width - bar) / 2 : gap + inner * Double(film.date.ordinal - first) / Double(last - first)
            if let previous = xs.last, x < previous + bar + gap { x = previous + bar + gap }
            xs.append(x)
        }
        // Nudging can push the last bars past the edge: squeeze everything back in proportionally.
        if let end = xs.last, end + bar > width - gap, xs.count > 1 {
            let scale = (width - gap - bar - xs[0]) / (end - xs[0])
            xs = xs.map { xs[0] + ($0 - xs[0]) * scale }
        }
        let firstLabel = w.shortDate(films.first!.date), lastLabel = w.shortDate(films.last!.date)
        var out = "<div class=\"audience-chart person-chart\"><div class=\"chart-plot\">"
        out += ChartParts.svg(
            width: width, height: height, id: "chart", title: w("personChartTitle", name),
            desc: w("personChartDesc", firstLabel, lastLabel, "\(films.count)"))
        out += ChartParts.grid(width: width, height: height)
        for ((film, x), title) in zip(zip(films, xs), titles) {
            let top = height - Double(film.audienceTotal) / maxTotal * height
            let label =
                w("personBarLabel", title, w.shortDate(film.date), w.people(film.audienceTotal))
            out +=
                "<rect class=\"bar\" x=\"\(f(x))\" y=\"\(f(top))\" width=\"\(f(bar))\" "
                    + "height=\"\(f(height - top))\"><title>\(XML.escape(label))</title></rect>"
        }
        out += "</svg>" + ChartParts.axisLabels([("daily", maxTotal)], words: w)
        out += "</div><div class=\"chart-dates\" aria-hidden=\"true\">"
        if films.count == 1 || first == last {
            out += "<span class=\"date-label\" style=\"left:50%\">\(firstLabel)</span>"
        } else {
            out += "<span class=\"date-label start\" style=\"left:0\">\(firstLabel)</span>"
            out += "<span class=\"date-label end\" style=\"right:0\">\(lastLabel)</span>"
        }
        return out + "</div></div>"
    }
}
