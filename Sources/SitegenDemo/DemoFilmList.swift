import Foundation
import SitegenBasics
import SitegenFetch
import SitegenModel

/// KOBIS's film list as the demo market would fill it: each film opening in the year (re-releases
/// have no date of their own, so they are not listed under one), newest code first, 100 a page.
enum DemoFilmList {
    static func films(year: Int, scale: DemoScale = .small) -> [DemoFilm] {
        guard let first = Day(year: year, month: 1, day: 1), let last = Day(year: year, month: 12, day: 31) else {
            return []
        }
        let weeks = (DemoWorld.weekOf(first.ordinal) - 1)...(DemoWorld.weekOf(last.ordinal) + 1)
        return weeks.flatMap { DemoWorld.films(inWeek: $0, scale: scale) }
            .filter { !$0.isRerelease && $0.open.year == year }
            .sorted { $0.code > $1.code }
    }

    static func json(year: Int, page: Int, scale: DemoScale = .small) -> String {
        let all = films(year: year, scale: scale), size = FilmList.pageSize
        let shown = all.dropFirst((max(1, page) - 1) * size).prefix(size)
        return JSONWriter.text(.object([("movieListResult", .object([
            ("totCnt", .int(all.count)),
            ("source", .string("sitegen 데모 (가상 데이터)")),
            ("movieList", .array(shown.map(row))),
        ]))]))
    }

    static func row(_ film: DemoFilm) -> JSONWriter.Value {
        let c = DemoCatalog.credits(film)
        var names = Set<String>()
        return .object([
            ("movieCd", .string(film.code)),
            ("movieNm", .string(c.movieNm)),
            ("movieNmEn", .string(c.title.en)),
            ("prdtYear", .string(String(c.productionYear))),
            ("openDt", .string(film.open.compact)),
            ("typeNm", .string("장편")),
            ("prdtStatNm", .string("개봉")),
            ("nationAlt", .string(c.nation)),
            ("genreAlt", .string(c.genres.joined(separator: ","))),
            ("repNationNm", .string(c.nation)),
            ("repGenreNm", .string(c.genres.first ?? "")),
            ("directors", .array(c.directors.map { .object([("peopleNm", .string($0.0))]) })),
            ("companys", .array(c.companies.filter { names.insert($0.code).inserted }.map {
                .object([("companyCd", .string($0.code)), ("companyNm", .string($0.name))])
            })),
        ])
    }
}
