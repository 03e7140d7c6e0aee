import Foundation
@testable import SitegenDecode
@testable import SitegenModel
import Testing

/// The answers the market view adds: the common-code list of regions, and charts under a filter,
/// which KOBIS sends in the national chart's shape.
@Suite struct MarketDecodingTests {
    func regions(_ json: String) throws -> ([Region], [DataWarning]) {
        try KOBISDecoder.regionCodes(Data(json.utf8))
    }

    @Test func decodesTheRegionCodesAndLeavesOutWhatCouldNotBeSentBack() throws {
        let (list, warnings) = try regions("""
        {"codes":[{"fullCd":"0105001","korNm":"서울시 ","engNm":"Seoul"},
        {"fullCd":"0105011","korNm":"부산시","engNm":" Busan "},
        {"fullCd":"0105017","korNm":"세종시","engNm":""},
        {"fullCd":"0105/../x","korNm":"어딘가","engNm":"Nowhere"},
        {"fullCd":"0105002","korNm":"","engNm":"Gyeonggi-do"},
        {"fullCd":"0105001","korNm":"서울특별시","engNm":"Seoul"},
        {"fullCd":10502,"korNm":"숫자","engNm":"Number"}]}
        """)
        #expect(list.map(\.code) == ["0105001", "0105011", "0105017", "10502"])
        #expect(list.map(\.name) == ["서울시", "부산시", "세종시", "숫자"])
        #expect(list.map(\.slug) == ["seoul", "busan", "0105017", "number"])
        // A code with a path in it, a nameless region and a second 0105001: one warning each.
        #expect(warnings.count == 3)
        #expect(warnings.allSatisfy { $0.context == "decode region codes" })
    }

    @Test func aCodeListWithoutARegionIsAnErrorNotAnEmptySite() throws {
        #expect(throws: ResponseFormatError.self) { try regions(#"{"codes":[]}"#) }
        #expect(throws: ResponseFormatError.self) { try regions(#"{"codeList":[]}"#) }
        #expect(throws: ResponseFormatError.self) { try regions("<html>busy</html>") }
        let fault = #"{"faultInfo":{"message":"유효하지않은 키값입니다.","errorCode":"320010"}}"#
        #expect(throws: KOBISFault.self) { try regions(fault) }
    }

    @Test func aRegionsSlugIsSafeInAPathWhateverItsName() {
        for (english, code, slug) in [
            ("../../etc/passwd", "0105001", "etc-passwd"), ("Jeju-do", "0105010", "jeju-do"),
            ("  ", "0105003", "0105003"), ("제주", "0105010", "0105010"), ("<script>", "0105004", "script"),
            ("Chungcheong buk-do", "0105004", "chungcheong-buk-do"),
        ] {
            let region = Region(code: code, name: "지역", englishName: english)
            #expect(region.slug == slug, "\(english)")
            #expect(region.slug.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        }
    }

    @Test func aFilteredChartIsReadAsTheNationalOne() throws {
        // KOBIS answers a filter in the national chart's shape, with its own ranks from 1.
        let json = """
        {"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20240210~20240210",
        "dailyBoxOfficeList":[{"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20231234",
        "movieNm":"다양성 영화 ","openDt":"2024-01-31","salesAmt":"9100000","salesShare":"0.3","salesInten":"-100000",
        "salesChange":"-1.1","salesAcc":"150000000","audiCnt":"1000","audiInten":"-10","audiChange":"-1",
        "audiAcc":"16000","scrnCnt":"40","showCnt":"52"}]}}
        """
        let day = Day(iso: "2024-02-10")!
        let (chart, warnings) = try KOBISDecoder.dailyChart(Data(json.utf8), date: day, fetchedAt: nil)
        #expect(warnings.isEmpty)
        #expect(chart.entries.map(\.rank) == [1] && chart.entries[0].title == "다양성 영화")
        #expect(chart.entries[0].audience == 1000 && chart.entries[0].salesShare == 0.3)
    }

    @Test func eachScopeSurvivesItsSlug() {
        for scope in [ChartScope.all, .korean, .foreign, .diversity, .region("0105001")] {
            #expect(ChartScope(slug: scope.slug) == scope)
        }
        for slug in ["", "region-", "KOREAN", "region", "../korean"] { #expect(ChartScope(slug: slug) == nil) }
    }
}
