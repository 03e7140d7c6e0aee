import Foundation

/// The pieces every drawn chart shares (the film's run and pace, a person's films): a plot SVG
/// stretched to its box, gridlines, and HTML labels placed in percent, so text stays the
/// stylesheet's size at any width (`AudienceChart` says why). Strokes do not stretch with the plot:
/// the stylesheet gives every shape in it `vector-effect: non-scaling-stroke` (a CSS property in
/// every browser since 2020), not an attribute on each of them on thousands of pages.
enum ChartParts {
    static func number(_ v: Double) -> String { KoreanFormat.oneDecimal(v) }
    static func percent(_ v: Double) -> String { number(v * 100) + "%" }

    /// The SVG's opening tag, named for screen readers by the elements `labelledBy` lists. Inline
    /// in HTML it needs no `xmlns`: the parser puts it in the SVG namespace.
    static func svg(width: Double, height: Double, labelledBy ids: String) -> String {
        "<svg viewBox=\"0 0 \(number(width)) \(number(height))\" preserveAspectRatio=\"none\" role=\"img\" "
            + "aria-labelledby=\"\(ids)\">"
    }

    /// The same, named by its own title and description.
    static func svg(width: Double, height: Double, id: String, title: String, desc: String) -> String {
        svg(width: width, height: height, labelledBy: "\(id)-title \(id)-desc")
            + "<title id=\"\(id)-title\">\(XML.escape(title))</title><desc id=\"\(id)-desc\">\(XML.escape(desc))</desc>"
    }

    /// Five gridlines, the top, the bottom and three between (the axes' four steps), as one path:
    /// as five lines they were 300 bytes more on each of 9,000 film pages.
    static func grid(width: Double, height: Double) -> String {
        let d = (0...4).map { k in "M0 \(number(height * Double(k) / 4))H\(number(width))" }.joined()
        return "<path class=\"grid\" d=\"\(d)\"/>"
    }

    /// The axes' values just under their gridlines (`side` is the label's class: `daily` on the
    /// left, `total` on the right), the zero line unlabelled. Hidden from screen readers, which
    /// get the SVG's title and the figures beside the chart instead.
    static func axisLabels(_ axes: [(side: String, maximum: Double)], words w: Words) -> String {
        var out = "<div class=\"chart-axis\" aria-hidden=\"true\">"
        for k in 0..<4 {
            let share = Double(4 - k) / 4
            for axis in axes {
                out +=
                    "<span class=\"axis-label \(axis.side)\" "
                    + "style=\"top:\(percent(Double(k) / 4))\">\(w.compact(Int64(axis.maximum * share)))</span>"
            }
        }
        return out + "</div>"
    }

    /// Labels under the plot: the first flush left, the last flush right, the rest centred on
    /// their place (a share of the width).
    static func bottomLabels(_ labels: [(at: Double, text: String, first: Bool, last: Bool)]) -> String {
        var out = "<div class=\"chart-dates\" aria-hidden=\"true\">"
        for label in labels {
            let position = label.first ? "left:0" : label.last ? "right:0" : "left:\(percent(label.at))"
            let kind = label.first ? " start" : label.last ? " end" : ""
            out += "<span class=\"date-label\(kind)\" style=\"\(position)\">\(label.text)</span>"
        }
        return out + "</div>"
    }
}
