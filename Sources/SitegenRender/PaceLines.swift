import Foundation
import SitegenModel

/// What the film page's pace chart draws: the film's 누적 by day of release beside the biggest
/// films' at the same days, as the press sets a film against 「역대 천만 영화」. A few lines a
/// reader can tell apart on a phone: the biggest films of all (the top of the history, where the
/// 천만 films are), then the biggest of the film's own year of opening: four lines in all, as every
/// line costs its bytes on thousands of pages (the house holds a day of history to 60 KB, which
/// six lines went over).
struct PaceLines: Sendable {
    enum Role: Sendable, Equatable {
        case own
        /// Its place among every film compared, by latest total.
        case allTime(Int)
        /// Its place among the films that opened in `year`.
        case year(Int, place: Int)
    }

    struct Line: Sendable {
        let code: String
        let role: Role
        /// (day of run, total) at the chart's days the film has reached, in order.
        let points: [(day: Int, total: Int64)]
    }

    /// The chart runs from day 1 to `span`; the film's own line ends at `day`, its latest.
    let span: Int, day: Int
    /// The film's own first, then the others.
    let lines: [Line]

    /// At most this many films beside the film's own: more lines than a phone can tell apart, and
    /// each costs its bytes on thousands of pages.
    static let compared = 3
    /// Of them, this many from the top of the history; the rest from the film's year.
    static let fromAllTime = 2
    /// At least two weeks, the press's first measure of a run, even on a film's first day.
    static let shortestSpan = 14
    /// A line's points: every day up to this many days, else this many days spread evenly. A
    /// running total bends little from one day to the next, and 9,000 pages carry these.
    static let mostPoints = 20

    /// The days the chart draws: every day of a short span, else `mostPoints` spread from day 1 to
    /// the last (both always drawn).
    static func days(span: Int) -> [Int] {
        guard span > mostPoints else { return Array(1...max(span, 1)) }
        var days: [Int] = []
        for k in 0..<mostPoints {
            let d = 1 + Int((Double(k) * Double(span - 1) / Double(mostPoints - 1)).rounded())
            if days.last != d { days.append(d) }
        }
        return days
    }
}

extension PaceTable {
    /// The films beside `code` on its chart, each with its role: the biggest of the history first,
    /// then its year's biggest, never itself.
    func comparisons(for code: String) -> [(code: String, role: PaceLines.Role)] {
        guard let film = films[code] else { return [] }
        var picked: [(code: String, role: PaceLines.Role)] = []
        for (i, other) in ranking.enumerated() where other != code {
            guard picked.count < PaceLines.fromAllTime else { break }
            picked.append((other, .allTime(i + 1)))
        }
        let year = film.open.year
        for (i, other) in (rankingByYear[year] ?? []).enumerated() where other != code {
            guard picked.count < PaceLines.compared else { break }
            if !picked.contains(where: { $0.code == other }) { picked.append((other, .year(year, place: i + 1))) }
        }
        return picked
    }

    /// The chart's lines for a film compared by its pace; nil for one that is not (opened before
    /// the first day built), or with no other film to set it against.
    func lines(for code: String) -> PaceLines? {
        guard let film = films[code], let n = film.points.last?.day else { return nil }
        let others = comparisons(for: code)
        // Two weeks at least, but not past the last day any line has come to.
        let reach = last.flatMap { last in others.map { last.days(since: films[$0.code]!.open) + 1 }.max() } ?? n
        let span = max(n, min(PaceLines.shortestSpan, reach))
        guard span >= 2, !others.isEmpty else { return nil }
        let days = PaceLines.days(span: span)
        // Each line's film looked up once, not once for each of its days: 9,000 film pages' keys
        // draw these every morning.
        func line(_ code: String, _ role: PaceLines.Role, upTo end: Int) -> PaceLines.Line {
            guard let film = films[code] else { return .init(code: code, role: role, points: []) }
            // Labelled as the line's points are: an unlabelled pair converted to them was a
            // runtime cast of every point.
            let points = days.filter { $0 <= end }.compactMap { d -> (day: Int, total: Int64)? in
                Self.total(film, last: last, day: d).map { (day: d, total: $0) }
            }
            return .init(code: code, role: role, points: points)
        }
        // Another film's line of one point (opened a day ago) would be no line at all; a film seen
        // only in previews, its opening day still to come, has no day of its run to draw.
        let drawn = others.map { line($0.code, $0.role, upTo: span) }.filter { $0.points.count >= 2 }
        let own = line(code, .own, upTo: n)
        guard !drawn.isEmpty, !own.points.isEmpty else { return nil }
        return PaceLines(span: span, day: n, lines: [own] + drawn)
    }
}
