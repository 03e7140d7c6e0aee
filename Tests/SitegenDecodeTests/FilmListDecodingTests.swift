import Foundation
@testable import SitegenDecode
@testable import SitegenModel
import Testing

@Suite struct FilmListDecodingTests {
    /// The film list's shape with its quirks: an unscheduled film's empty openDt, comma-joined
    /// nations and genres, a company without a code, a row with no code, a total that is a number.
    static let page = Data("""
        {"movieListResult":{"totCnt":231,"source":"영화진흥위원회","movieList":[
        {"movieCd":"20251234","movieNm":"하얼빈 ","movieNmEn":"HARBIN","prdtYear":"2024","openDt":"20251224",
         "typeNm":"장편","prdtStatNm":"개봉예정","nationAlt":"한국","genreAlt":"드라마,스릴러","repNationNm":"한국",
         "repGenreNm":"드라마","directors":[{"peopleNm":"우민호"}],"companys":[{"companyCd":"","companyNm":"(주)하이브미디어코프"}]},
        {"movieCd":"2023C168","movieNm":"지스톰","movieNmEn":"G Storm","prdtYear":"2021","openDt":"","typeNm":"장편",
         "prdtStatNm":"기타","nationAlt":"홍콩,중국","genreAlt":"액션","directors":[],"companys":[]},
        {"movieCd":"","movieNm":"이름만 있는 영화","openDt":"20251224"},
        {"movieCd":"20259999","movieNm":"짧은 영화","openDt":"2025-12-25","typeNm":"단편","genreAlt":"드라마"}
        ]}}
        """.utf8)

    @Test func readsEachListedFilmAndTheListsTotal() throws {
        let (page, warnings) = try KOBISDecoder.movieList(Self.page, label: "film list 2025 page 1")
        #expect(page.total == 231)
        #expect(page.films.map(\.code) == ["20251234", "2023C168", "20259999"])
        let harbin = page.films[0]
        #expect(harbin.title == "하얼빈" && harbin.englishTitle == "HARBIN")
        #expect(harbin.openDate == Day(iso: "2025-12-24") && harbin.status == "개봉예정" && harbin.type == "장편")
        #expect(harbin.genres == ["드라마", "스릴러"] && harbin.nations == ["한국"] && harbin.productionYear == 2024)
        #expect(harbin.directors == ["우민호"] && harbin.companies == ["(주)하이브미디어코프"])
        #expect(page.films[1].openDate == nil && page.films[1].nations == ["홍콩", "중국"])
        #expect(page.films[2].openDate == Day(iso: "2025-12-25") && page.films[2].type == "단편")
        #expect(warnings == [DataWarning(context: "decode film list 2025 page 1", message: "left out the row ''")])
    }

    @Test func aFaultIsAFaultAndAnotherShapeIsAnError() throws {
        let fault = Data(#"{"faultInfo":{"message":"유효하지않은 키값입니다.","errorCode":"320010"}}"#.utf8)
        #expect(throws: KOBISFault(code: "320010", message: "유효하지않은 키값입니다.")) {
            try KOBISDecoder.movieList(fault, label: "film list 2025 page 1")
        }
        #expect(throws: ResponseFormatError.self) {
            try KOBISDecoder.movieList(Data(#"{"movieInfoResult":{}}"#.utf8), label: "film list 2025 page 1")
        }
        #expect(throws: ResponseFormatError.self) {
            try KOBISDecoder.movieList(Data("<html>".utf8), label: "film list 2025 page 1")
        }
    }

    @Test func aMissingTotalCountsTheRowsGiven() throws {
        let data = Data(#"{"movieListResult":{"movieList":[{"movieCd":"20250001","movieNm":"가","openDt":""}]}}"#.utf8)
        #expect(try KOBISDecoder.movieList(data, label: "l").0.total == 1)
    }

    @Test(.enabled(if: Reference.available, "../shared/reference/kobis is not beside this checkout"))
    func decodesTheRealFilmList() throws {
        let url = Reference.folder.appendingPathComponent("movielist-sample.json")
        let data = try Data(contentsOf: url)
        let (page, warnings) = try KOBISDecoder.movieList(data, label: "sample")
        let raw = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let rows = (raw["movieListResult"] as! [String: Any])["movieList"] as! [[String: Any]]
        #expect(warnings.isEmpty)
        #expect(page.films.count == rows.count && page.total >= rows.count)
        for (film, row) in zip(page.films, rows) {
            #expect(film.code == row["movieCd"] as? String)
            #expect(film.openDate == Day(kobis: row["openDt"] as! String))
            #expect(film.status == row["prdtStatNm"] as? String)
        }
        // The sample's unreleased films have no date, as the notes say.
        #expect(page.films.contains { $0.openDate == nil } && page.films.contains { $0.openDate != nil })
    }
}
