import Foundation
import SitegenBasics
import SitegenModel

/// Credits in the real-sized world, as long as KOBIS's movie info gives them (docs/data.md):
/// one director (two for one film in twelve), from one actor to 96 (a Korean wide release lists
/// dozens, a small foreign release a few), two to fourteen companies, and for most Korean
/// releases past the smallest a staff list of 60 to 450 (the rest have none, as 7 of 9 real answers).
/// The first draw is the nation, the very draw `DemoCatalog.isKorean` makes.
enum DemoRealCredits {
    static func credits(_ film: DemoFilm) -> DemoCatalog.Credits {
        var r = SeededRandom(film.week, film.slot, 202)
        let korean = r.chance(DemoCatalog.koreanShare(slot: film.slot))
        let nation = korean ? "한국" : r.pick(DemoNames.foreignNations)
        var people = Names(korean: korean)
        let wide = film.opening >= 30_000
        let genres = film.isBlockbuster
            ? r.pick([["SF", "액션"], ["범죄", "액션"], ["사극", "드라마"], ["판타지", "어드벤처"]]) : r.pick(DemoNames.genreSets)
        let productionYear = film.isRerelease ? 1960 + r.int(46) : film.open.year - (r.chance(0.3) ? 1 : 0)
        var directors = (0..<(r.chance(0.08) ? 2 : 1)).map { _ in people.someone(&r) }
        let roles = ["형사", "검사", "선장", "기자", "엄마", "아빠", "의사", "교사"]
        var actors = (0..<actorCount(film, korean: korean, &r)).map { _ in
            (person: people.someone(&r), role: r.chance(0.3) ? r.pick(roles) : "")
        }
        // The people who work often, as in the small world (its own generator).
        var h = SeededRandom(film.week, film.slot, 303)
        if korean && !film.isRerelease {
            let era = film.week / 13
            if h.chance(0.45), let director = people.regular(era: era, kind: 0, h.int(6)) { directors[0] = director }
            if h.chance(0.5), !actors.isEmpty, let star = people.regular(era: era, kind: 1, h.int(10)) {
                actors[0].person = star
            }
        }
        let staffed = korean && film.opening >= 6_000 && r.chance(0.6)
        let staffCount = !staffed ? 0 : wide ? 200 + r.int(250) : 60 + r.int(190)
        let staffs = (0..<staffCount).map { _ in (person: people.someone(&r), role: r.pick(DemoRealNames.staffRoles)) }
        let companies = self.companies(korean: korean, wide: wide, &r)
        let audit = (
            year: max(productionYear, film.open.year - 1), serial: 1_000 + r.int(9_000), trailingSpace: r.chance(0.3)
        )
        let runtime = 80 + r.int(75)
        return DemoCatalog.Credits(
            film: film, title: DemoCatalog.title(film), runtime: runtime, productionYear: productionYear,
            nation: nation, genres: genres, directors: directors, actors: actors.map { ($0.person, $0.role) },
            showTypes: film.isBlockbuster ? [("2D", "디지털"), ("IMAX", "IMAX"), ("4D", "4D")] : [("2D", "디지털")],
            companies: companies, audit: audit, grade: r.pick(DemoNames.grades),
            staffs: staffs.map { ($0.person, $0.role) })
    }

    /// Lognormal around a median that grows with the release: KOBIS lists 36 and 96 actors for
    /// two Korean wide releases, 6 to 11 for foreign ones, 1 for a small foreign release.
    static func actorCount(_ film: DemoFilm, korean: Bool, _ r: inout SeededRandom) -> Int {
        if film.isRerelease { return 2 + r.int(5) }
        let (median, top): (Double, Double) =
            korean
            ? (film.opening >= 30_000 ? (28, 96) : film.opening >= 6_000 ? (12, 60) : (5, 30))
            : (film.opening >= 30_000 ? (10, 40) : film.opening >= 6_000 ? (6, 25) : (3, 15))
        // Box–Muller: a standard normal from two uniform draws.
        let normal = (-2 * log(1 - r.unit())).squareRoot() * cos(2 * Double.pi * r.unit())
        return Int(min(top, max(1, (median * exp(0.6 * normal)).rounded())))
    }

    /// A distributor (one of the small world's six majors for half the films, else one of 160
    /// smaller ones), a producer, and for a Korean wide release up to twelve more parts.
    static func companies(korean: Bool, wide: Bool, _ r: inout SeededRandom) -> [Company] {
        func minor() -> (code: String, name: String, en: String) {
            let stem = r.int(DemoRealNames.companyStems.count), k = r.int(DemoRealNames.companyKinds.count)
            let kind = DemoRealNames.companyKinds[k]
            return ("2098" + Day.pad(stem * 10 + k, 4), kind.prefix + DemoRealNames.companyStems[stem] + kind.suffix,
                    DemoRealNames.companyStemsEn[stem] + " " + kind.en)
        }
        let distributor = r.chance(0.5) ? r.pick(DemoNames.distributors) : minor()
        var producer = minor()
        if r.chance(0.3) { producer = r.pick(DemoNames.producers.map { ($0.code, $0.name, "") }) }
        var companies = [
            Company(code: distributor.code, name: distributor.name, englishName: distributor.en, part: "배급사"),
            Company(code: producer.code, name: producer.name, englishName: producer.en, part: "제작사"),
        ]
        let more = korean && wide ? 1 + r.int(12) : r.int(3)
        for _ in 0..<more {
            // As in real data, one company can be listed again under another part.
            let other = r.chance(0.2) ? distributor : minor()
            let part = r.pick(DemoRealNames.companyParts)
            companies.append(Company(code: other.code, name: other.name, englishName: other.en, part: part))
        }
        return companies
    }

    /// People drawn from the wide lists, each credited once per film.
    struct Names {
        let korean: Bool
        var used = Set<String>()

        mutating func someone(_ r: inout SeededRandom) -> (String, String) {
            for _ in 0..<20 {
                let candidate = person(&r)
                if used.insert(candidate.0).inserted { return candidate }
            }
            return person(&r)
        }

        func person(_ r: inout SeededRandom) -> (String, String) {
            if korean { return Self.korean(&r) }
            let a = r.pick(DemoRealNames.firstStarts), b = r.pick(DemoRealNames.firstEnds)
            let c = r.pick(DemoRealNames.lastStarts), d = r.pick(DemoRealNames.lastEnds)
            return (a.0 + b.0 + " " + c.0 + d.0, a.1 + b.1 + " " + c.1 + d.1)
        }

        static func korean(_ r: inout SeededRandom) -> (String, String) {
            let s = r.pick(DemoRealNames.surnames), a = r.int(DemoRealNames.syllables.count),
                b = r.pick(DemoRealNames.syllables)
            return (s.0 + DemoRealNames.syllables[a].0 + b.0, "\(s.1) \(DemoRealNames.capitalizedSyllables[a])-\(b.1)")
        }

        /// One of the quarter's regular directors (kind 0) or stars (kind 1), unless already credited.
        mutating func regular(era: Int, kind: Int, _ k: Int) -> (String, String)? {
            var g = SeededRandom(era, kind, k, 404)
            let person = Self.korean(&g)
            return used.insert(person.0).inserted ? person : nil
        }
    }
}
