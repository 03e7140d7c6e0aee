import Foundation
import SitegenDecode
@testable import SitegenFetch
@testable import SitegenModel
import SitegenTestSupport
import Testing
import SitegenSiteSupport

/// Names from KOBIS become folders of a site people commit and clone: none can fail the build
/// (over 255 bytes) or the checkout (a name Windows reserves).
@Suite struct PortableNameTests {
    @Test(arguments: ["CON", "con", "Aux", "nul", "PRN", "com1", "COM9", "lpt1", "LPT9", "con.txt", "NUL.tar.gz"])
    func windowsDeviceNamesAreReserved(_ name: String) {
        #expect(PortableNames.isReserved(name))
    }

    @Test(arguments: ["seoul", "console", "com", "com0", "com10", "lpt", "auxiliary", "nul-1", "0105001"])
    func otherNamesAreNot(_ name: String) {
        #expect(!PortableNames.isReserved(name))
    }

    @Test func aRegionNameUnfitForAFolderGivesWayToItsCode() {
        let long = String(repeating: "Gyeonggi ", count: 40)
        #expect(Region(code: "0105002", name: "경기도", englishName: long).slug == "0105002")
        #expect(Region(code: "0105003", name: "가", englishName: "Con").slug == "0105003")
        #expect(Region(code: "0105004", name: "나", englishName: "LPT1").slug == "0105004")
        #expect(Region(code: "0105001", name: "서울시", englishName: "Seoul").slug == "seoul")
        #expect(!MovieCode.isValid("CON") && !MovieCode.isValid("com7"))
        #expect(MovieCode.isValid("20240001"))
    }

    /// The market's regions with an English name of 300 bytes and one that reads `CON`: the build
    /// succeeds and files both under their codes.
    struct OddRegions: FakeSource {
        var kind: DataSourceKind { .kobis }
        var searchesPosters: Bool { false }
        func respond(_ request: SourceRequest) async throws -> SourceResponse {
            guard case .regionCodes = request else { return try await MarketSource().respond(request) }
            return SourceResponse(body: MarketSource.json(["codes": [
                ["fullCd": "0105001", "korNm": "서울시", "engNm": String(repeating: "Seoul Special City ", count: 16)],
                ["fullCd": "0105011", "korNm": "부산시", "engNm": "Con"],
            ]]), fetchedAt: nil)
        }
    }

    @Test func noRegionNameFailsTheBuildOrBecomesAReservedFolder() async throws {
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("_site")
        try await SiteFixture.build(into: site, days: 2, source: OddRegions(), regions: true)
        let regions = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("region").path)
        #expect(Set(regions) == ["0105001", "0105011", "index.html"], "\(regions)")
    }
}
