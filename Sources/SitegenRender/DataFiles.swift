import Foundation
import SitegenModel

/// The JSON behind every page: the same figures the page shows, with stable key order.
enum DataFiles {
    struct DayData: Encodable {
        let date: Day
        let weekday: String
        let demo: Bool
        let source: String
        let fetchedAt: Date?
        let audienceTop10: Int64
        let salesTop10: Int64
        let entries: [ChartEntry]
    }

    struct HistoryRow: Encodable {
        let date: Day
        let entry: ChartEntry
    }

    struct MovieData: Encodable {
        let code: String
        let title: String
        let demo: Bool
        let source: String
        let details: Movie?
        let poster: Poster?
        let history: [HistoryRow]
    }

    struct SiteIndex: Encodable {
        struct DaySummary: Encodable { let date: Day; let top: String?; let audienceTop10: Int64 }
        struct MovieSummary: Encodable { let code: String; let title: String }
        let generator: String
        /// When the newest figures were collected: data-derived, so an unchanged site stays byte-identical.
        let updatedAt: Date?
        let demo: Bool
        let source: String
        let days: [DaySummary]
        let movies: [MovieSummary]
    }

    static func sourceName(_ site: SiteModel) -> String {
        site.isDemo ? "sitegen demo simulator (fictional data)" : "KOBIS Open API (영화진흥위원회)"
    }

    static func day(_ site: SiteModel, _ chart: DayChart) throws -> Data {
        try encode(DayData(date: chart.date, weekday: KoreanFormat.weekdayNames[chart.date.weekday], demo: site.isDemo,
                           source: sourceName(site), fetchedAt: chart.fetchedAt,
                           audienceTop10: chart.entries.reduce(0) { $0 + $1.audience },
                           salesTop10: chart.entries.reduce(0) { $0 + $1.sales }, entries: chart.entries))
    }

    static func movie(_ site: SiteModel, _ code: String) throws -> Data {
        try encode(MovieData(code: code, title: site.title(of: code), demo: site.isDemo, source: sourceName(site),
                             details: site.dataset.movies[code], poster: site.dataset.posters[code],
                             history: (site.history[code] ?? []).map { HistoryRow(date: $0.date, entry: $0.entry) }))
    }

    static func siteIndex(_ site: SiteModel) throws -> Data {
        try encode(SiteIndex(
            generator: "sitegen", updatedAt: site.days.compactMap(\.fetchedAt).max(), demo: site.isDemo, source: sourceName(site),
            days: site.days.map { .init(date: $0.date, top: $0.entries.first?.title, audienceTop10: $0.entries.reduce(0) { $0 + $1.audience }) },
            movies: site.movieCodes.map { .init(code: $0, title: site.title(of: $0)) }))
    }

    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }
}
