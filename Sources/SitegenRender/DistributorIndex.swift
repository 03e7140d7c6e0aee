import Foundation
import SitegenModel

/// Every 배급사 of a film on the national daily charts, from the films' own movie info (no extra
/// call), with the audience its films drew on the daily top 10 of each year. A film with two
/// distributors counts for both, as KOBIS lists both.
struct DistributorIndex: Sendable {
    struct Distributor: Sendable {
        let code: String
        /// As its latest-opening film's movie info names it.
        let name: String
        let englishName: String
        /// Its films, latest opening first.
        let films: [String]
        /// Audience on the daily top 10, by year.
        let audienceByYear: [Int: Int64]
        let salesByYear: [Int: Int64]
    }

    /// By code.
    let all: [String: Distributor]
    /// Each film's distributors with a page, in its movie info's order.
    let ofFilm: [String: [String]]
    /// The daily top 10's audience and sales of each year: what a distributor's share is of.
    let yearAudience: [Int: Int64]
    let yearSales: [Int: Int64]
    /// Each year's distributors by code, most audience first (ties by code), sorted once: each of a
    /// morning's eighty-odd distributor pages sorted every year it distributed in, a twentieth of
    /// a real-sized morning's CPU.
    private let rankings: [Int: [String]]
    /// Each distributor's place in each year's ranking, from 1.
    let ranks: [String: [Int: Int]]

    init(_ dataset: Dataset) {
        // Each film's (year, audience, sales) in its place, years in order as the days are: a
        // dictionary of years inside one of films, changed for each of 80,000 rows, was most of
        // this index.
        var place: [String: Int] = [:]
        var byYear: [[(year: Int, audience: Int64, sales: Int64)]] = []
        var yearAudience: [Int: Int64] = [:], yearSales: [Int: Int64] = [:]
        for day in dataset.days {
            let year = day.date.year
            var audience: Int64 = 0, sales: Int64 = 0
            for row in day.entries.indices {
                let (code, rowAudience, rowSales) = (day.entries[row].movieCode, day.entries[row].audience,
                                                     day.entries[row].sales)
                let i: Int
                if let known = place[code] { i = known } else {
                    i = byYear.count
                    place[code] = i
                    byYear.append([])
                }
                if byYear[i].last?.year == year {
                    byYear[i][byYear[i].count - 1].audience += rowAudience
                    byYear[i][byYear[i].count - 1].sales += rowSales
                } else {
                    byYear[i].append((year, rowAudience, rowSales))
                }
                audience += rowAudience; sales += rowSales
            }
            // Only a year with a row has totals (an empty chart adds no year).
            guard !day.entries.isEmpty else { continue }
            yearAudience[year, default: 0] += audience
            yearSales[year, default: 0] += sales
        }
        var films: [String: [String]] = [:], names: [String: (open: Day?, code: String, company: Company)] = [:]
        var ofFilm: [String: [String]] = [:]
        for code in dataset.chartedMovieCodes.sorted() {
            guard let movie = dataset.movies[code] else { continue }
            var seen = Set<String>()
            for company in movie.companies where company.part == "배급사" && MarketIndex.isPathSafe(company.code) {
                guard seen.insert(company.code).inserted else { continue }
                films[company.code, default: []].append(code)
                ofFilm[code, default: []].append(company.code)
                let candidate = (open: movie.openDate, code: code, company: company)
                if let known = names[company.code],
                    (known.open?.ordinal ?? .min, known.code) > (candidate.open?.ordinal ?? .min, candidate.code)
                {
                    continue
                }
                names[company.code] = candidate
            }
        }
        var all: [String: Distributor] = [:]
        for (code, list) in films {
            let ordered = list.sorted {
                let a = dataset.movies[$0]?.openDate?.ordinal ?? .min, b = dataset.movies[$1]?.openDate?.ordinal ?? .min
                return a != b ? a > b : $0 < $1
            }
            var audience: [Int: Int64] = [:], sales: [Int: Int64] = [:]
            for film in list {
                for row in place[film].map({ byYear[$0] }) ?? [] {
                    audience[row.year, default: 0] += row.audience
                    sales[row.year, default: 0] += row.sales
                }
            }
            let company = names[code]!.company
            all[code] = Distributor(
                code: code, name: company.name, englishName: company.englishName, films: ordered,
                audienceByYear: audience, salesByYear: sales)
        }
        self.all = all
        self.ofFilm = ofFilm
        self.yearAudience = yearAudience
        self.yearSales = yearSales
        var rankings: [Int: [String]] = [:], ranks: [String: [Int: Int]] = [:]
        for year in yearAudience.keys {
            let ranked = all.values.filter { ($0.audienceByYear[year] ?? 0) > 0 }.sorted {
                let a = $0.audienceByYear[year]!, b = $1.audienceByYear[year]!
                return a != b ? a > b : $0.code < $1.code
            }.map(\.code)
            rankings[year] = ranked
            for (i, code) in ranked.enumerated() { ranks[code, default: [:]][year] = i + 1 }
        }
        self.rankings = rankings
        self.ranks = ranks
    }

    /// A year's distributors, most audience first (ties by code).
    func ranking(_ year: Int) -> [Distributor] { (rankings[year] ?? []).map { all[$0]! } }

    var years: [Int] { yearAudience.keys.sorted(by: >) }
}
