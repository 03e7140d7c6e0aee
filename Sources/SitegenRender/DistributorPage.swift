import SitegenBasics
import Foundation
import SitegenModel
import SitegenMustache

/// `distributor/`: the 배급사 ranking of every year; `distributor/<companyCd>/`: one distributor's
/// films and its share of each year's daily top 10.
enum DistributorPage {

    static func indexContext(_ site: SiteModel) -> TemplateValue {
        let route = Route.distributors
        let index = site.market.distributors
        // Each distributor's films charted in each year, counted once from their rows: a scan of
        // every film's rows for each year and each distributor was a tenth of a morning's pages.
        var filmYears: [String: [Int: Int]] = [:]
        func filmsCharted(_ d: DistributorIndex.Distributor, in year: Int) -> Int {
            if filmYears[d.code] == nil {
                var counts: [Int: Int] = [:]
                for code in d.films {
                    for y in Set((site.history[code] ?? []).map { $0.date.year }) { counts[y, default: 0] += 1 }
                }
                filmYears[d.code] = counts
            }
            return filmYears[d.code]![year] ?? 0
        }
        let years: [TemplateValue] = index.years.map { year in
            let total = index.yearAudience[year] ?? 0
            let rows: [TemplateValue] = index.ranking(year).enumerated().map { i, d in
                let n = d.audienceByYear[year] ?? 0
                return [
                    "rank": .int(i + 1), "name": .text(site.words.companyName(d.name, english: d.englishName)),
                    "nameLang": site.mark(site.words.company(d.name, english: d.englishName).isKorean),
                    "href": .text(site.href(.distributor(d.code), from: route)),
                    "films": .text(site.words("filmsText", String(filmsCharted(d, in: year)))),
                    "audience": .text(KoreanFormat.grouped(n)),
                    "share": MarketShare.percent(n, of: total).map { .text(KoreanFormat.percent($0)) },
                ]
            }
            return ["year": .int(year), "rows": .list(rows), "open": .bool(year == index.years.first)]
        }
        return site.base(
            route, title: site.words("distributorRanking"),
            description: site.words("distributorsDescription", site.words("distributorBasis")),
            kind: "distributors",
            content: ["distributors": ["years": .list(years), "basis": .text(site.words("distributorBasis"))]])
    }

    static func context(_ site: SiteModel, _ d: DistributorIndex.Distributor) -> TemplateValue {
        let name = site.words.companyName(d.name, english: d.englishName)
        let route = Route.distributor(d.code)
        let index = site.market.distributors
        let films: [TemplateValue] = d.films.map { code in
            let facts = site.films[code]
            return [
                "title": .text(site.title(of: code)), "titleLang": site.titleLang(of: code),
                "href": .text(site.href(.movie(code), from: route)),
                "openDate": facts?.openDate.map { .text(site.words.shortDate($0)) } ?? nil,
                "total": facts.map { .text(KoreanFormat.grouped($0.audienceTotal)) } ?? nil,
                "asOf": facts.map { .text(site.words.shortDate($0.asOf)) } ?? nil,
                "bestRank": facts.map { .int($0.bestRank) } ?? nil,
            ]
        }
        let years: [TemplateValue] = d.audienceByYear.keys.sorted(by: >).map { year in
            let n = d.audienceByYear[year]!
            return [
                "year": .int(year), "audience": .text(KoreanFormat.grouped(n)),
                "sales": .text(site.words.won(d.salesByYear[year] ?? 0, compact: true)),
                "share": MarketShare.percent(n, of: index.yearAudience[year] ?? 0).map {
                    .text(KoreanFormat.percent($0))
                },
                "rank": index.ranks[d.code]?[year].map { .int($0) },
            ]
        }
        // Its English name in ordinary capitals (「Hanbit Pictures」, not 「HANBIT PICTURES」), as the
        // English edition gives it.
        let subtitle = site.words.subtitle(
            korean: d.name, english: EnglishNames.company(Words.trimmed(d.englishName)), shown: name)
        let distributor: TemplateValue = [
            "name": .text(name), "nameLang": site.mark(site.words.company(d.name, english: d.englishName).isKorean),
            "englishName": subtitle.text, "subtitleLang": subtitle.lang,
            "code": .text(d.code), "films": .list(films),
            "filmCount": .text(site.words("distributedCount", String(d.films.count))), "years": .list(years),
            "basis": .text(site.words("distributorBasis")), "indexHref": .text(site.href(.distributors, from: route)),
        ]
        return site.base(
            route, title: site.words("distributorTitle", name),
            description: site.words("distributorDescription", name, KoreanFormat.subjectParticle(after: name)),
            kind: "distributor", content: ["distributor": distributor])
    }
}

/// The distributors' index.
struct DistributorsJob: WholeSitePageJob {
    func id(_ site: SiteModel) -> String { "distributors" }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        ([try site.page(.distributors, "distributors", DistributorPage.indexContext(site), templates)], 1)
    }
}

/// A distributor's page: its key of its own, since a long history has hundreds and a morning
/// changes a few.
struct DistributorJob: PageJob {
    let code: String

    func id(_ site: SiteModel) -> String { "distributor \(code)" }

    /// Its films as listed (titles, opening, total, best rank), its years with its rank in each.
    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        let site = keys.site
        let index = site.market.distributors
        let d = index.all[code]!
        f.add(d.name); f.add(d.englishName); f.add(d.films)
        for film in d.films {
            keys.addLook(film, to: &f); keys.addFacts(film, to: &f)
            f.add(site.dataset.movies[film]?.nations ?? [])
            f.add(site.market.koreanFilm[film].map { $0 ? 1 : 2 } ?? 0)
        }
        for year in d.audienceByYear.keys.sorted() {
            f.add(year); f.add(d.audienceByYear[year]!); f.add(d.salesByYear[year]); f.add(index.yearAudience[year])
            f.add(index.ranks[code]?[year])
        }
        return true
    }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        let distributor = site.market.distributors.all[code]!
        let context = DistributorPage.context(site, distributor)
        return ([try site.page(.distributor(code), "distributor", context, templates)], 1)
    }
}
