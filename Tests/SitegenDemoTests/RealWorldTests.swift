import Foundation
@testable import SitegenDecode
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import Testing

/// The real-sized world (docs/data.md, "The real-sized world"): KOBIS's number of charted films
/// and credits as long as KOBIS's, on top of the small world, which stays exactly as it was.
@Suite struct RealWorldTests {
    /// Every chart the site publishes, every day, week and weekend of 2004–2025, counted.
    @Test func realWorldChartsAboutNineThousandFilmsFrom2004To2025() async {
        var years: [DemoCensus.Year] = []
        for year in 2004...2025 { years.append(await DemoCensus.count(year: year, scale: .real)) }
        let charted = years.reduce(0) { $0 + $1.charted }, filterOnly = years.reduce(0) { $0 + $1.filterOnly }
        #expect((8_600...9_400).contains(charted), "\(charted) films charted in 2004–2025")
        // Fewer in the early years, more lately, about 410 a year on average.
        #expect(years.allSatisfy { (300...500).contains($0.charted) }, "\(years.map(\.charted))")
        #expect(years.prefix(3).reduce(0) { $0 + $1.charted } < years.suffix(3).reduce(0) { $0 + $1.charted })
        // The 다양성 chart's films mostly never reach the national top 10.
        let share = Double(filterOnly) / Double(charted)
        #expect(share > 0.4 && share < 0.55, "\(filterOnly) of \(charted) on a filter's chart only")
        #expect(years.allSatisfy { $0.diversity > 100 && $0.korean > 100 && $0.foreign > 100 })
    }

    /// The small world is the demo every test and the golden tree hold: its census is pinned,
    /// and the real world plays each of its films with the very same figures.
    @Test func smallWorldIsUnchangedAndInsideTheRealOne() async {
        let small = await DemoCensus.count(year: 2015, scale: .small)
        #expect(small == DemoCensus.Year(year: 2015, national: 138, korean: 109, foreign: 77, diversity: 78, filterOnly: 69))
        for week in stride(from: 200, to: 1400, by: 37) {
            let smallFilms = DemoWorld.films(inWeek: week), realFilms = DemoWorld.films(inWeek: week, scale: .real)
            #expect(realFilms.count > smallFilms.count, "week \(week) has extra films")
            for (a, b) in zip(smallFilms, realFilms) {
                #expect(a.code == b.code && a.open == b.open && a.opening == b.opening && a.runDays == b.runDays)
                #expect(a.isKorean == b.isKorean && a.isDiversity == b.isDiversity && a.previews == b.previews)
                #expect(DemoRun(a).audience == DemoRun(b).audience, "\(a.code)")
            }
        }
    }

    /// An extra film's code is no film in the small world, and is its own film in the real one.
    @Test func codesTellTheWorldsApart() {
        let week = DemoWorld.weekOf(Day(iso: "2024-05-01")!.ordinal)
        let extras = DemoWorld.films(inWeek: week, scale: .real).dropFirst(DemoWorld.filmCount(inWeek: week))
        #expect(!extras.isEmpty)
        for film in extras {
            #expect(DemoWorld.film(code: film.code) == nil, "\(film.code) is no small film")
            #expect(DemoWorld.film(code: film.code, scale: .real)?.opening == film.opening, "\(film.code)")
            #expect(DemoSource.movie(code: film.code) == nil)
        }
        // A slot past the week's extra films is no film in either world.
        let past = String(extras.last!.code.prefix(6)) + Day.pad(DemoRealWorld.slotCodes[extras.count], 2)
        #expect(DemoWorld.film(code: past, scale: .real) == nil, "\(past)")
    }

    /// The typed road (`DemoSource.movie`) and the JSON road (`movieInfoJSON`, staff included) agree.
    @Test func realMovieInfoEqualsTheDecodedJSON() throws {
        var checked = 0, staffed = 0
        for week in 1300..<1352 {
            for film in DemoWorld.films(inWeek: week, scale: .real) {
                let json = DemoSource.movieInfoJSON(film.code, scale: .real)
                let decoded = try KOBISDecoder.movieInfo(Data(json.utf8), code: film.code)
                #expect(DemoSource.movie(code: film.code, scale: .real) == decoded, "\(film.code)")
                if !json.contains(#""staffs":[]"#) { staffed += 1 }
                checked += 1
            }
        }
        #expect(checked > 400 && staffed > 5, "\(checked) films, \(staffed) with staff")
    }

    /// People, companies and staff per film as KOBIS's movie info gives them (docs/data.md).
    @Test func realCreditsAreAsLongAsKOBISs() {
        var actors: [Int] = [], directors: [Int] = [], companies: [Int] = [], staffs: [Int] = []
        var koreanWide: [Int] = [], foreign: [Int] = []
        for week in 1200..<1404 {
            for film in DemoWorld.films(inWeek: week, scale: .real) where !film.isRerelease {
                let c = DemoCatalog.credits(film)
                actors.append(c.actors.count); directors.append(c.directors.count)
                companies.append(c.companies.count); staffs.append(c.staffs.count)
                if c.nation == "한국" && film.opening >= 30_000 { koreanWide.append(c.actors.count) }
                if c.nation != "한국" { foreign.append(c.actors.count) }
                #expect(Set(c.actors.map(\.0.0)).count == c.actors.count, "each actor once in \(film.code)")
            }
        }
        func median(_ a: [Int]) -> Int { a.sorted()[a.count / 2] }
        let mean = Double(actors.reduce(0, +)) / Double(actors.count)
        #expect(actors.min() == 1 && actors.max()! <= 96 && (8...20).contains(Int(mean)), "mean \(mean)")
        #expect((20...40).contains(median(koreanWide)) && (3...8).contains(median(foreign)))
        #expect(directors.allSatisfy { (1...2).contains($0) } && directors.contains(2))
        #expect(companies.min()! >= 2 && companies.max()! >= 12 && companies.max()! <= 14)
        // Most films list no staff; those that do list hundreds.
        let staffed = staffs.filter { $0 > 0 }
        #expect(staffed.allSatisfy { (60..<450).contains($0) })
        #expect(staffed.count * 20 > staffs.count && staffed.count * 4 < staffs.count, "\(staffed.count) of \(staffs.count)")
    }

    /// Titles are what image search is asked for, so each film's poster follows from its title.
    @Test func realWorldTitlesAreDistinct() {
        let films = (DemoWorld.weekOf(Day(iso: "2003-12-01")!.ordinal)...DemoWorld.weekOf(Day(iso: "2026-01-31")!.ordinal))
            .flatMap { DemoWorld.films(inWeek: $0, scale: .real) }
        let titles = Set(films.map { DemoCatalog.title($0).ko })
        #expect(films.count > 10_000)
        #expect(titles.count == films.count, "\(films.count - titles.count) titles repeat")
    }

    /// A rebuild of one world never takes the other's site for unchanged.
    @Test func theSnapshotNamesTheWorld() {
        #expect(DemoSource().snapshotIdentity == "demo" && DemoSource(scale: .real).snapshotIdentity == "demo real")
    }
}
