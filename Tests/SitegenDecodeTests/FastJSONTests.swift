import Foundation
import Testing
@testable import SitegenDecode
import SitegenModel

/// The fast reader must fill the wire shapes exactly as `JSONDecoder` does, and decline whatever
/// it cannot read the same way (then `JSONDecoder` runs, as before).
@Suite struct FastJSONTests {
    static func values(_ rows: [[String: LenientString]]?) -> [[String: String]]? { rows?.map { $0.mapValues(\.value) } }

    static func sameDaily(_ data: Data) throws -> Bool? {
        guard let fast = KOBISWire.fastDaily(data) else { return nil }
        let slow = try JSONDecoder().decode(KOBISWire.DailyResponse.self, from: data)
        return fast.boxOfficeResult?.showRange?.value == slow.boxOfficeResult?.showRange?.value
            && fast.boxOfficeResult?.boxofficeType?.value == slow.boxOfficeResult?.boxofficeType?.value
            && (fast.boxOfficeResult == nil) == (slow.boxOfficeResult == nil)
            && values(fast.boxOfficeResult?.dailyBoxOfficeList) == values(slow.boxOfficeResult?.dailyBoxOfficeList)
    }

    @Test func readsDailyChartsAsJSONDecoderDoes() throws {
        var read = 0
        var bodies = try ["daily-bad-rows.json", "daily-empty.json", "daily-quirks.json"].map(Fixture.data)
        bodies += try Reference.files(prefix: "daily").map { try Data(contentsOf: $0) }
        bodies += [#"{}"#, #"{"boxOfficeResult":null}"#, #" { "boxOfficeResult" : { "dailyBoxOfficeList" : [ ] } } "#,
                   #"{"boxOfficeResult":{"showRange":null,"dailyBoxOfficeList":[{"movieCd":"1","movieNm":null,"x":"파묘 😀"}]},"extra":[[{}]]}"#]
            .map { Data($0.utf8) }
        for body in bodies {
            guard let same = try Self.sameDaily(body) else { continue }
            #expect(same, "\(String(decoding: body.prefix(80), as: UTF8.self))")
            read += 1
        }
        #expect(read >= 6, "the fast reader declined nearly everything")
    }

    @Test func readsMovieInfoAsJSONDecoderDoes() throws {
        var bodies = try ["movie-info.json", "movie-info-empty.json"].map(Fixture.data)
        bodies += try Reference.files(prefix: "movie").map { try Data(contentsOf: $0) }
        var read = 0
        for body in bodies {
            guard let fast = KOBISWire.fastMovieInfo(body) else { continue }
            let slow = try JSONDecoder().decode(KOBISWire.MovieInfoResponse.self, from: body)
            let (f, s) = (fast.movieInfoResult?.movieInfo, slow.movieInfoResult?.movieInfo)
            #expect((f == nil) == (s == nil))
            for key in [\KOBISWire.MovieInfo.movieCd, \.movieNm, \.movieNmEn, \.movieNmOg, \.showTm, \.prdtYear, \.openDt, \.prdtStatNm, \.typeNm] {
                #expect(f?[keyPath: key]?.value == s?[keyPath: key]?.value)
            }
            for key in [\KOBISWire.MovieInfo.nations, \.genres, \.directors, \.actors, \.showTypes, \.companys, \.audits] {
                #expect(Self.values(f?[keyPath: key]) == Self.values(s?[keyPath: key]))
            }
            read += 1
        }
        #expect(read >= 2)
    }

    @Test func declinesWhatOnlyJSONDecoderCanSettle() {
        let declined = [
            #"{"boxOfficeResult":{"dailyBoxOfficeList":[{"rank":1}]}}"#,                  // a number KOBIS sends as a string
            #"{"boxOfficeResult":{"dailyBoxOfficeList":[{"rank":true}]}}"#,
            #"{"boxOfficeResult":{"dailyBoxOfficeList":[{"movieNm":"a\"b"}]}}"#,         // an escape
            #"{"boxOfficeResult":{"dailyBoxOfficeList":[{"movieNm":"\u00e9"}]}}"#,
            #"{"boxOfficeResult":{"dailyBoxOfficeList":[{"rank":"1","rank":"2"}]}}"#,    // a repeated key
            #"{"boxOfficeResult":{"dailyBoxOfficeList":[null]}}"#,
            #"{"boxOfficeResult":{"dailyBoxOfficeList":[{"movieNm":{"x":"y"}}]}}"#,
            #"{"boxOfficeResult":{"showRange":7}}"#,
            #"{"boxOfficeResult":[]}"#,
            #"{"faultInfo":{"message":"x","errorCode":"320010"}}"#,
            #"{"faultResult":null,"boxOfficeResult":{}}"#,
            #"{"boxOfficeResult":{}} x"#, #"{"boxOfficeResult":{}"#, #"[]"#, #""#, "\u{FEFF}{}",
            "{\"boxOfficeResult\":{\"showRange\":\"tab\tinside\"}}",  // a raw control character
            String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
        ]
        for text in declined { #expect(KOBISWire.fastDaily(Data(text.utf8)) == nil, "\(text)") }
        // Invalid UTF-8 inside a string.
        var bytes = Array(#"{"boxOfficeResult":{"showRange":"ab"}}"#.utf8)
        bytes[bytes.count - 4] = 0xFF
        #expect(KOBISWire.fastDaily(Data(bytes)) == nil)
        #expect(KOBISWire.fastDaily(Data(#"{"x":{"y":"z"},"boxOfficeResult":null}"#.utf8)) != nil)
    }
}
