import Foundation
import Testing
import SitegenSiteSupport
import SitegenTestSupport
@testable import SitegenDemo
@testable import SitegenFetch
import SitegenDecode
import SitegenCLI
import SitegenModel

/// The demo memo (`DemoMemo`) may only make builds faster: a build that reads it has the
/// simulator's own values, and one that cannot read it simulates.
@Suite struct DemoMemoTests {
    static let until = Day(iso: "2024-02-10")!
    static func days(_ count: Int, until: Day = until) -> [Day] { (0..<count).map { until.adding(days: $0 - count + 1) } }

    func folder() throws -> URL {
        let url = TestFolders.path("memo")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func fetch(_ source: DemoSource, _ days: [Day]) async throws -> Dataset {
        return try await Fetcher(source: source, jobs: 2).fetch(days: days).dataset
    }

    /// Compared as Bools: a difference printed whole would be megabytes.
    func expectSame(_ a: Dataset, _ b: Dataset, sourceLocation: SourceLocation = #_sourceLocation) {
        let (days, periods, movies) = (a.days == b.days, a.periods == b.periods, a.movies == b.movies)
        #expect(days && periods && movies && a.chartedMovieCodes == b.chartedMovieCodes,
                "days \(days), periods \(periods), movies \(movies)", sourceLocation: sourceLocation)
    }

    @Test func theNextDaysBuildTakesTheSimulatorsOwnValuesFromTheMemo() async throws {
        let cache = try folder()
        let memo = cache.appendingPathComponent("demo-memo")
        _ = try await fetch(DemoSource(memoIn: cache, identity: "test"), Self.days(300))
        let written = try Data(contentsOf: memo)
        let contents = try #require(DemoMemo.decode(written, identity: "test"))
        #expect(contents.days.count == 300 && contents.periods.count > 30 && contents.movies.count > 20)

        // One new day: read from the memo but for that day (and a week it completes), equal to
        // simulating everything, and the file left as it was (rewritten only past 1 in 50 new).
        let next = Self.days(300, until: Self.until.adding(days: 1))
        let morning = DemoSource(memoIn: cache, identity: "test")
        expectSame(try await fetch(morning, next), try await fetch(DemoSource(), next))
        // 2024-02-11 is a Sunday: the day, its week and its weekend; nothing else was simulated.
        #expect(morning.memo?.simulated == 3)
        #expect(try Data(contentsOf: memo) == written)

        // A hundred days on: mostly simulated, so the memo is rewritten with this build's values.
        let later = Self.days(300, until: Self.until.adding(days: 100))
        expectSame(try await fetch(DemoSource(memoIn: cache, identity: "test"), later), try await fetch(DemoSource(), later))
        let rewritten = try #require(DemoMemo.decode(try Data(contentsOf: memo), identity: "test"))
        #expect(Set(rewritten.days.keys) == Set(later.map(\.ordinal)))
    }

    /// The real-sized world keeps its memo in a file of its own, under an identity of its own:
    /// a small memo is never read for a real build, nor the other way round.
    @Test func aRealWorldBuildNeverReadsTheSmallWorldsMemo() async throws {
        let cache = try folder()
        let days = Self.days(60)
        _ = try await fetch(DemoSource(memoIn: cache, identity: "test"), days)
        let real = DemoSource(memoIn: cache, identity: "test", scale: .real)
        expectSame(try await fetch(real, days), try await fetch(DemoSource(scale: .real), days))
        #expect(real.memo?.contents().days.count == 60, "written to its own file")
        let small = DemoSource(memoIn: cache, identity: "test")
        expectSame(try await fetch(small, days), try await fetch(DemoSource(), days))
        #expect(small.memo?.simulated == 0, "the small memo was left as it was")
    }

    @Test func theMemoHoldsEveryValueExactlyAndTheSameValuesMakeTheSameFile() async throws {
        let cache = try folder()
        _ = try await fetch(DemoSource(memoIn: cache, identity: "test"), Self.days(400))
        let contents = try #require(DemoMemo.decode(try Data(contentsOf: cache.appendingPathComponent("demo-memo")), identity: "test"))
        // Values the simulator never makes: an absent title of its own, a rejected row count,
        // optional figures missing, an unknown status, a film KOBIS has no details for.
        var edited = contents
        var chart = try #require(edited.days[Self.until.ordinal])
        chart.rejectedRows = 2
        chart.fetchedAt = nil
        chart.entries[0].title = "다른 제목 "
        chart.entries[0].status = .unknown
        chart.entries[0].salesShare = nil
        chart.entries[0].audienceChange = nil
        chart.entries[0].openDate = nil
        edited.days[Self.until.ordinal] = chart
        edited.movies["99999999"] = .some(nil)
        for value in [contents, edited] {
            let bytes = DemoMemo.encode(value, identity: "test")
            let same = DemoMemo.decode(bytes, identity: "test") == value
            #expect(same, "a value changed on its way through the file")
            #expect(DemoMemo.encode(value, identity: "test") == bytes)
        }
    }

    @Test func aMemoFromAnotherBinaryOrCutShortIsNeverRead() async throws {
        let cache = try folder()
        let memo = cache.appendingPathComponent("demo-memo")
        _ = try await fetch(DemoSource(memoIn: cache, identity: "old binary"), Self.days(60))
        let bytes = try Data(contentsOf: memo)
        let foreign = DemoMemo.decode(bytes, identity: "new binary") != nil
        #expect(!foreign)
        // Read from a slice that does not start at 0, as a mapped or sliced Data may.
        let sliced = (Data([7, 7, 7]) + bytes).dropFirst(3)
        #expect(sliced.startIndex == 3 && DemoMemo.decode(sliced, identity: "old binary") != nil)
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            let read = DemoMemo.decode(bytes.prefix(cut), identity: "old binary") != nil
            #expect(!read, "cut at \(cut)")
        }
        // A damaged byte anywhere (a figure, an ordinal, a count) is caught by the checksum.
        for at in stride(from: 40, to: bytes.count, by: max(1, bytes.count / 53)) {
            var flipped = bytes
            flipped[at] ^= 0x10
            let read = DemoMemo.decode(flipped, identity: "old binary") != nil
            #expect(!read, "byte \(at) flipped")
        }

        // Garbage where the memo should be: the build simulates, with the same values.
        try Data("sitegen-demo-memo 1\nold binary\n\u{7}\u{0}".utf8).write(to: memo)
        expectSame(try await fetch(DemoSource(memoIn: cache, identity: "old binary"), Self.days(60)), try await fetch(DemoSource(), Self.days(60)))
        // A folder that cannot be written keeps no memo and fails nothing.
        let blocked = cache.appendingPathComponent("file-not-folder")
        try Data().write(to: blocked)
        expectSame(try await fetch(DemoSource(memoIn: blocked, identity: "x"), Self.days(20)), try await fetch(DemoSource(), Self.days(20)))
    }

    /// A field added to the model must be added to `MemoWriter` and `MemoReader` too, or a memo
    /// build would lose it.
    @Test func theMemoKnowsEveryFieldOfTheModel() {
        let entry = ChartEntry(rank: 1, rankChange: 0, status: .new, movieCode: "1", title: "t", rawTitle: "t", openDate: nil,
                               sales: 0, salesShare: nil, salesChange: nil, salesChangeRate: nil, salesTotal: 0, audience: 0,
                               audienceChange: nil, audienceChangeRate: nil, audienceTotal: 0, screens: 0, showings: 0)
        let counts = [("ChartEntry", Mirror(reflecting: entry).children.count, 18),
                      ("DayChart", Mirror(reflecting: DayChart(date: Self.until, entries: [], fetchedAt: nil)).children.count, 4),
                      ("PeriodChart", Mirror(reflecting: PeriodChart(kind: .week, start: Self.until, entries: [], fetchedAt: nil)).children.count, 4),
                      ("Movie", Mirror(reflecting: Movie(code: "1", title: "t")).children.count, 16),
                      ("Person", Mirror(reflecting: Person(name: "n")).children.count, 3),
                      ("Company", Mirror(reflecting: Company(code: "", name: "", englishName: "", part: "")).children.count, 4)]
        for (name, fields, known) in counts { #expect(fields == known, "\(name) has \(fields) fields; the demo memo knows \(known)") }
    }

    /// The whole road: a site built the next morning from the memo is byte for byte the site built
    /// without one.
    @Test func aSiteRebuiltFromTheMemoIsTheSiteBuiltWithoutIt() async throws {
        let root = try folder()
        let cache = root.appendingPathComponent("cache")
        let site = root.appendingPathComponent("site/_site")
        _ = try await SiteFixture.build(into: site, days: 90, until: "2024-02-10", source: DemoSource(memoIn: cache, identity: "test"))
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("demo-memo").path))
        let morning = DemoSource(memoIn: cache, identity: "test")
        _ = try await SiteFixture.build(into: site, days: 90, until: "2024-02-11", source: morning)
        #expect(morning.memo?.simulated == 3 * 4, "the day, its week and its weekend, national and 한국, 외국, 다양성")
        let whole = root.appendingPathComponent("whole/_site")
        _ = try await SiteFixture.build(into: whole, days: 90, until: "2024-02-11", source: DemoSource())
        let (a, b) = (try SiteFixture.files(site), try SiteFixture.files(whole))
        #expect(a.count > 500)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (path, data) in a where b[path] != data { Issue.record("\(path) differs") }
    }

    /// The memo is written before the fetch returns, so a build that fails after its fetch has
    /// kept it too, and no command has to wait for a write at its end.
    @Test func theMemoIsWrittenBeforeTheBuildGoesOnEvenOneThatFails() async throws {
        let root = try folder()
        let cache = root.appendingPathComponent("cache")
        let source = DemoSource(memoIn: cache, identity: "test")
        _ = try await SiteFixture.build(into: root.appendingPathComponent("a/_site"), days: 20, source: source)
        #expect(DemoSource(memoIn: cache, identity: "test").memo?.contents().days.count == 20, "written whole")
        let templates = try SiteFixture.templatesFailingAtRender(in: root)
        await #expect(throws: (any Error).self) {
            try await SiteFixture.build(
                into: root.appendingPathComponent("b/_site"), days: 30, templates: templates, source: source)
        }
        #expect(DemoSource(memoIn: cache, identity: "test").memo?.contents().days.count == 30, "fetched, then written")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.contains("nosync") }
        #expect(leftovers.isEmpty, "Foundation's atomic write left \(leftovers)")
    }
}
