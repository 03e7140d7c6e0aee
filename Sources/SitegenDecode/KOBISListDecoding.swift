import Foundation
import SitegenModel

extension KOBISWire {
    struct MovieListResponse: Decodable { let movieListResult: MovieListResult? }
    struct MovieListResult: Decodable {
        let totCnt: LenientString?
        let movieList: [MovieListRow]?
    }
    struct MovieListRow: Decodable {
        let movieCd: LenientString?
        let movieNm: LenientString?
        let movieNmEn: LenientString?
        let prdtYear: LenientString?
        let openDt: LenientString?
        let typeNm: LenientString?
        let prdtStatNm: LenientString?
        let nationAlt: LenientString?
        let genreAlt: LenientString?
        let directors: [[String: LenientString]]?
        let companys: [[String: LenientString]]?
    }
}

/// One page of KOBIS's film list and how many films the whole list holds (`totCnt`).
public struct FilmListPage: Sendable, Equatable {
    public var total: Int
    public var films: [ListedFilm]
    public init(total: Int, films: [ListedFilm]) { self.total = total; self.films = films }
}

extension KOBISDecoder {
    /// `movie/searchMovieList`: `{"movieListResult":{"totCnt","movieList":[…]}}`. A row without a
    /// usable code or title is left out with a warning (its code would become a link); an
    /// `openDt` that is not a date is kept as no date, as KOBIS's "" for unscheduled films is.
    public static func movieList(_ data: Data, label: String) throws -> (FilmListPage, [DataWarning]) {
        func s(_ v: LenientString?) -> String { (v?.value ?? "").cleaned }
        try checkFault(data)
        let response: KOBISWire.MovieListResponse
        do { response = try JSONDecoder().decode(KOBISWire.MovieListResponse.self, from: data) } catch {
            throw ResponseFormatError(reason: notJSONReason(data, expected: "KOBIS film list"))
        }
        guard let result = response.movieListResult else {
            throw ResponseFormatError(reason: "the response has no movieListResult")
        }
        var films: [ListedFilm] = [], warnings: [DataWarning] = []
        for row in result.movieList ?? [] {
            let code = s(row.movieCd), title = s(row.movieNm)
            guard MovieCode.isValid(code), !title.isEmpty else {
                warnings.append(DataWarning(context: "decode \(label)", message: "left out the row \(quoted(code))"))
                continue
            }
            func list(_ text: String) -> [String] {
                text.split(separator: ",").map { String($0).cleaned }.filter { !$0.isEmpty }
            }
            func names(_ rows: [[String: LenientString]]?, _ key: String) -> [String] {
                (rows ?? []).map { $0.trimmed(key) }.filter { !$0.isEmpty }
            }
            films.append(ListedFilm(
                code: code, title: title, englishTitle: s(row.movieNmEn),
                productionYear: KOBISNumber.integer(s(row.prdtYear)).map { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
                openDate: Day(kobis: s(row.openDt)), status: s(row.prdtStatNm), type: s(row.typeNm),
                nations: list(s(row.nationAlt)), genres: list(s(row.genreAlt)),
                directors: names(row.directors, "peopleNm"), companies: names(row.companys, "companyNm")))
        }
        let total = KOBISNumber.integer(s(result.totCnt)).map { Int(max(0, $0)) } ?? films.count
        return (FilmListPage(total: total, films: films), warnings)
    }
}
