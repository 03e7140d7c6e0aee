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

    /// What is wrong with the row, charted on `day`, or nil. Every chart of a whole history passes
    /// here on every build (320,000 rows in a real-sized one), so the figures are compared one by
    /// one and a message is made only for a row that fails: arrays of (name, value, bound) made
    /// for each row were a fifth of a morning's build.
    public static func problem(_ e: ChartEntry, on day: Day) -> String? {
        guard MovieCode.isValid(e.movieCode) else {
            return "movieCd \(KOBISDecoder.quoted(e.movieCode)) is not [0-9A-Za-z]+"
        }
        let code = e.movieCode
        guard (1...10).contains(e.rank) else { return "movie \(code) has rank \(e.rank), outside the top 10" }
        guard !e.title.isEmpty else { return "movie \(code) has no title" }
        func beyond(_ name: StaticString, _ value: Int64, _ bound: Int64, signed: Bool = false) -> String? {
            (signed ? -bound : 0) <= value && value <= bound
                ? nil : "movie \(code) has \(name) \(value), beyond any real box office"
        }
        if let why = beyond("audience", e.audience, audience) ?? beyond("total audience", e.audienceTotal, audience)
            ?? beyond("sales", e.sales, sales) ?? beyond("total sales", e.salesTotal, sales)
            ?? beyond("screens", Int64(e.screens), Int64(screens))
            ?? beyond("showings", Int64(e.showings), Int64(showings))
            ?? e.audienceChange.flatMap({ beyond("audience change", $0, audience, signed: true) })
            ?? e.salesChange.flatMap({ beyond("sales change", $0, sales, signed: true) })
        {
            return why
        }
        if let share = e.salesShare, !(share >= 0 && share <= 100) {
            return "movie \(code) has a sales share of \(share)%, outside 0–100%"
        }
        func wild(_ name: StaticString, _ value: Double?) -> String? {
            guard let value, !(value.isFinite && abs(value) <= rate) else { return nil }
            return "movie \(code) has \(name) \(value)%, beyond any real box office"
        }
        if let why = wild("audience change rate", e.audienceChangeRate)
            ?? wild("sales change rate", e.salesChangeRate)
        {
            return why
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
        accepted(items.map(\.entry), on: day, place: { items[$0].place }, warnings: &warnings)
    }

    /// The same, with each row's place made only for a warning (a string per row of every chart
    /// of a history, made and thrown away, cost more than the checks).
    static func accepted(
        _ items: [ChartEntry], on day: Day, place: (Int) -> String, warnings: inout [DataWarning]
    ) -> [ChartEntry] {
        // The rows kept, made only once a row is skipped or changed: until then they are the rows
        // before this one, and the chart's own array is handed back (a copy of every row of a
        // history's 40,000 charts, checked every morning, was most of the check). Rows are read
        // in place, never copied out: a copy is three strings retained and released, for each of
        // a whole history's 400,000 rows every morning (half of what was left of the check).
        var changed: [ChartEntry]?
        items.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                // A chart has ten rows or so: a linear look for a repeated rank or film costs less
                // than two hash sets made for each of a history's 40,000 charts.
                func kept(_ matches: (Int) -> Bool) -> Bool {
                    if let changed { return changed.indices.contains { matches(changed[$0].rank) } }
                    return (0..<index).contains { matches(rows[$0].rank) }
                }
                func keptFilm(_ code: String) -> Bool {
                    if let changed { return changed.indices.contains { changed[$0].movieCode == code } }
                    return (0..<index).contains { rows[$0].movieCode == code }
                }
                func copyKept() { if changed == nil { changed = Array(rows[..<index]) } }
                let badOpening = openingProblem(rows[index], on: day)
                if let why = badOpening { warnings.append(DataWarning(context: place(index), message: why)) }
                if let why = problem(rows[index], on: day) {
                    warnings.append(DataWarning(context: place(index), message: why + "; row skipped"))
                    copyKept()
                    continue
                }
                let rank = rows[index].rank
                guard !kept({ $0 == rank }) else {
                    warnings.append(
                        DataWarning(
                            context: place(index),
                            message: "movie \(rows[index].movieCode) repeats rank \(rank); row skipped"))
                    copyKept()
                    continue
                }
                // The same film twice in one chart would give it two rows for one day everywhere.
                guard !keptFilm(rows[index].movieCode) else {
                    warnings.append(
                        DataWarning(
                            context: place(index),
                            message: "movie \(rows[index].movieCode) is already on this chart; row skipped"))
                    copyKept()
                    continue
                }
                if badOpening != nil {
                    copyKept()
                    var fixed = rows[index]
                    fixed.openDate = nil
                    changed!.append(fixed)
                } else {
                    changed?.append(rows[index])
                }
            }
        }
        let entries = changed ?? items
        // Charts arrive in rank order; sorting only the ones that do not spares a copy of each.
        func inOrder(_ a: ChartEntry, _ b: ChartEntry) -> Bool {
            a.rank != b.rank ? a.rank < b.rank : a.movieCode < b.movieCode
        }
        let ordered = entries.withUnsafeBufferPointer { rows in
            rows.indices.dropFirst().allSatisfy { inOrder(rows[$0 - 1], rows[$0]) }
        }
        return ordered ? entries : entries.sorted(by: inOrder)
    }

    /// A day's chart as the site may show it, however it arrived; the rows dropped are counted
    /// with those its decoding dropped, so the day's page says how many.
    public static func checked(_ chart: DayChart, scope: String = "") -> (DayChart, [DataWarning]) {
        var warnings: [DataWarning] = []
        var out = chart
        out.entries = accepted(
            chart.entries, on: chart.date, place: { _ in "\(chart.date.iso)\(scope)" }, warnings: &warnings)
        out.rejectedRows += chart.entries.count - out.entries.count
        return (out, warnings)
    }

    public static func checked(_ chart: PeriodChart, scope: String = "") -> (PeriodChart, [DataWarning]) {
        var warnings: [DataWarning] = []
        var out = chart
        out.entries = accepted(
            chart.entries, on: chart.start, place: { _ in "\(chart.kind.rawValue) \(chart.start.iso)\(scope)" },
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
