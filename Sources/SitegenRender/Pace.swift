import Foundation
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
struct PaceTable: Sendable {
    struct Film: Sendable {
        let open: Day
        /// Its totals by day of run (`FilmFacts.datedTotals`, previews on day 1), in order.
        let points: [(day: Int, total: Int64)]
    }

    let since: Day?
    let last: Day?
    let films: [String: Film]

    /// Each day of run some film's latest row is on, and every compared film's total that day,
    /// highest first: the film pages' ranks, worked out once per day of run, not once per film.
    let standings: [Int: (totals: [Int64], leader: String)]

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
        guard let since else { self.films = [:]; standings = [:]; ranking = []; rankingByYear = [:]; return }
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
        var standings: [Int: (totals: [Int64], leader: String)] = [:]
        for n in Set(films.values.compactMap { $0.points.last?.day }) {
            let day = films.compactMap { code, film in Self.total(film, last: lastDay, day: n).map { (code, $0) } }
                .sorted { ($0.1, $1.0) > ($1.1, $0.0) }
            if let top = day.first { standings[n] = (day.map(\.1), top.0) }
        }
        self.standings = standings
        let ranking = films.map { ($0.key, $0.value.points.last!.total) }.sorted { ($0.1, $1.0) > ($1.1, $0.0) }
        self.ranking = ranking.map(\.0)
        rankingByYear = Dictionary(grouping: ranking.map(\.0)) { films[$0]!.open.year }
    }

    /// The film's total on day `n` of its run, once that day has come; nil before its first row.
    func total(_ code: String, day n: Int) -> Int64? { films[code].flatMap { Self.total($0, last: last, day: n) } }

    private static func total(_ film: Film, last: Day?, day n: Int) -> Int64? {
        guard let last, n <= last.days(since: film.open) + 1 else { return nil }
        let i = film.points.partitionPoint { $0.day > n }
        return i == 0 ? nil : film.points[i - 1].total
    }

    /// The film page's sentence: 「개봉 12일차 누적 512만 명: 역대 12일차 7위 (1위 … 771만)」 and what
    /// 「역대」 counts; for a film opened before the first day built, that it is not compared.
    func sentence(_ site: SiteModel, code: String) -> String? {
        let w = site.words
        guard let since, site.history[code] != nil else { return nil }
        guard let film = films[code], let n = film.points.last?.day, let mine = film.points.last?.total,
            let day = standings[n]
        else { return w("paceNotCompared", w.longDate(since)) }
        let all = day.totals
        let rank = 1 + all.partitionPoint { $0 <= mine }  // the totals above it (highest first)
        var text = w("paceSentence", "\(n)", w.people(mine, compact: true), "\(rank)")
        if rank > 1, let top = all.first { text += w("paceLeader", site.title(of: day.leader), w.compact(top)) }
        return text + w("paceBasis", w.longDate(since), KoreanFormat.grouped(Int64(all.count)))
    }
}
