import Foundation
import SitegenBasics
import SitegenDecode
@testable import SitegenFetch
@testable import SitegenModel
import SitegenTestSupport
import Testing
import SitegenSiteSupport

/// A small market in KOBIS's shapes, with figures chosen so every share has one right answer:
/// 한국 A 600 + C 100 + D 50 = 750, 외국 B 300 + E 30 = 330 → 한국 69.4% of 1,080 (sales 3,000 of
/// 5,000 → 60.0%); D and E are 다양성 films that never reach the national top 10.
struct MarketSource: FakeSource {
    var kind: DataSourceKind { .kobis }
    var searchesPosters: Bool { false }

    static let titles = ["20240001": "가나다 A", "20240002": "Foreign B", "20240003": "한국 C", "20240004": "독립 D",
                         "20240005": "예술 E"]

    static func rows(_ films: [(String, Int)]) -> [[String: String]] {
        films.enumerated().map { i, film in
            ScriptedSource.row(rank: "\(i + 1)", code: film.0, title: titles[film.0]!, audience: "\(film.1)")
        }
    }

    static func chart(_ scope: ChartScope) -> [[String: String]] {
        switch scope {
        case .all: rows([("20240001", 600), ("20240002", 300), ("20240003", 100)])
        case .korean: rows([("20240001", 600), ("20240003", 100), ("20240004", 50)])
        case .foreign: rows([("20240002", 300), ("20240005", 30)])
        case .diversity: rows([("20240004", 50), ("20240005", 30)])
        case .region("0105001"): rows([("20240001", 400), ("20240002", 200)])
        case .region("0105011"): rows([("20240001", 200), ("20240002", 100), ("20240003", 100)])
        case .region: []
        }
    }

    static func json(_ value: Any) -> Data { try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) }

    func respond(_ request: SourceRequest) async throws -> SourceResponse {
        switch request {
        case .dailyChart(let day, let scope):
            return SourceResponse(
                body: Self.json(["boxOfficeResult": ["dailyBoxOfficeList": Self.chart(scope),
                                                     "showRange": "\(day.compact)~\(day.compact)"]]),
                fetchedAt: day.adding(days: 2).startInstantKST)
        case .periodChart(let kind, let start, let scope):
            let end = start.adding(days: kind.length - 1)
            return SourceResponse(
                body: Self.json(["boxOfficeResult": ["weeklyBoxOfficeList": Self.chart(scope),
                                                     "showRange": "\(start.compact)~\(end.compact)"]]),
                fetchedAt: end.adding(days: 2).startInstantKST)
        case .movieList:
            return SourceResponse(body: Data(#"{"movieListResult":{"totCnt":0,"movieList":[]}}"#.utf8), fetchedAt: nil)
        case .regionCodes:
            return SourceResponse(body: Self.json(["codes": [
                ["fullCd": "0105001", "korNm": "서울시", "engNm": "Seoul"],
                ["fullCd": "0105011", "korNm": "부산시", "engNm": "Busan"],
            ]]), fetchedAt: nil)
        case .movieInfo(let code):
            // A and C share a distributor; C has a second one.
            let companies: [[String: String]] =
                code == "20240002"
                ? [["companyCd": "C2", "companyNm": "외화배급", "companyNmEn": "", "companyPartNm": "배급사"]]
                : [["companyCd": "C1", "companyNm": "가배급(주)", "companyNmEn": "GA", "companyPartNm": "배급사"],
                   ["companyCd": "C1", "companyNm": "가배급(주)", "companyNmEn": "GA", "companyPartNm": "제작사"]]
                    + (code == "20240003"
                        ? [["companyCd": "C2", "companyNm": "외화배급", "companyNmEn": "", "companyPartNm": "배급사"]] : [])
            return SourceResponse(body: Self.json(["movieInfoResult": ["movieInfo": [
                "movieCd": code, "movieNm": Self.titles[code] ?? "", "openDt": "20240131",
                "nations": [["nationNm": code == "20240002" ? "미국" : "한국"]], "companys": companies,
            ]]]), fetchedAt: nil)
        case .posterSearch:
            return SourceResponse(body: Data(#"{"documents":[]}"#.utf8), fetchedAt: nil)
        case .posterImage:
            throw ResponseMismatchError(reason: "no posters in this test")
        }
    }
}

@Suite struct MarketSiteTests {
    func build(regions: Bool = false) async throws -> URL {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 2, source: MarketSource(), regions: regions)
        return out
    }

    @Test func showsTheFiltersTopTensOnOnePageBesideTheDayWithTabsAndData() async throws {
        let out = try await build()
        for scope in ["korean", "foreign", "diversity"] {
            for day in ["2024-02-09", "2024-02-10"] {
                #expect(try SiteFixture.text(out, "data/\(scope)/2024.csv").contains("\r\n\(day),1,"), "\(scope) \(day)")
                // The filters' charts are sections of one page beside the day's, not pages of their own.
                #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("date/\(day)/\(scope)").path))
                #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("date/\(day)/filters/index.html").path))
            }
        }
        let filters = try SiteFixture.text(out, "date/2024-02-10/filters/index.html")
        func section(_ slug: String) -> String {
            filters.components(separatedBy: "<section class=\"scope-chart\" id=\"\(slug)\"").dropFirst().first?
                .components(separatedBy: "</section>")[0] ?? ""
        }
        let korean = section("korean")
        #expect(korean.contains("<h2 id=\"korean-h\">한국영화 상위 10편</h2>"))
        // Every film on a chart the site publishes has a page and is linked, a 다양성 film never on
        // the national chart too: no row looks like a link without being one.
        #expect(korean.contains(#"href="../../../movie/20240001/index.html""#))
        #expect(section("diversity").contains("독립 D") && filters.contains(#"href="../../../movie/20240004/index.html""#))
        // The filters' own data beside the national year's, each a link to a file the build wrote.
        for scope in ["korean", "foreign", "diversity"] {
            #expect(filters.contains("href=\"../../../data/\(scope)/2024.csv\" type=\"text/csv\" download>"), "\(scope)")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("data/\(scope)/2024.csv").path))
        }
        #expect(!section("foreign").isEmpty)
        #expect(filters.contains("<title>2024년 2월 10일 (토) 한국·외국·다양성영화 박스오피스 · "))
        // Tabs: 전체 is the day's own chart; the filters lead to their sections.
        let day = try SiteFixture.text(out, "date/2024-02-10/index.html")
        #expect(day.contains(##"<a href="#main" aria-current="page">전체</a>"##))
        #expect(day.contains(##"<a href="filters/index.html#korean">한국<span class="sr">영화</span></a>"##))
        #expect(day.contains(##"<a href="filters/index.html#diversity">다양성<span class="sr">영화</span></a>"##))
        #expect(filters.contains(#"<a href="../../../date/2024-02-10/index.html">전체</a>"#))
        #expect(filters.contains(##"<a href="#korean">한국<span class="sr">영화</span></a>"##))
        let home = try SiteFixture.text(out, "index.html")
        #expect(home.contains(##"<a href="date/2024-02-10/filters/index.html#foreign">외국<span class="sr">영화</span></a>"##))
        // A filter's year is one CSV (no JSON beside it): its rows are the filter's chart.
        let csv = try SiteFixture.text(out, "data/korean/2024.csv")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("data/korean/2024.json").path))
        let rows = csv.split(separator: "\r\n").dropFirst().filter { $0.hasPrefix("2024-02-10,") }
        let audiences: [Int] = rows.map { line in Int(line.split(separator: ",", omittingEmptySubsequences: false)[7]) ?? 0 }
        #expect(rows.count == 3 && audiences.reduce(0, +) == 750, "\(csv)")
        // The national data file is as it was: no filter field.
        #expect(!(try SiteFixture.text(out, "data/2024.json")).contains("filter"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("poster/20240004.svg").path))
    }

    /// The news quotes the whole day's admissions, 예매율 and 좌석판매율, none of which the Open API
    /// gives: the top 10's total links to the market page's line that says so.
    @Test func theTop10TotalSaysWhatTheOpenAPIDoesNotGive() async throws {
        let out = try await build()
        let market = try SiteFixture.text(out, "market/index.html")
        #expect(market.contains(#"<p class="figures-note" id="limits">이 사이트의 관객과 매출은 KOBIS 공개 API가 주는 상위 10편의 합입니다."#))
        #expect(market.contains("예매율과 좌석판매율은 API에 없어"))
        let day = try SiteFixture.text(out, "date/2024-02-10/index.html")
        #expect(day.contains(#"<p class="day-total"><a class="note-link" href="../../market/index.html#limits">상위 10편 관객</a> <strong>"#))
    }

    @Test func sharesAreWorkedOutFromTheSumsAndLabelledForWhatTheyAre() async throws {
        let out = try await build()
        let day = try SiteFixture.text(out, "date/2024-02-10/index.html")
        // 750 / 1,080 = 69.44…%; sales 3 × 1,000 / 5 × 1,000 = 60%; 다양성 80 / 1,080 = 7.4%.
        #expect(day.contains("한국영화 점유율 관객 <strong>69.4%</strong> · 매출 <strong>60.0%</strong>"), "\(day)")
        #expect(day.contains("다양성영화 관객 7.4%") && day.contains("각 상위 10편 기준"))
        let market = try SiteFixture.text(out, "market/index.html")
        #expect(market.contains("<strong>69.4%</strong>") && market.contains("2024년") && market.contains("각 상위 10편 기준"))
        #expect(market.contains("<div class=\"audience-chart share-chart\">") || market.contains("2024년 2월"))
    }

    @Test func rendersAPageForEveryDistributorAndLinksItFromItsFilms() async throws {
        let out = try await build()
        let c1 = try SiteFixture.text(out, "distributor/C1/index.html")
        #expect(c1.contains("가배급(주)") && c1.contains("가나다 A") && c1.contains("한국 C") && !c1.contains("Foreign B"))
        // C1's films drew 600 + 100 of the 1,000 on each day's national top 10: 70.0%.
        #expect(c1.contains("<strong>70.0%</strong>"), "\(c1)")
        let index = try SiteFixture.text(out, "distributor/index.html")
        #expect(index.contains("가배급(주)") && index.contains("외화배급") && index.contains("2024년"))
        let film = try SiteFixture.text(out, "movie/20240003/index.html")
        #expect(film.contains(#"<a href="../../distributor/C1/index.html">가배급(주)</a>, <a href="../../distributor/C2/index.html">외화배급</a>"#), "\(film)")
    }

    @Test func regionsAreOptInAndShowTheirChartsAndEachFilmsSplit() async throws {
        let without = try await build()
        #expect(!FileManager.default.fileExists(atPath: without.appendingPathComponent("region").path))
        let out = try await build(regions: true)
        let seoul = try SiteFixture.text(out, "region/seoul/index.html")
        #expect(seoul.contains("서울시 박스오피스") && seoul.contains("가나다 A") && seoul.contains("400"))
        #expect(try SiteFixture.text(out, "region/index.html").contains(#"href="../region/busan/index.html""#))
        // A drew 400 in 서울 and 200 in 부산 on their top 10s, two days each: 66.7% and 33.3%.
        let film = try SiteFixture.text(out, "movie/20240001/index.html")
        #expect(film.contains("지역별 관객") && film.contains("66.7%") && film.contains("33.3%") && film.contains("800명"), "\(film)")
    }

    @Test func aSiteBuiltWithoutTheMarketHasNoTabsAndNoMarketPage() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 2, source: MarketSource(), market: false)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("market").path))
        let day = try SiteFixture.text(out, "date/2024-02-10/index.html")
        #expect(!day.contains("scope-tabs") && !day.contains("한국영화 점유율"))
    }
}
