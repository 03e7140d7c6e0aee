import Foundation
import SitegenModel

/// What a person page and the search index say about a film: its latest known totals and best rank.
struct FilmFacts: Sendable {
    let code: String
    let title: String
    let englishTitle: String
    let originalTitle: String
    let openDate: Day?
    /// The opening date, or the first day on the charts for a film KOBIS gives none (re-releases).
    let date: Day
    /// The cumulative audience on the last day it was on a chart in the range: a floor, since it
    /// may have sold more after leaving the top 10.
    let audienceTotal: Int64
    let asOf: Day
    let bestRank: Int

    init(code: String, movie: Movie?, rows: [(date: Day, entry: ChartEntry)], title: String) {
        self.code = code
        self.title = title
        englishTitle = movie?.englishTitle ?? ""
        originalTitle = movie?.originalTitle ?? ""
        openDate = movie?.openDate ?? rows.first?.entry.openDate
        date = openDate ?? rows.first!.date
        audienceTotal = rows.last!.entry.audienceTotal
        asOf = rows.last!.date
        bestRank = rows.map(\.entry.rank).min()!
    }
}
