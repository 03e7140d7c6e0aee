import Foundation
import SitegenTestSupport
import Testing
import SitegenSiteSupport
import SitegenBuild
import SitegenCLI
import SitegenDemo
import SitegenDecode
import SitegenFetch
import SitegenModel
import SitegenWrite

/// A rebuild renders only the pages whose inputs changed and updates the site in place. Each
/// test changes one kind of input, rebuilds the old site, builds the same inputs whole into a
/// fresh folder, and compares every byte: a page whose key misses something it shows fails here.
@Suite struct IncrementalBuildTests {
    struct Build: Sendable {
        /// Two months, across a new year: what most inputs need; the in-place tests of a next day
        /// ask for more, so that a day is a small part of the site.
        var days = 60
        var until = "2024-02-10"
        var notes: [String: String] = [:]
        var dayTemplate: String? = nil
        var baseURL: String? = nil
        var hotlinkPosters = false
        /// Files of the Public folder (path → text); nil: the repository's own.
        var publicFiles: [String: String]? = nil
        var buildTime = SiteFixture.buildTime
        var edit: @Sendable (SourceRequest, String) -> String = { $1 }
        var regions = false
        var english = false
        var today: Day? = nil
        var app = true
    }

    @discardableResult
    func build(_ b: Build, into output: URL) async throws -> BuildSummary {
        let folder = output.deletingLastPathComponent()
        let notes = try SiteFixture.writeNotes(b.notes, in: folder.appendingPathComponent("notes-\(UUID().uuidString)"))
        var templates = SiteFixture.repo.appendingPathComponent("Templates")
        if let day = b.dayTemplate {
            let copy = folder.appendingPathComponent("templates-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: templates, to: copy)
            try day.write(to: copy.appendingPathComponent("day.mustache"), atomically: true, encoding: .utf8)
            templates = copy
        }
        var publicFolder = SiteFixture.repo.appendingPathComponent("Public")
        if let files = b.publicFiles {
            publicFolder = folder.appendingPathComponent("public-\(UUID().uuidString)")
            for (path, text) in files {
                let url = publicFolder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
        }
        return try await SiteFixture.build(into: output, days: b.days, until: b.until, notes: notes, templates: templates,
                                           publicFolder: publicFolder, baseURL: b.baseURL, source: EditedDemoSource(edit: b.edit),
                                           hotlinkPosters: b.hotlinkPosters, buildTime: b.buildTime, regions: b.regions,
                                           app: b.app, english: b.english, today: b.today)
    }

    /// Builds `before`, then `after` over it, and `after` whole into a fresh folder: the two must
    /// be the same files, byte for byte. Returns the rebuild's summary.
    @discardableResult
    func rebuildMatchesWholeBuild(_ before: Build, _ after: Build) async throws -> BuildSummary {
        let folder = try SiteFixture.temporaryFolder()
        let site = folder.appendingPathComponent("_site"), whole = folder.appendingPathComponent("whole/_site")
        try await build(before, into: site)
        let footprint = Footprint.measure(site)
        let summary = try await build(after, into: site)
        // What an in-place update says it changed of the footprint is what a walk finds.
        #expect(!summary.updatedInPlace || summary.footprintChange.map { footprint + $0 } == Footprint.measure(site),
                "\(String(describing: summary.footprintChange)) added to \(footprint)")
        let wholeSummary = try await build(after, into: whole)
        // What a staged build added up of the footprint while writing is what a walk finds.
        #expect(wholeSummary.footprintWritten == Footprint.measure(whole))
        #expect(summary.updatedInPlace || summary.footprintWritten == Footprint.measure(site))
        // The summary line counts the pages of the site, not of the rebuild's work.
        #expect(summary.pages == wholeSummary.pages, "\(summary.pages) pages said, \(wholeSummary.pages) in the site")
        let (got, want) = (try SiteFixture.files(site), try SiteFixture.files(whole))
        #expect(got.keys.sorted() == want.keys.sorted(), "files: extra \(Set(got.keys).subtracting(want.keys).sorted().prefix(5)), missing \(Set(want.keys).subtracting(got.keys).sorted().prefix(5))")
        let differing = want.keys.sorted().filter { got[$0] != want[$0] }
        #expect(differing.isEmpty, "differ from a whole build: \(differing.prefix(8))")
        try? FileManager.default.removeItem(at: folder)
        return summary
    }

    @Test func aRebuildWithNothingChangedRendersNoPageAgain() async throws {
        // Every page kind (both editions, regions, the market, distributors, openings) has a key:
        // the same inputs again render nothing, though they are fetched (no snapshot identity).
        let same = Build(days: 30, regions: true, english: true, today: Day(iso: "2024-02-11"))
        let folder = try SiteFixture.temporaryFolder()
        let site = folder.appendingPathComponent("_site")
        try await build(same, into: site)
        let summary = try await build(same, into: site)
        #expect(summary.updatedInPlace && summary.written == 0)
        #expect(summary.rerendered == [], "rendered again: \((summary.rerendered ?? []).sorted().prefix(10))")
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func rebuildsTheNextDayInPlaceLikeAWholeBuild() async throws {
        let summary = try await rebuildMatchesWholeBuild(Build(days: 120, until: "2024-02-09"), Build(days: 120, until: "2024-02-10"))
        #expect(summary.updatedInPlace)
        // The new day's pages, its films' and people's (every film on that day's charts, the
        // filters' too, whose people pages show each film's pace and total), and the pages made from
        // the whole site: not the other days, weeks or films.
        let again = summary.rerendered ?? []
        #expect(again.contains("day 2024-02-10") && again.contains("home") && !again.contains("day 2024-01-15"))
        #expect(again.count * 10 < summary.pages * 4, "\(again.count) of \(summary.pages) pages rendered again")
        #expect(summary.written > 0 && summary.written < summary.files / 3, "\(summary.written) of \(summary.files) written")
        #expect(summary.deleted > 0, "the day that left the range is deleted")
    }

    @Test func rebuildsTheNextMorningsOpeningsLikeAWholeBuild() async throws {
        func morning(_ until: String) -> Build {
            Build(days: 60, until: until, english: true, today: Day(iso: until)!.adding(days: 1))
        }
        // Within a week (films of the day before become 「이미 개봉」), then into the next week.
        var summary = try await rebuildMatchesWholeBuild(morning("2025-12-30"), morning("2025-12-31"))
        #expect(summary.updatedInPlace)
        summary = try await rebuildMatchesWholeBuild(morning("2026-01-04"), morning("2026-01-05"))
        #expect(summary.updatedInPlace)
        // KOBIS moves a film's opening within the same morning: the list is all that changed.
        var moved = morning("2025-12-31")
        moved.edit = { request, text in
            guard case .movieList = request else { return text }
            return text.replacingOccurrences(of: "\"20260107\"", with: "\"20260109\"")
        }
        summary = try await rebuildMatchesWholeBuild(morning("2025-12-31"), moved)
        #expect(summary.updatedInPlace && summary.written > 0 && summary.written < 12,
                "\(summary.written) files written for a moved opening")
    }

    @Test func rebuildsTheDayThatCompletesAWeek() async throws {
        // The new week's pages and its days' (which link it now) change, not every day page (each
        // of the 400 once linked the latest week, over a third of the files): under a fifth (367
        // of 2,072 when written: the films' people, the whole-site pages, the week that left).
        let summary = try await rebuildMatchesWholeBuild(Build(days: 400, until: "2024-02-10"), Build(days: 400, until: "2024-02-11"))
        #expect(summary.updatedInPlace && summary.written * 5 < summary.files,
                "\(summary.written) of \(summary.files) files written")
    }

    @Test func rebuildsAfterKOBISRevisesADay() async throws {
        // The day's figures change, so do the films' totals on their own pages, people and search.
        let revised = Build(edit: { request, body in
            guard request == .dailyChart(Day(iso: "2024-02-03")!) else { return body }
            return body.replacingOccurrences(of: #""audiCnt":"(\d+)""#, with: #""audiCnt":"1$1""#, options: .regularExpression)
        })
        let summary = try await rebuildMatchesWholeBuild(Build(), revised)
        #expect(summary.updatedInPlace && summary.written > 0)
    }

    /// A revised 한국영화 chart changes its own pages, the day's share line and tabs, the market
    /// page: the same files as a whole build, the rest left alone.
    @Test func rebuildsAfterKOBISRevisesAFilteredChart() async throws {
        let revised = Build(edit: { request, body in
            guard request == .dailyChart(Day(iso: "2024-02-03")!, scope: .korean) else { return body }
            return body.replacingOccurrences(of: #""audiCnt":"(\d+)""#, with: #""audiCnt":"1$1""#, options: .regularExpression)
        })
        let summary = try await rebuildMatchesWholeBuild(Build(), revised)
        #expect(summary.updatedInPlace && summary.written > 0 && summary.written < 40, "\(summary.written) written")
    }

    /// With the regions, the next morning in place is the whole build too: region pages, film
    /// pages' regional splits and all. (A site that keeps every day since its first gains one; a
    /// 30-day window that also drops one changes most pages of a site this small, which is staged.)
    @Test func rebuildsTheNextDayWithRegionsLikeAWholeBuild() async throws {
        let summary = try await rebuildMatchesWholeBuild(
            Build(days: 30, until: "2024-02-09", regions: true), Build(days: 31, until: "2024-02-10", regions: true))
        #expect(summary.updatedInPlace)
    }

    /// At 400 days the archive is a page per year: a new year adds pages and changes the years beside them.
    @Test func rebuildsAcrossANewYear() async throws {
        let summary = try await rebuildMatchesWholeBuild(Build(days: 400, until: "2023-12-31"), Build(days: 400, until: "2024-01-01"))
        #expect(summary.updatedInPlace)
    }

    /// A revised day that becomes the busiest changes the tint of every year's calendar and its
    /// year's records, though it is in one year.
    @Test func rebuildsEveryYearCalendarAfterANewBusiestDay() async throws {
        let revised = Build(days: 400, edit: { request, body in
            guard request == .dailyChart(Day(iso: "2023-06-03")!) else { return body }
            return body.replacingOccurrences(of: #""audiCnt":"(\d+)""#, with: #""audiCnt":"9$1""#, options: .regularExpression)
        })
        let summary = try await rebuildMatchesWholeBuild(Build(days: 400), revised)
        #expect(summary.updatedInPlace && summary.written > 0)
    }

    @Test func rebuildsAfterAFilmIsRetitled() async throws {
        // A film's title shows on every day it charted, its people's pages, weeks and search.
        let code = try DemoAPI().firstChartedCode(on: Day(iso: "2024-02-10")!)
        let retitled = Build(edit: { request, body in
            guard request == .movieInfo(code: code) else { return body }
            return body.replacingOccurrences(of: #""movieNm":"[^"]*""#, with: #""movieNm":"고친 제목""#, options: .regularExpression)
        })
        let summary = try await rebuildMatchesWholeBuild(Build(), retitled)
        #expect(summary.written > 0)
        // Of the distributors' pages, only those that list the film.
        let movie = try #require(try KOBISDecoder.movieInfo(try DemoAPI().response(.movieInfo(code: code)).body, code: code))
        let theirs = Set(movie.companies.filter { $0.part == "배급사" }.map { "distributor \($0.code)" })
        let again = (summary.rerendered ?? []).filter { $0.hasPrefix("distributor ") }
        #expect(!theirs.isEmpty && again == theirs, "\(again.sorted()) rendered again, \(theirs.sorted()) list the film")
    }

    @Test func rebuildsTheNextDayInPlaceWithTheEnglishEdition() async throws {
        let summary = try await rebuildMatchesWholeBuild(
            Build(days: 120, until: "2024-02-09", english: true), Build(days: 120, until: "2024-02-10", english: true))
        #expect(summary.updatedInPlace)
        #expect(summary.written > 0 && summary.written < summary.files / 3, "\(summary.written) of \(summary.files) written")
    }

    @Test func rebuildsTheEnglishPagesAfterAFilmsEnglishTitleChanges() async throws {
        // Only the English title: the Korean pages stay, every English page naming the film changes.
        let code = try DemoAPI().firstChartedCode(on: Day(iso: "2024-02-10")!)
        let retitled = Build(edit: { request, body in
            guard request == .movieInfo(code: code) else { return body }
            return body.replacingOccurrences(
                of: #""movieNmEn":"[^"]*""#, with: #""movieNmEn":"A New Name""#, options: .regularExpression)
        }, english: true)
        let summary = try await rebuildMatchesWholeBuild(Build(english: true), retitled)
        #expect(summary.updatedInPlace && summary.written > 0)
    }

    @Test func turningTheEnglishEditionOnAndOffIsLikeAWholeBuild() async throws {
        try await rebuildMatchesWholeBuild(Build(), Build(english: true))
        try await rebuildMatchesWholeBuild(Build(english: true), Build())
    }

    @Test func turningTheAppOnAndOffIsLikeAWholeBuild() async throws {
        // Every page's head links the manifest and the icon while the app is on.
        var off = Build(days: 30)
        off.app = false
        try await rebuildMatchesWholeBuild(Build(days: 30), off)
        try await rebuildMatchesWholeBuild(off, Build(days: 30))
    }

    @Test func rebuildsAfterNotesAreAddedEditedAndRemoved() async throws {
        let code = try DemoAPI().firstChartedCode(on: Day(iso: "2024-02-10")!)
        let first = Build(notes: ["date/2024-02-01.md": "첫 메모", "site.md": "사이트 메모"])
        let second = Build(notes: ["date/2024-02-01.md": "고친 메모", "date/2024-02-05.md": "새 메모", "movie/\(code).md": "영화 메모"])
        let summary = try await rebuildMatchesWholeBuild(first, second)
        #expect(summary.updatedInPlace)
        // Two days' pages, the film's page, and the home page (the site note).
        #expect(summary.written == 4, "\(summary.written) files written")
    }

    @Test func rebuildsAfterATemplateChanges() async throws {
        // day.mustache fills the layout's blocks (it has no </main>): the change goes after its last partial.
        let day = try String(contentsOf: SiteFixture.repo.appendingPathComponent("Templates/day.mustache"), encoding: .utf8)
        let changed = day.replacingOccurrences(of: "{{> partials/provenance}}", with: "{{> partials/provenance}}<p>바뀐 틀</p>")
        #expect(changed != day)
        let summary = try await rebuildMatchesWholeBuild(Build(days: 120), Build(days: 120, dayTemplate: changed))
        // Every day's list page and the home page.
        #expect(summary.written >= 121, "\(summary.written) files written")
    }

    @Test func rebuildsAShorterRangeDeletingThePagesThatLeft() async throws {
        let summary = try await rebuildMatchesWholeBuild(Build(days: 120), Build(days: 100))
        #expect(summary.deleted > 0)
    }

    /// A rebuild that died while replacing files leaves no manifest: the next build is a whole
    /// one and puts right whatever the dead one left.
    @Test func aSiteWithoutItsManifestIsBuiltWholeAgain() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let site = folder.appendingPathComponent("_site")
        try await build(Build(), into: site)
        let want = try SiteFixture.files(site)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("._site.sitegen-manifest"))
        try Data("half".utf8).write(to: site.appendingPathComponent("date/2024-02-03/index.html"))
        try Data("stray".utf8).write(to: site.appendingPathComponent("date/.sitegen-new-index.html"))
        let summary = try await build(Build(), into: site)
        #expect(!summary.updatedInPlace)
        #expect(try SiteFixture.files(site) == want)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("._site.sitegen-manifest").path))
    }

    /// The manifest names the folder it describes: a site put back from a copy is built whole.
    @Test func aReplacedOutputFolderIsBuiltWholeAgain() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let site = folder.appendingPathComponent("_site")
        try await build(Build(), into: site)
        let want = try SiteFixture.files(site)
        let copy = folder.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: site, to: copy)
        try FileManager.default.removeItem(at: site)
        try FileManager.default.moveItem(at: copy, to: site)
        try Data("edited by hand".utf8).write(to: site.appendingPathComponent("date/2024-02-03/index.html"))
        let summary = try await build(Build(), into: site)
        #expect(!summary.updatedInPlace)
        #expect(try SiteFixture.files(site) == want)
    }

    /// The demo's answers are known without asking, so a rebuild with the same inputs stops
    /// before fetching; any changed input (here a note) builds again.
    @Test func aDemoRebuildWithTheSameInputsFetchesNothing() async throws {
        final class Counter: @unchecked Sendable {
            private let lock = NSLock()
            private var n = 0
            func bump(_ by: Int) { lock.lock(); n += by; lock.unlock() }
            var count: Int { lock.lock(); defer { lock.unlock() }; return n }
        }
        struct CountingDemo: BoxOfficeSource {
            let base = DemoSource()
            let counter: Counter
            var kind: DataSourceKind { base.kind }
            var snapshotIdentity: String? { base.snapshotIdentity }
            func answer(_ plan: FetchPlan, jobs: Int, monitor: FetchMonitor) async throws -> FetchAnswers {
                counter.bump(plan.chartCount)
                return try await base.answer(plan, jobs: jobs, monitor: monitor)
            }
            func posterImage(url: String) async throws -> Data { try await base.posterImage(url: url) }
            func regions(monitor: FetchMonitor) async throws -> ([Region], [DataWarning]) {
                try await base.regions(monitor: monitor)
            }
            func filmList(years: [Int], jobs: Int, monitor: FetchMonitor) async throws -> ([ListedFilm], [DataWarning]) {
                try await base.filmList(years: years, jobs: jobs, monitor: monitor)
            }
        }
        let folder = try SiteFixture.temporaryFolder()
        let site = folder.appendingPathComponent("_site")
        let counter = Counter()
        let (firstLog, secondLog) = (SiteFixture.Log(), SiteFixture.Log())
        let first = try await SiteFixture.build(into: site, days: 30, source: CountingDemo(counter: counter), log: firstLog)
        let fetchedFirst = counter.count
        let files = try SiteFixture.files(site)
        let summary = try await SiteFixture.build(into: site, days: 30, source: CountingDemo(counter: counter), log: secondLog)
        #expect(fetchedFirst > 30 && counter.count == fetchedFirst, "the rebuild fetched \(counter.count - fetchedFirst) answers")
        #expect(summary.written == 0 && summary.files == first.files && summary.pages == first.pages && summary.movies == first.movies && summary.days == 30)
        #expect(try SiteFixture.files(site) == files)
        #expect(secondLog.lines.filter { !$0.hasPrefix("built") } == firstLog.lines.filter { !$0.hasPrefix("built") }, "the same notes")
        // A note is an input: the next build fetches and renders its day again.
        let notes = try SiteFixture.writeNotes(["date/2024-02-05.md": "메모"], in: folder)
        let third = try await SiteFixture.build(into: site, days: 30, notes: notes, source: CountingDemo(counter: counter))
        #expect(counter.count > fetchedFirst && third.updatedInPlace && third.written == 1)
        // Today is an input when the range reaches it: the same days a morning later list
        // other openings (「이미 개봉」), so that build is not "unchanged".
        let recent = folder.appendingPathComponent("recent")
        let today = Day(iso: "2024-02-11")!
        _ = try await SiteFixture.build(into: recent, days: 30, source: CountingDemo(counter: counter), today: today)
        let same = try await SiteFixture.build(into: recent, days: 30, source: CountingDemo(counter: counter), today: today)
        #expect(same.written == 0)
        let fetchedBefore = counter.count
        let later = try await SiteFixture.build(
            into: recent, days: 30, source: CountingDemo(counter: counter), today: today.adding(days: 1))
        #expect(counter.count > fetchedBefore && later.updatedInPlace && later.written >= 2, "\(later.written) written")
        #expect(try SiteFixture.text(recent, "openings/index.html").contains("2024년 2월 12일 (월) 기준"))
    }

    /// A Public file over a page the rebuild does not render again is refused as in a whole build,
    /// and the site stays as it was.
    @Test func aPublicFileOverAKeptPageIsRefusedInPlace() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let site = folder.appendingPathComponent("_site"), pub = folder.appendingPathComponent("P")
        try FileManager.default.copyItem(at: SiteFixture.repo.appendingPathComponent("Public"), to: pub)
        try await SiteFixture.build(into: site, days: 120, publicFolder: pub)
        let before = try SiteFixture.files(site)
        try FileManager.default.createDirectory(at: pub.appendingPathComponent("date/2024-01-15"), withIntermediateDirectories: true)
        try Data("<p>mine</p>".utf8).write(to: pub.appendingPathComponent("date/2024-01-15/index.html"))
        await #expect(throws: WriteError.self) { try await SiteFixture.build(into: site, days: 120, publicFolder: pub) }
        #expect(try SiteFixture.files(site) == before)
        // Taken away again, the next rebuild is in place and writes nothing.
        try FileManager.default.removeItem(at: pub.appendingPathComponent("date"))
        let again = try await SiteFixture.build(into: site, days: 120, publicFolder: pub)
        #expect(again.updatedInPlace && again.written == 0)
    }

    /// A Public file that becomes a folder of the same name (`about` → `about/index.html`), and
    /// back: the stale file or folder stands where the new one goes, so it must go first.
    @Test func rebuildsWhenAPublicFileBecomesAFolder() async throws {
        var files: [String: String] = [:]
        for name in ["favicon.svg", "search.js", "site.js", "style.css"] {
            files[name] = try String(contentsOf: SiteFixture.repo.appendingPathComponent("Public/\(name)"), encoding: .utf8)
        }
        var asFile = files, asFolder = files
        asFile["about"] = "소개"
        asFolder["about/index.html"] = "<p>소개</p>"
        asFolder["about/team/index.html"] = "<p>팀</p>"
        let summary = try await rebuildMatchesWholeBuild(Build(publicFiles: asFile), Build(publicFiles: asFolder))
        #expect(summary.updatedInPlace)
        let back = try await rebuildMatchesWholeBuild(Build(publicFiles: asFolder), Build(publicFiles: asFile))
        #expect(back.updatedInPlace)
    }

    /// `rm -rf _site/*` empties the site but leaves its `.sitegen` marker, folder and manifest: the
    /// next build, same inputs or not, must not trust the manifest's word for files that are gone.
    @Test func aSiteEmptiedByHandIsBuiltWholeAgain() async throws {
        let folder = try SiteFixture.temporaryFolder()
        // The demo's rebuild would stop before fetching; an edited source's updates in place.
        for (n, source) in [DemoSource() as any BoxOfficeSource, EditedDemoSource(edit: { $1 })].enumerated() {
            let site = folder.appendingPathComponent("\(n)/_site")
            try await SiteFixture.build(into: site, days: 30, source: source)
            let want = try SiteFixture.files(site)
            for name in try FileManager.default.contentsOfDirectory(atPath: site.path) where !name.hasPrefix(".") {
                try FileManager.default.removeItem(at: site.appendingPathComponent(name))
            }
            let summary = try await SiteFixture.build(into: site, days: 30, source: source)
            #expect(!summary.updatedInPlace)
            #expect(try SiteFixture.files(site) == want)
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A film only a weekly chart lists (no page, a drawn poster from the feeds job) arrives and leaves.
    @Test func rebuildsWhenAWeekOnlyFilmArrivesAndLeaves() async throws {
        let weekOnly = Build(edit: { request, body in
            guard request == .periodChart(.week, Day(iso: "2024-01-29")!), let r = body.range(of: #""rank":"10""#) else { return body }
            let row = body[r.lowerBound...].replacingOccurrences(of: #""movieCd":"\d+""#, with: #""movieCd":"99999901""#, options: .regularExpression)
                .replacingOccurrences(of: #""movieNm":"[^"]*""#, with: #""movieNm":"주간만 영화""#, options: .regularExpression)
            return String(body[..<r.lowerBound]) + row
        })
        #expect(try await rebuildMatchesWholeBuild(Build(), weekOnly).updatedInPlace)
        #expect(try await rebuildMatchesWholeBuild(weekOnly, Build()).updatedInPlace)
    }

    /// A hot-linked poster found for a film shows on every page that shows the film.
    @Test func rebuildsEveryPageShowingAFilmWhosePosterIsFound() async throws {
        let code = try DemoAPI().firstChartedCode(on: Day(iso: "2024-02-10")!)
        let info = String(decoding: try DemoAPI().response(.movieInfo(code: code)).body, as: UTF8.self)
        let title = try #require(info.firstMatch(of: /"movieNm":"([^"]*)"/)).output.1
        let found = Build(hotlinkPosters: true, edit: { request, body in
            guard case .posterSearch(let query) = request, query.hasPrefix(title) else { return body }
            return #"{"documents":[{"image_url":"https://img.example/p.jpg","width":500,"height":715}],"meta":{}}"#
        })
        let summary = try await rebuildMatchesWholeBuild(Build(hotlinkPosters: true), found)
        #expect(summary.updatedInPlace && summary.written > 10, "\(summary.written) files written")
    }

    @Test func aRebuildWithNothingChangedWritesNothing() async throws {
        let summary = try await rebuildMatchesWholeBuild(Build(), Build())
        #expect(summary.updatedInPlace && summary.written == 0 && summary.deleted == 0)
    }
}

extension DemoAPI {
    /// The code of the film ranked first on `day`, read from the chart itself.
    func firstChartedCode(on day: Day) throws -> String {
        let body = String(decoding: try response(.dailyChart(day)).body, as: UTF8.self)
        let match = try #require(body.firstMatch(of: /"movieCd":"(\d+)"/))
        return String(match.output.1)
    }
}
