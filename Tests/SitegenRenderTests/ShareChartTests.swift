import Foundation
import Testing
@testable import SitegenRender

/// The market's share chart reads on a phone: its words are HTML at the page's type size (SVG
/// text scaled with the drawing was 5 px tall at 358 px), and its two series differ by more than
/// hue.
@Suite struct ShareChartTests {
    func share(korean: Int64, foreign: Int64, diversity: Int64) -> MarketShare {
        var share = MarketShare()
        (share.koreanAudience, share.foreignAudience, share.diversityAudience) = (korean, foreign, diversity)
        return share
    }

    @Test func theAxisIsHTMLAndTheDiversityLineIsDashed() throws {
        let points = (1...12).map { month in
            (label: "2025.\(month)", share: share(korean: Int64(40 + month), foreign: 60, diversity: Int64(month)))
        }
        let html = try #require(ShareChart.svg(points, words: StockTemplates.words(.ko)))
        let start = try #require(html.range(of: "<svg")), end = try #require(html.range(of: "</svg>"))
        let drawing = String(html[start.lowerBound..<end.upperBound])
        #expect(!drawing.contains("<text"), "no words inside the scaled drawing")
        #expect(drawing.contains(#"preserveAspectRatio="none""#) && drawing.contains("vector-effect=\"non-scaling-stroke\""))
        #expect(drawing.contains(#"<polyline class="line diversity""#) && drawing.contains(#"<polyline class="line korean""#))
        // The axis: 100%, 75%, 50% and 25% as HTML, hidden from screen readers (the title says it).
        let axis = html.matches(of: /<span class="axis-label daily" style="top:([0-9.]+)%">(\d+)%<\/span>/)
        #expect(axis.map { "\($0.output.1) \($0.output.2)" } == ["0.0 100", "25.0 75", "50.0 50", "75.0 25"])
        #expect(html.contains(#"<div class="chart-axis" aria-hidden="true">"#))
        // Four dates, first and last at the edges, in order.
        let dates = html.matches(of: /<span class="date-label[^"]*" style="[^"]+">([^<]+)<\/span>/).map { String($0.output.1) }
        #expect(dates == ["2025.1", "2025.5", "2025.8", "2025.12"], "\(dates)")
        #expect(html.contains(#"<title id="share-chart-title">"#) && html.contains("2025.1") && html.contains("2025.12"))
    }

    @Test func theLegendTellsTheLinesApartByMoreThanColour() throws {
        let css = try String(contentsOf: StockTemplates.repo.appendingPathComponent("Public/style.css"), encoding: .utf8)
        #expect(css.contains(".share-chart .line.diversity { stroke: var(--down); stroke-width: 2; stroke-dasharray: 7 4; }"))
        #expect(css.contains(".key-diversity { height: 3px; vertical-align: 2px; background: repeating-linear-gradient("))
        // The 50% line is grey and solid, and the legend says so rather than 「점선」 (the dashed
        // line is 다양성영화 now).
        let ko = try StockTemplates.words(.ko), en = try StockTemplates.words(.en)
        #expect(ko("legendHalf") == "회색 가로선은 50%." && en("legendHalf") == "· Grey line: 50%")
    }
}
