import Foundation
import SitegenModel

/// The one check every chart row passes before it is published, wherever it came from: decoded
/// from KOBIS (live, the cache, the history) or taken from a memo of decoded answers, which a
/// checksum guards against a damaged disk but not against a file someone re-signed. A row whose
/// figures no real box office reaches (bounds set far above any record, so that a whole history
/// summed can never overflow) or whose code is not a code is dropped with one warning naming the
/// day and the film; nothing traps on it. An opening date outside what KOBIS can hold is shown
/// as unknown, with a warning.
public enum FigureBounds {
    /// Twice South Korea's population: the record film sold 17.6 million tickets in all.
    static let audience: Int64 = 100_000_000
    /// Ten trillion won: a whole year of Korean box office is under two.
    static let sales: Int64 = 10_000_000_000_000
    /// Korea has about 3,300 screens.
    static let screens = 100_000
    static let showings = 10_000_000
    /// A change rate in percent (a film going from 1 ticket to a million is 99,999,900%).
    static let rate = 1e9
    /// Films a chart shows opened no earlier than this, and no more than two years after the day
    /// charted (a film can chart from previews before its opening).
    static let firstOpening = Day(year: 1900, month: 1, day: 1)!.adding(days: 3650)
    static let openingLead = 730

    /// What is wrong with the row, charted on `day`, or nil.
    public static func problem(_ e: ChartEntry, on day: Day) -> String? {
        guard KOBISDecoder.isValidMovieCode(e.movieCode) else {
            return "movieCd \(KOBISDecoder.quoted(e.movieCode)) is not [0-9A-Za-z]+"
        }
        let code = e.movieCode
        guard (1...10).contains(e.rank) else { return "movie \(code) has rank \(e.rank), outside the top 10" }
        guard !e.title.isEmpty else { return "movie \(code) has no title" }
        for (name, value, bound) in [
            ("audience", e.audience, audience), ("total audience", e.audienceTotal, audience),
            ("sales", e.sales, sales), ("total sales", e.salesTotal, sales),
            ("screens", Int64(e.screens), Int64(screens)), ("showings", Int64(e.showings), Int64(showings)),
        ] where !(0...bound).contains(value) {
            return "movie \(code) has \(name) \(value), beyond any real box office"
        }
        for (name, value, bound) in [
            ("audience change", e.audienceChange, audience), ("sales change", e.salesChange, sales),
        ] {
            if let value, !(-bound...bound).contains(value) {
                return "movie \(code) has \(name) \(value), beyond any real box office"
            }
        }
        if let share = e.salesShare, !(share >= 0 && share <= 100) {
            return "movie \(code) has a sales share of \(share)%, outside 0–100%"
        }
        let rates = [("audience change rate", e.audienceChangeRate), ("sales change rate", e.salesChangeRate)]
        for (name, value) in rates {
            if let value, !(value.isFinite && abs(value) <= rate) {
                return "movie \(code) has \(name) \(value)%, beyond any real box office"
            }
        }
        guard abs(e.rankChange) <= 100_000 else { return "movie \(code) has rank change \(e.rankChange)" }
        return nil
    }

    /// An opening date no film charted on `day` can have (KOBIS's own data has typos, year 201
    /// once): the row stays, its opening shown as unknown rather than 「개봉 45047일차」.
    static func openingProblem(_ e: ChartEntry, on day: Day) -> String? {
        guard let opened = e.openDate, opened < firstOpening || opened > day.adding(days: openingLead) else {
            return nil
        }
        return "movie \(e.movieCode) opened \(opened.iso), outside the dates a film charted on \(day.iso) can have; "
            + "its opening is shown as unknown"
    }

    /// The rows a chart can trust, in rank order: each without a `problem`, no rank and no film
    /// twice. `items` pairs each row with where it is (`2024-02-10 row 3`) for its warning.
    public static func accepted(
        _ items: [(place: String, entry: ChartEntry)], on day: Day, warnings: inout [DataWarning]
    ) -> [ChartEntry] {
        var entries: [ChartEntry] = []
        var ranks = Set<Int>(), films = Set<String>()
        for (place, item) in items {
            var entry = item
            if let why = openingProblem(entry, on: day) {
                warnings.append(DataWarning(context: place, message: why))
                entry.openDate = nil
            }
            if let why = problem(entry, on: day) {
                warnings.append(DataWarning(context: place, message: why + "; row skipped"))
                continue
            }
            guard !ranks.contains(entry.rank) else {
                warnings.append(
                    DataWarning(
                        context: place, message: "movie \(entry.movieCode) repeats rank \(entry.rank); row skipped"))
                continue
            }
            // The same film twice in one chart would give it two rows for one day everywhere.
            guard !films.contains(entry.movieCode) else {
                warnings.append(
                    DataWarning(
                        context: place, message: "movie \(entry.movieCode) is already on this chart; row skipped"))
                continue
            }
            ranks.insert(entry.rank)
            films.insert(entry.movieCode)
            entries.append(entry)
        }
        return entries.sorted { ($0.rank, $0.movieCode) < ($1.rank, $1.movieCode) }
    }

    /// A day's chart as the site may show it, however it arrived; the rows dropped are counted
    /// with those its decoding dropped, so the day's page says how many.
    public static func checked(_ chart: DayChart, scope: String = "") -> (DayChart, [DataWarning]) {
        var warnings: [DataWarning] = []
        var out = chart
        out.entries = accepted(
            chart.entries.map { ("\(chart.date.iso)\(scope)", $0) }, on: chart.date, warnings: &warnings)
        out.rejectedRows += chart.entries.count - out.entries.count
        return (out, warnings)
    }

    public static func checked(_ chart: PeriodChart, scope: String = "") -> (PeriodChart, [DataWarning]) {
        var warnings: [DataWarning] = []
        var out = chart
        out.entries = accepted(
            chart.entries.map { ("\(chart.kind.rawValue) \(chart.start.iso)\(scope)", $0) }, on: chart.start,
            warnings: &warnings)
        return (out, warnings)
    }

    /// Movie info's figures: one outside what a film can have is shown as unknown.
    public static func checked(_ movie: Movie) -> Movie {
        var out = movie
        if let minutes = movie.runtimeMinutes, !(1...1_000).contains(minutes) { out.runtimeMinutes = nil }
        if let year = movie.productionYear, !(1880...2200).contains(year) { out.productionYear = nil }
        if let opened = movie.openDate, opened < firstOpening || opened > Day(year: 2200, month: 1, day: 1)! {
            out.openDate = nil
        }
        return out
    }
}
