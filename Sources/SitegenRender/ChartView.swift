import Foundation
import SitegenModel
import SitegenMustache

/// What `partials/chart-list` and `partials/scope-charts` read: one chart, a day's or a week's or
/// weekend's, with the filters' top 10s, so both kinds of page share one markup.
enum ChartView {
    static func context(
        heading: String, caption: String, figureLabel: String, changeSub: String, entries: TemplateValue,
        audienceSum: Int64, salesSum: Int64, emptyText: String, rejectedRows: Int, isPeriod: Bool,
        scopes: TemplateValue = .list([])
    ) -> TemplateValue {
        [
            "heading": .text(heading),
            "caption": .text(caption),
            "figureLabel": .text(figureLabel),
            "changeSub": .text(changeSub),
            "entries": entries,
            "hasEntries": .bool(entries != .list([])),
            "audienceSum": .text(KoreanFormat.grouped(audienceSum)),
            "salesSum": .text(KoreanFormat.grouped(salesSum)),
            "emptyText": .text(emptyText),
            "rejectedRows": rejectedRows > 0 ? ["count": .int(rejectedRows)] : nil,
            "isPeriod": .bool(isPeriod),
            "scopes": scopes,
            "koreanTitlesNote": .null,
        ]
    }
}
