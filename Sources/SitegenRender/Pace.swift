import Foundation
import SitegenBasics
import SitegenModel

/// How fast a film is running against every other at the same day of release (「개봉 12일차 누적
/// 512만 명: 역대 12일차 7위」), as the press compares a film with the biggest ones.
///
/// A film's total on day N of its run (day 1 the opening day, previews in the total) is its 누적 as
/// of that day as its page's box reads it (`FilmFacts.datedTotals`): the total of its latest row on
/// or before the day on any chart that lists it, so a run that goes on on the 다양성 chart after the
/// national top 10 counts there too, and a day off every chart keeps the last figure reported, a
/// lower bound of a few admissions. The films compared are those on the national chart. A film is
/// compared on day N only once day N has come (its opening plus N − 1 is at most the last day
/// built) and it has a row by then. Only films
/// whose opening day is inside the site's history are compared: one opened before the first day
/// built is seen from the middle of its run.
///
/// A film is ranked on the last day of its run among the films that had reached that day of
/// release when it did: those opened on or before its own opening. For a film still running that
/// is every film; for one whose run ended it is the standing as the press wrote it then, and it
/// never changes, so a morning renders again the pages of the films running, not the thousands
/// whose last day of release another film has just reached.
struct PaceTable: Sendable {
    struct Film: Sendable {
        let open: Day
        /// Its national rows from the opening day on: (day of run, total), in order.
        let points: [(day: Int, total: Int64)]
    }

    /// A film's standing on the last day of its run.
    struct Standing: Sendable, Equatable {
        let day: Int
        let total: Int64
        /// 1 for the highest total among the films compared.
        let rank: Int
        /// How many films were compared, itself included.
        let compared: Int
        let leader: String
        let leaderTotal: Int64
    }

    let since: Day?
    let last: Day?
    let films: [String: Film]
    /// Each compared film's standing, worked out once for the whole site.
    let standings: [String: Standing]

    /// Films by their latest total, highest first (the code breaking a tie): the biggest of all.
    let ranking: [String]
    /// The same for each year of opening.
    let rankingByYear: [Int: [String]]

    /// `totals`: each film's reported totals in `FilmFacts.datedTotals`' order.
    init(totals: [String: [(date: Day, total: Int64)]], openDate: (String) -> Day?, days: [DayChart]) {
        since = days.first?.date
        // A day has come once it is built, or once a weekly or filter's row ending on it is.
        let lastDay = ([days.last?.date] + totals.values.map { $0.last?.date }).compactMap { $0 }.max()
        last = lastDay
        var films: [String: Film] = [:]
        guard let since, let lastDay else {
            self.films = [:]; standings = [:]; ranking = []; rankingByYear = [:]
            return
        }
        for (code, rows) in totals {
            guard let open = openDate(code), open >= since else { continue }
            // A preview day's total counts as day 1's until a later row (previews are in the total);
            // of two rows on one day, the later in the list is the one kept.
            var points: [(day: Int, total: Int64)] = []
            for row in rows {
                let day = max(1, row.date.days(since: open) + 1)
                if points.last?.day == day { points[points.count - 1].total = row.total }
                else { points.append((day, row.total)) }
            }
            if !points.isEmpty { films[code] = Film(open: open, points: points) }
        }
        self.films = films
        standings = Self.standings(films, last: lastDay)
        let ranking = films.map { ($0.key, $0.value.points.last!.total) }.sorted { ($0.1, $1.0) > ($1.1, $0.0) }
        self.ranking = ranking.map(\.0)
        rankingByYear = Dictionary(grouping: ranking.map(\.0)) { films[$0]!.open.year }
    }


    /// For each day of release that is some film's last, the films with a total that day swept once
    /// in order of opening: a film's rank counts the totals above its own among those opened on or
    /// before it. The films asking on day n are those whose last point is day n, so the count is
    /// kept only against their few totals (`above`), not the day's thousands, which were sorted
    /// for each of some 300 days (the largest serial part of a morning's index); the days are
    /// independent and swept on all cores.
    private static func standings(_ films: [String: Film], last: Day) -> [String: Standing] {
        // In order of opening once for every day of release: a sort of every film's code for each
        // of them was a tenth of a morning.
        let ordered = films.sorted { ($0.value.open, $0.key) < ($1.value.open, $1.key) }
        // Each such day with the place of the last film asking, and past it the films opened the same
        // day: a film's standing counts only films opened on or before it, so the ones opened later
        // than every film asking that day take no part (the thousands opened after a finished run).
        var lastAsking: [Int: Int] = [:]
        for (i, film) in ordered.enumerated() { lastAsking[film.value.points.last!.day] = i }
        let asked = lastAsking.sorted { $0.key < $1.key }
        // Each film's code, points, last point and the last day of release it has come to, in plain
        // arrays: the loop below runs for every film on every such day, and reading them through
        // the sorted (code, film) pairs retained and released a string and an array each time. A
        // day at or after a film's last point reads its last total without a search of its points.
        let codes = ordered.map(\.key)
        let points = ordered.map(\.value.points)
        let lastPoints = points.map { $0.last! }
        let reach = ordered.map { last.days(since: $0.value.open) + 1 }
        let opens = ordered.map(\.value.open)
        let found = concurrentMap(asked.count, chunk: 4) { j -> [(film: Int, standing: Standing)] in
            let (n, asking) = asked[j]
            var through = asking
            while through + 1 < ordered.count && opens[through + 1] == opens[asking] { through += 1 }
            // The asking films' totals, distinct and ascending; `above[m]` counts the films so far
            // whose total is above exactly the first m of them.
            var thresholds: [Int64] = []
            for i in 0...through where lastPoints[i].day == n { thresholds.append(lastPoints[i].total) }
            thresholds.sort()
            var distinct: [Int64] = []
            for t in thresholds where distinct.last != t { distinct.append(t) }
            func above(_ t: Int64) -> Int { distinct.partitionPoint { $0 >= t } }
            var counts = [Int](repeating: 0, count: distinct.count + 1)
            var compared = 0
            // The highest total, the smaller code on a tie.
            var leader: (film: Int, total: Int64)?
            var group: [Int] = []
            var out: [(film: Int, standing: Standing)] = []
            for i in 0...through {
                // A film still in its previews (opening after the last day built) is on day 1 with them.
                let asks = lastPoints[i].day == n
                let t: Int64?
                if asks || (n <= reach[i] && n >= lastPoints[i].day) { t = lastPoints[i].total }
                else if n > reach[i] { t = nil }
                else {
                    let p = points[i].partitionPoint { $0.day > n }
                    t = p == 0 ? nil : points[i][p - 1].total
                }
                if let t {
                    compared += 1
                    counts[above(t)] += 1
                    let beaten = leader.map { l in t < l.total || (t == l.total && codes[i] >= codes[l.film]) }
                    if beaten != true { leader = (i, t) }
                    if asks { group.append(i) }
                }
                // The end of a day of opening: its asking films are ranked among every film so far.
                guard i == through || opens[i + 1] != opens[i] else { continue }
                for f in group {
                    let t = lastPoints[f].total
                    // Equal totals share a place, so "above" is strictly above.
                    let higher = counts[(above(t) + 1)...].reduce(0, +)
                    out.append((f, Standing(
                        day: n, total: t, rank: 1 + higher, compared: compared,
                        leader: codes[leader!.film], leaderTotal: leader!.total)))
                }
                group.removeAll(keepingCapacity: true)
            }
            return out
        }
        var out: [String: Standing] = [:]
        for day in found { for (film, standing) in day { out[codes[film]] = standing } }
        return out
    }

    /// The film's total on day `n` of its run, once that day has come; nil before its first row.
    func total(_ code: String, day n: Int) -> Int64? { films[code].flatMap { Self.total($0, last: last, day: n) } }

    static func total(_ film: Film, last: Day?, day n: Int) -> Int64? {
        guard let last, n <= last.days(since: film.open) + 1 else { return nil }
        let i = film.points.partitionPoint { $0.day > n }
        return i == 0 ? nil : film.points[i - 1].total
    }

    /// The film page's sentence: 「개봉 12일차 누적 512만 명: 역대 12일차 7위 (1위 … 771만)」 and what
    /// 「역대」 counts; for a film opened before the first day built, that it is not compared.
    func sentence(_ site: SiteModel, code: String) -> String? {
        let w = site.words
        guard let since, site.history[code] != nil else { return nil }
        guard let s = standings[code] else { return w("paceNotCompared", w.longDate(since)) }
        var text = w("paceSentence", "\(s.day)", w.people(s.total, compact: true), "\(s.rank)")
        if s.rank > 1 { text += w("paceLeader", site.title(of: s.leader), w.compact(s.leaderTotal)) }
        return text + w("paceBasis", w.longDate(since), KoreanFormat.grouped(Int64(s.compared)))
    }
}
