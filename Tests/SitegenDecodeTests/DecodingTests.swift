import Foundation
@testable import SitegenDecode
@testable import SitegenModel
import Testing

@Suite struct DecodingTests {
    let day = Day(iso: "2024-02-10")!

    @Test func decodesEveryQuirkOfTheDailyChart() throws {
        let (chart, warnings) = try KOBISDecoder.dailyChart(try Fixture.data("daily-quirks.json"), date: day, fetchedAt: nil)
        #expect(warnings.isEmpty)
        #expect(chart.entries.count == 4)
        let first = chart.entries[0]
        #expect(first.title == "푸른 정원")
        #expect(first.salesTotal == 132_252_055_460) // needs Int64
        #expect(first.audienceChange == -2885)
        #expect(first.audienceChangeRate == -1.9)
        #expect(first.openDate?.iso == "2024-01-31")
        let second = chart.entries[1]
        #expect(second.movieCode == "2023C168")
        #expect(second.title == "열린 문")
        #expect(second.rawTitle == "열린 문 ")
        #expect(second.rankChange == 17)
        #expect(second.audienceChangeRate == 122_279.3)
        #expect(second.openDate?.iso == "2024-02-14") // a preview: opens after the chart date
        let third = chart.entries[2]
        #expect(third.isNew && third.audienceChange == third.audience)
        #expect(third.salesShare == 0)
        #expect(third.title == "섬: 귀환!")
        #expect(chart.entries[3].openDate == nil) // openDt " "
        #expect(chart.entries[3].rankChange == -4)
    }

    @Test func rejectsUntrustworthyRowsWithWarningsNamingDayAndRow() throws {
        let (chart, warnings) = try KOBISDecoder.dailyChart(try Fixture.data("daily-bad-rows.json"), date: day, fetchedAt: nil)
        #expect(chart.entries.map(\.movieCode) == ["20240003"])
        #expect(chart.entries[0].status == .unknown)
        #expect(chart.entries[0].salesShare == nil)
        #expect(chart.entries[0].audience == 12) // a JSON number where a string was promised still parses
        let text = warnings.map(\.description)
        #expect(text.contains { $0.hasPrefix("2024-02-10 row 1:") && $0.contains("movieCd '../../etc'") })
        #expect(text.contains { $0.hasPrefix("2024-02-10 row 2:") && $0.contains("audiCnt '12,000'") })
        #expect(text.contains { $0.hasPrefix("2024-02-10 row 3:") && $0.contains("salesShare 'abc'") })
    }

    /// One film listed twice on a day would get two history rows for that day (and double its
    /// days at #1); the second row is skipped with a warning, whichever rank it claims.
    @Test func aFilmListedTwiceOnOneChartKeepsItsFirstRow() throws {
        func row(_ rank: Int, _ code: String) -> String {
            #"{"rnum":"\#(rank)","rank":"\#(rank)","rankInten":"0","rankOldAndNew":"OLD","movieCd":"\#(code)","movieNm":"영화 \#(code)","openDt":"2024-01-31","salesAmt":"1000","salesShare":"1.0","salesInten":"0","salesChange":"0","salesAcc":"2000","audiCnt":"100","audiInten":"0","audiChange":"0","audiAcc":"500","scrnCnt":"1","showCnt":"2"}"#
        }
        let body = #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20240210~20240210","dailyBoxOfficeList":["#
            + [row(1, "20240001"), row(2, "20240002"), row(3, "20240001")].joined(separator: ",") + "]}}"
        let (chart, warnings) = try KOBISDecoder.dailyChart(Data(body.utf8), date: day, fetchedAt: nil)
        #expect(chart.entries.map(\.movieCode) == ["20240001", "20240002"])
        #expect(chart.rejectedRows == 1)
        #expect(warnings.map(\.description) == ["2024-02-10 row 3: movie 20240001 is already on this chart; row skipped"])
    }

    /// KOBIS (or a cache or history file copied over another day's) answering with the 3rd's chart
    /// when the 2nd was asked for: refused naming both, never published as the 2nd.
    @Test func refusesADailyAnswerForAnotherDay() throws {
        let asked = Day(iso: "2023-05-02")!
        let body = try String(decoding: Fixture.data("daily-quirks.json"), as: UTF8.self)
        for range in ["20230503~20230503", "20230502~20230503", "2023-05-02", "20230502"] {
            let other = Data(body.replacingOccurrences(of: "20240210~20240210", with: range).utf8)
            let error = #expect(throws: ResponseMismatchError.self) {
                try KOBISDecoder.dailyChart(other, date: asked, fetchedAt: nil)
            }
            #expect(error?.reason == "asked for 2023-05-02 but KOBIS answered with the range '\(range)'")
        }
        let same = Data(body.replacingOccurrences(of: "20240210~20240210", with: "20230502~20230502").utf8)
        #expect(try KOBISDecoder.dailyChart(same, date: asked, fetchedAt: nil).0.entries.count == 4)
    }

    @Test func anEmptyChartIsADayWithoutEntries() throws {
        let (chart, warnings) = try KOBISDecoder.dailyChart(try Fixture.data("daily-empty.json"), date: day, fetchedAt: nil)
        #expect(chart.entries.isEmpty && warnings.isEmpty)
    }

    @Test func recognisesFaultsBeforeDecoding() throws {
        let fault = #expect(throws: KOBISFault.self) {
            try KOBISDecoder.dailyChart(try Fixture.data("fault-invalid-key.json"), date: day, fetchedAt: nil)
        }
        #expect(fault?.isInvalidKey == true)
        #expect(fault?.description == "KOBIS said 320010 유효하지않은 키값입니다.")
        let quota = #expect(throws: KOBISFault.self) {
            try KOBISDecoder.movieInfo(try Fixture.data("fault-result.json"), code: "20230001")
        }
        #expect(quota?.isQuota == true)
    }

    @Test func namesBodiesThatAreNotTheExpectedJSON() throws {
        let html = #expect(throws: ResponseFormatError.self) {
            try KOBISDecoder.dailyChart(try Fixture.data("not-json.html"), date: day, fetchedAt: nil)
        }
        #expect(html?.reason.contains("not JSON") == true)
        #expect(html?.reason.contains("<html>") == true)
        #expect(throws: ResponseFormatError.self) {
            try KOBISDecoder.dailyChart(try Fixture.data("truncated.json"), date: day, fetchedAt: nil)
        }
        #expect(throws: ResponseFormatError.self) { try KOBISDecoder.dailyChart(Data("{}".utf8), date: day, fetchedAt: nil) }
        #expect(throws: ResponseFormatError.self) { try KOBISDecoder.dailyChart(Data(), date: day, fetchedAt: nil) }
    }

    @Test func decodesMovieInfoIntoCleanDetails() throws {
        let movie = try #require(try KOBISDecoder.movieInfo(try Fixture.data("movie-info.json"), code: "20230001"))
        #expect(movie.title == "푸른 정원")
        #expect(movie.englishTitle == "Blue Garden’s End")
        #expect(movie.openDate?.iso == "2024-01-31")
        #expect(movie.runtimeMinutes == 131)
        #expect(movie.nations == ["한국", "미국"])
        #expect(movie.directors.map(\.name) == ["김서준"])
        #expect(movie.actors.map(\.name) == ["이하윤", "박도현"]) // a blank name is dropped
        #expect(movie.actors[0].role == "선장")
        #expect(movie.distributors == ["(주)한빛픽처스", "누리(주)"]) // duplicates collapsed, KOBIS order kept
        #expect(movie.watchGrades == ["15세이상관람가", "12세이상관람가"])
        #expect(movie.showTypes == ["2D 디지털", "IMAX IMAX"])
    }

    @Test func anEmptyMovieInfoMeansNoInfo() throws {
        #expect(try KOBISDecoder.movieInfo(try Fixture.data("movie-info-empty.json"), code: "20230001") == nil)
    }

    @Test func choosesAPortraitHTTPSPoster() throws {
        let poster = try #require(try KakaoDecoder.choosePoster(try Fixture.data("kakao-images.json")))
        #expect(poster == Poster(url: "https://img.example.com/poster.jpg", width: 700, height: 1000))
        #expect(try KakaoDecoder.choosePoster(Data(#"{"documents":[],"meta":{"is_end":true}}"#.utf8)) == nil)
        #expect(KakaoDecoder.errorMessage(Data(#"{"errorType":"AccessDeniedError","message":"cannot find Authorization : KakaoAK header"}"#.utf8))
            == "AccessDeniedError: cannot find Authorization : KakaoAK header")
    }

    @Test func acceptsOnlyPathSafeMovieCodes() {
        #expect(MovieCode.isValid("20124079"))
        #expect(MovieCode.isValid("2023C168"))
        for bad in ["", "../x", "a/b", "20 24", "코드", "a%2e", String(repeating: "1", count: 33)] {
            #expect(!MovieCode.isValid(bad), "\(bad)")
        }
    }
}

/// Figures KOBIS itself could send that no box office reaches: the row is skipped with one
/// warning naming the day and the film, and an impossible opening is shown as unknown.
@Suite struct ImpossibleFigureTests {
    let day = Day(iso: "2024-02-10")!

    func row(_ rank: Int, _ code: String, _ overrides: [String: String] = [:]) -> String {
        var fields = ["rnum": "\(rank)", "rank": "\(rank)", "rankInten": "0", "rankOldAndNew": "OLD", "movieCd": code,
                      "movieNm": "영화 \(code)", "openDt": "2024-01-31", "salesAmt": "1000", "salesShare": "1.0",
                      "salesInten": "0", "salesChange": "0", "salesAcc": "2000", "audiCnt": "100", "audiInten": "0",
                      "audiChange": "0", "audiAcc": "500", "scrnCnt": "1", "showCnt": "2"]
        for (k, v) in overrides { fields[k] = v }
        return "{" + fields.map { "\"\($0.key)\":\"\($0.value)\"" }.joined(separator: ",") + "}"
    }

    @Test func impossibleFiguresAreSkippedAndAnImpossibleOpeningIsUnknown() throws {
        let rows = [
            row(1, "20240001", ["salesShare": "100000000000000.5"]),
            row(2, "20240002", ["audiCnt": "999999999999999"]),
            row(3, "20240003", ["openDt": "1901-03-01"]),
            row(4, "20240004"),
        ]
        let body = #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20240210~20240210","dailyBoxOfficeList":["#
            + rows.joined(separator: ",") + "]}}"
        let (chart, warnings) = try KOBISDecoder.dailyChart(Data(body.utf8), date: day, fetchedAt: nil)
        #expect(chart.entries.map(\.movieCode) == ["20240003", "20240004"])
        #expect(chart.rejectedRows == 2)
        #expect(chart.entries[0].openDate == nil)
        let text = warnings.map(\.description)
        #expect(text.count == 3, "\(text)")
        #expect(text.contains { $0.hasPrefix("2024-02-10 row 1: movie 20240001") && $0.contains("row skipped") })
        #expect(text.contains { $0.hasPrefix("2024-02-10 row 2: movie 20240002") && $0.contains("row skipped") })
        #expect(text.contains { $0.hasPrefix("2024-02-10 row 3: movie 20240003 opened 1901-03-01") })
    }

    /// Once a row is skipped, the rows after it are checked against the rows kept, not the chart
    /// as it came: a skipped row's rank is free again, and a repeat of a kept film or rank is not.
    @Test func rowsAfterASkippedRowAreCheckedAgainstTheRowsKept() throws {
        let rows = [
            row(1, "20240001"),
            row(2, "20240002", ["audiCnt": "999999999999999"]),
            row(2, "20240003"),
            row(3, "20240001"),
            row(1, "20240004"),
            row(4, "20240005", ["openDt": "1901-03-01"]),
        ]
        let body = #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20240210~20240210","dailyBoxOfficeList":["#
            + rows.joined(separator: ",") + "]}}"
        let (chart, warnings) = try KOBISDecoder.dailyChart(Data(body.utf8), date: day, fetchedAt: nil)
        #expect(chart.entries.map(\.movieCode) == ["20240001", "20240003", "20240005"])
        #expect(chart.entries.map(\.openDate) == [Day(iso: "2024-01-31"), Day(iso: "2024-01-31"), nil])
        #expect(chart.rejectedRows == 3)
        let text = warnings.map(\.description)
        #expect(text.count == 4, "\(text)")
        #expect(text.contains { $0.hasPrefix("2024-02-10 row 4: movie 20240001 is already on this chart") })
        #expect(text.contains { $0.hasPrefix("2024-02-10 row 5: movie 20240004 repeats rank 1") })
    }
}

/// Hotlinked posters publish Kakao's pixel sizes as the image's width and height: a size no
/// poster has is not chosen.
@Suite struct ImpossiblePosterSizeTests {
    @Test func aPosterOfImpossibleSizeIsNotChosen() throws {
        func search(_ width: Int, _ height: Int) -> Data {
            Data(#"{"documents":[{"image_url":"https://img.example/p.jpg","width":\#(width),"height":\#(height),"collection":"blog"}]}"#.utf8)
        }
        #expect(try KakaoDecoder.choosePoster(search(700, 1000))?.height == 1000)
        #expect(try KakaoDecoder.choosePoster(search(700_000_000, 1_000_000_000)) == nil)
    }
}
