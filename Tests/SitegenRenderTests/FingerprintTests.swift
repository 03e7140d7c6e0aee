import Foundation
import Testing
import SitegenBasics
@testable import SitegenModel
@testable import SitegenRender

/// Page keys are only as good as the fingerprints of the model values they read: a field left out
/// would let a page go stale after a rebuild.
@Suite struct FingerprintTests {
    static let entry = ChartEntry(rank: 1, rankChange: 0, status: .old, movieCode: "20240001", title: "제목", rawTitle: "제목 ",
                                  openDate: Day(iso: "2024-01-01"), sales: 100, salesShare: 10.5, salesChange: 5, salesChangeRate: 1.5,
                                  salesTotal: 1000, audience: 10, audienceChange: 1, audienceChangeRate: 0.5, audienceTotal: 100,
                                  screens: 3, showings: 9)

    func print(_ e: ChartEntry) -> UInt64 { var f = Fingerprint(); f.add(e); return f.value }

    @Test func everyFieldOfAChartRowChangesItsFingerprint() {
        let edits: [(String, (inout ChartEntry) -> Void)] = [
            ("rank", { $0.rank = 2 }), ("rankChange", { $0.rankChange = 1 }), ("status", { $0.status = .new }),
            ("movieCode", { $0.movieCode = "20240002" }), ("title", { $0.title = "다른" }), ("rawTitle", { $0.rawTitle = "제목" }),
            ("openDate", { $0.openDate = nil }), ("sales", { $0.sales = 101 }), ("salesShare", { $0.salesShare = nil }),
            ("salesChange", { $0.salesChange = 6 }), ("salesChangeRate", { $0.salesChangeRate = 1.6 }), ("salesTotal", { $0.salesTotal = 1 }),
            ("audience", { $0.audience = 11 }), ("audienceChange", { $0.audienceChange = nil }),
            ("audienceChangeRate", { $0.audienceChangeRate = 0.6 }), ("audienceTotal", { $0.audienceTotal = 101 }),
            ("screens", { $0.screens = 4 }), ("showings", { $0.showings = 10 }),
        ]
        #expect(edits.count == Mirror(reflecting: Self.entry).children.count, "a ChartEntry field has no edit here")
        for (name, edit) in edits {
            var changed = Self.entry
            edit(&changed)
            #expect(print(changed) != print(Self.entry), "\(name) is not in the fingerprint")
        }
    }

    /// The other model types are added field by field in Fingerprint+Model; a new field must be added there too.
    @Test func theModelHasTheFieldsTheFingerprintKnows() {
        let day = DayChart(date: Day(iso: "2024-02-10")!, entries: [Self.entry], fetchedAt: nil)
        let period = PeriodChart(kind: .week, start: Day(iso: "2024-02-05")!, entries: [], fetchedAt: nil)
        let person = Person(name: "a", englishName: "b", role: "c")
        let company = Company(code: "1", name: "n", englishName: "e", part: "p")
        let movie = Movie(code: "1", title: "t", englishTitle: "", originalTitle: "", runtimeMinutes: nil, productionYear: nil, openDate: nil,
                          productionStatus: "", type: "", nations: [], genres: [], directors: [], actors: [], showTypes: [], companies: [], watchGrades: [])
        let counts = [("DayChart", Mirror(reflecting: day).children.count, 4), ("PeriodChart", Mirror(reflecting: period).children.count, 4),
                      ("Person", Mirror(reflecting: person).children.count, 3), ("Company", Mirror(reflecting: company).children.count, 4),
                      ("Movie", Mirror(reflecting: movie).children.count, 16),
                      ("Poster", Mirror(reflecting: Poster(url: "u", width: 1, height: 1)).children.count, 3),
                      // A served copy's path names its bytes, so `data` is left out on purpose.
                      ("PosterFile", Mirror(reflecting: PosterFile(path: "p", width: 1, height: 1)).children.count, 3)]
        for (name, fields, known) in counts { #expect(fields == known, "\(name) has \(fields) fields; Fingerprint+Model knows \(known)") }
    }

    @Test func everyFieldOfAListedFilmChangesItsFingerprint() {
        let film = ListedFilm(code: "20250001", title: "가", englishTitle: "A", productionYear: 2025,
                              openDate: Day(iso: "2025-12-24"), status: "개봉예정", type: "장편", nations: ["한국"],
                              genres: ["드라마"], directors: ["감독"], companies: ["회사"])
        let edits: [(String, (inout ListedFilm) -> Void)] = [
            ("code", { $0.code = "20250002" }), ("title", { $0.title = "나" }), ("englishTitle", { $0.englishTitle = "B" }),
            ("productionYear", { $0.productionYear = nil }), ("openDate", { $0.openDate = Day(iso: "2025-12-31") }),
            ("status", { $0.status = "개봉" }), ("type", { $0.type = "단편" }), ("nations", { $0.nations = [] }),
            ("genres", { $0.genres = ["액션"] }), ("directors", { $0.directors = [] }), ("companies", { $0.companies = ["다른"] }),
        ]
        #expect(edits.count == Mirror(reflecting: film).children.count, "a ListedFilm field has no edit here")
        func print(_ film: ListedFilm) -> UInt64 { var f = Fingerprint(); f.add(film); return f.value }
        for (name, edit) in edits {
            var changed = film
            edit(&changed)
            #expect(print(changed) != print(film), "\(name) is not in the fingerprint")
        }
    }

    @Test func fieldBoundariesCannotBeConfused() {
        var a = Fingerprint(), b = Fingerprint(), c = Fingerprint(), d = Fingerprint()
        a.add("ab"); a.add("c")
        b.add("a"); b.add("bc")
        c.add(nil as String?)
        d.add("" as String?)  // the same optional field, absent or empty
        #expect(a.value != b.value && c.value != d.value)
        // Bytes of any value (Public files are binary): a length last let these two agree.
        var e = Fingerprint(), f = Fingerprint()
        e.add(String(repeating: "\0", count: 8)); e.add("\u{1}"); e.add(nil as Int?)
        f.add(""); f.add("\u{8}"); f.add(0 as Int?)
        #expect(e.value != f.value)
        var g = Fingerprint(), h = Fingerprint()
        g.add(bytes: Data([0, 0, 0, 0, 0, 0, 0, 0, 1])); g.add(bytes: Data())
        h.add(bytes: Data([0, 0, 0, 0, 0, 0, 0, 0])); h.add(bytes: Data([1]))
        #expect(g.value != h.value)
    }
}
