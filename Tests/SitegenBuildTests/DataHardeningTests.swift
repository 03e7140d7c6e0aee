import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SitegenBasics
@testable import SitegenCLI
@testable import SitegenFetch
@testable import SitegenModel
import SitegenTestSupport
import Testing
import SitegenSiteSupport

/// Answers with the chart rows and movie info a test gives, in KOBIS's own shapes.
struct ScriptedSource: FakeSource {
    var rows: [[String: String]]
    var movieTitle: @Sendable (String) -> String = { _ in "" }
    var kind: DataSourceKind { .kobis }
    var searchesPosters: Bool { false }

    static func row(rank: String, code: String, title: String, audience: String = "1000") -> [String: String] {
        ["rnum": rank, "rank": rank, "rankInten": "0", "rankOldAndNew": "OLD", "movieCd": code, "movieNm": title,
         "openDt": "2024-01-31", "salesAmt": "1000", "salesShare": "1.0", "salesInten": "0", "salesChange": "0",
         "salesAcc": "2000", "audiCnt": audience, "audiInten": "0", "audiChange": "0", "audiAcc": "5000", "scrnCnt": "10", "showCnt": "20"]
    }

    func respond(_ request: SourceRequest) async throws -> SourceResponse {
        switch request {
        case .dailyChart(let day, _):
            return SourceResponse(body: HostileSource.json(["boxOfficeResult": ["dailyBoxOfficeList": rows]]), fetchedAt: day.adding(days: 1).startInstantKST)
        case .periodChart(let kind, let start, _):
            let end = start.adding(days: kind.length - 1)
            return SourceResponse(body: HostileSource.json(["boxOfficeResult": ["weeklyBoxOfficeList": rows, "showRange": "\(start.compact)~\(end.compact)"]]),
                                  fetchedAt: end.adding(days: 1).startInstantKST)
        case .movieInfo(let code):
            return SourceResponse(body: HostileSource.json(["movieInfoResult": ["movieInfo": [
                "movieCd": code, "movieNm": movieTitle(code), "movieNmEn": "English", "genres": [["genreNm": "드라마"]]]]]), fetchedAt: nil)
        case .posterSearch:
            return SourceResponse(body: Data(#"{"documents":[]}"#.utf8), fetchedAt: nil)
        case .posterImage:
            return SourceResponse(body: Data(), fetchedAt: nil)
        case .movieList:
            return SourceResponse(body: Data(#"{"movieListResult":{"totCnt":0,"movieList":[]}}"#.utf8), fetchedAt: nil)
        case .regionCodes:
            return SourceResponse(body: HostileSource.json(["codes": [["fullCd": "0105001", "korNm": "서울시", "engNm": "Seoul"]]]),
                                  fetchedAt: nil)
        }
    }
}

@Suite struct DataHardeningTests {
    /// Every text file (the share cards and app icons are PNG).
    func text(_ files: [String: Data]) -> [String: String] {
        files.filter { !$0.key.hasSuffix(".png") }.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test func anEmptyMovieNameKeepsTheChartsTitle() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let rows = (1...3).map { ScriptedSource.row(rank: "\($0)", code: "2024000\($0)", title: "차트 제목 \($0)") }
        try await SiteFixture.build(into: out, days: 1, source: ScriptedSource(rows: rows, movieTitle: { _ in "  " }))
        let page = try SiteFixture.text(out, "movie/20240001/index.html")
        #expect(page.contains("<h1>차트 제목 1</h1>") || page.contains(">차트 제목 1</h1>"), "\(page.prefix(2000))")
        #expect(page.contains("<title>차트 제목 1 · "))
        let json = try SiteFixture.text(out, "data/movie/20240001.json")
        #expect(!json.contains(#""title":"""#) && json.contains(#""title":"차트 제목 1""#), "\(json.prefix(400))")
        #expect(json.contains("\"details\""))
    }

    @Test func noncharactersAndControlsNeverReachAnyOutput() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        func u(_ v: UInt32) -> String { String(Unicode.Scalar(v)!) }
        // Swift literals refuse noncharacters, so they are built from their code points.
        let bad = "A" + u(0xFFFE) + "B" + u(0xFFFF) + "C" + u(0xFDD0) + "D" + u(0x1FFFF) + "E\u{85}F\u{7F}G\u{1B}H"
        let rows = [ScriptedSource.row(rank: "1", code: "20240001", title: bad), ScriptedSource.row(rank: "2", code: "20240002", title: "보통")]
        try await SiteFixture.build(into: out, days: 2, baseURL: "https://example.com/", source: ScriptedSource(rows: rows, movieTitle: { _ in bad }))
        let files = text(try SiteFixture.files(out))
        for (path, body) in files {
            let found = body.unicodeScalars.filter { ForbiddenCharacters.contains($0) && $0 != "\u{FEFF}" }
            #expect(found.isEmpty, "\(path): \(found.map { String($0.value, radix: 16) })")
        }
        #expect(files["index.html"]?.contains("ABCDEFGH") == true)
        let parser = XMLParser(data: try Data(contentsOf: out.appendingPathComponent("feed.xml")))
        #expect(parser.parse(), "feed.xml is not well-formed: \(String(describing: parser.parserError))")
    }

    @Test func rejectedRowsAreSaidAndNoOtherFilmIsCalledFirst() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        var rows = (1...6).map { ScriptedSource.row(rank: "\($0)", code: "2024000\($0)", title: "빠진 \($0)", audience: "많음") }
        rows += (7...10).map { ScriptedSource.row(rank: "\($0)", code: "202400\($0 + 10)", title: "남은 \($0)") }
        rows.append(ScriptedSource.row(rank: "11", code: "20240099", title: "열한째", audience: "999999"))
        rows.append(ScriptedSource.row(rank: "8", code: "20240098", title: "중복", audience: "888888"))
        rows.append(ScriptedSource.row(rank: "9", code: "20240097", title: "거대", audience: "9999999999999999999"))
        let log = SiteFixture.Log()
        try await SiteFixture.build(into: out, days: 1, until: "2024-02-10", source: ScriptedSource(rows: rows), log: log)
        let files = text(try SiteFixture.files(out))
        let day = try #require(files["date/2024-02-10/index.html"])
        #expect(day.contains("KOBIS가 보낸 행 9개는 값이 올바르지 않아 뺐습니다"), "the page must say rows were left out")
        #expect(day.contains("4,000"), "the total counts the four rows kept")
        for (path, body) in files {
            #expect(!body.contains("1위 남은") && !body.contains("1위 중복") && !body.contains("1위 열한째"), "\(path) calls a non-rank-1 film 1위")
            for word in ["inf", "nan", "NaN", "Infinity"] {
                #expect(!body.contains(">\(word)") && !body.contains(" \(word)<") && !body.contains("\(word)%") && !body.contains("1위 \(word)"), "\(path) prints \(word)")
            }
        }
        let index = try #require(files["data/index.json"])
        #expect(!index.contains("\"top\":\"남은"), "\(index.prefix(300))")
        let archive = try #require(files["archive/index.html"])
        #expect(!archive.contains("남은 7"))
        let lines = log.lines.joined(separator: "\n")
        #expect(lines.contains("rank 11, outside the top 10; row skipped"))
        #expect(lines.contains("repeats rank 8; row skipped"))
        #expect(!files.values.contains { $0.contains("열한째") || $0.contains("중복") || $0.contains("거대") })
    }

    @Test func notesDropControlCharactersAndTheirNamesCannotForgeConsoleLines() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let notes = try SiteFixture.writeNotes([
            "site.md": "머리\u{1}말\u{1B}[31m 빨강\u{7F} 끝\u{85} 참조&#x85;&#x1;&#xFFFF; 그만",
            "date/2024-02-10\u{1B}[2J\nerror: forged.md": "x",
        ], in: folder)
        let out = folder.appendingPathComponent("_site")
        let log = SiteFixture.Log()
        try await SiteFixture.build(into: out, days: 2, notes: notes, log: log)
        let home = try SiteFixture.text(out, "index.html")
        #expect(home.contains("머리말"), "\(home)")
        for scalar in home.unicodeScalars {
            #expect(!ForbiddenCharacters.contains(scalar), "U+\(String(scalar.value, radix: 16)) in index.html")
        }
        let warning = try #require(log.lines.first { $0.contains("forged") })
        #expect(!warning.contains("\n") && !warning.contains("\u{1B}"), "\(warning)")
        #expect(warning.contains("\\u{1b}[2J\\u{a}error: forged.md"), "\(warning)")
        #expect(!log.lines.contains { $0.hasPrefix("error:") })
    }
}
