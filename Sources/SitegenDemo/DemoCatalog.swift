import Foundation
import SitegenBasics
import SitegenModel

/// The invented credits of a demo film: titles, people, companies, rating, runtime.
enum DemoCatalog {
    /// Consecutive films get distinct titles for 4,000 releases (about twelve years of the demo
    /// market; the small world's suffixes repeat, so fewer titles are distinct there). In the
    /// real-sized world every suffix is another, and a later round of the same titles is told
    /// apart by a word (「리턴즈」): no two of its films share a title, so none shares the
    /// poster image search finds by it.
    static func title(_ film: DemoFilm) -> (ko: String, en: String) {
        if film.slot >= DemoRealWorld.firstSlot { return extraTitle(film) }
        let order = film.week * 6 + film.slot
        let sequence = (order % 4000 + 4000) % 4000
        let n = (sequence * 1597 + 733) % 4000
        let real = film.scale != .small
        let head = n % 20, tail = (n / 20) % 20
        let suffix = (real ? DemoRealNames.titleSuffixes : DemoNames.titleSuffixes)[(n / 400) % 10]
        let round = real ? DemoRealNames.round(order, of: 4000) : ("", "")
        return (DemoNames.titleHeads[head] + " " + DemoNames.titleTails[tail] + round.0 + suffix.ko,
                DemoNames.titleHeadsEn[head] + " " + DemoNames.titleTailsEn[tail] + round.1 + suffix.en)
    }

    /// A real-sized world's extra film, in words of their own: distinct for 6,250 consecutive
    /// extra films (twelve years at up to ten a week), then told apart by a round's word.
    static func extraTitle(_ film: DemoFilm) -> (ko: String, en: String) {
        let count = 25 * 25 * 10
        let order = film.week * 10 + film.slot - DemoRealWorld.firstSlot
        let n = ((order % count + count) % count * 2311 + 97) % count
        let head = DemoRealNames.titleHeads[n % 25], tail = DemoRealNames.titleTails[(n / 25) % 25]
        let suffix = DemoRealNames.titleSuffixes[(n / 625) % 10], round = DemoRealNames.round(order, of: count)
        return (head.ko + " " + tail.ko + round.0 + suffix.ko, head.en + " " + tail.en + round.1 + suffix.en)
    }

    /// A film's movie info as KOBIS's fields hold it: `movieInfoJSON` writes it, `movie(_:)`
    /// reads it as the decoder would, so both come from one sequence of random draws.
    struct Credits {
        let film: DemoFilm
        let title: (ko: String, en: String)
        let runtime: Int, productionYear: Int
        let nation: String
        let genres: [String]
        let directors: [(String, String)]
        let actors: [(person: (String, String), role: String)]
        let showTypes: [(group: String, name: String)]
        let companies: [Company]
        let audit: (year: Int, serial: Int, trailingSpace: Bool)
        let grade: String
        /// The real-sized world's: the small world's films list none.
        var staffs: [(person: (String, String), role: String)] = []
        var movieNm: String { title.ko + (film.trailingSpaceInTitle ? " " : "") }
    }

    static let koreanShare = 0.65

    /// The small world's films are mostly Korean; the real world's extra ones mostly foreign.
    static func koreanShare(slot: Int) -> Double {
        slot >= DemoRealWorld.firstSlot ? DemoRealWorld.koreanShare : koreanShare
    }

    /// The first draw of `credits`, made alone: the chart filters ask it of every film every day.
    static func isKorean(week: Int, slot: Int) -> Bool {
        var r = SeededRandom(week, slot, 202)
        return r.chance(koreanShare(slot: slot))
    }

    static func credits(_ film: DemoFilm) -> Credits {
        if film.scale == .real { return DemoRealCredits.credits(film) }
        var r = SeededRandom(film.week, film.slot, 202)
        let korean = r.chance(koreanShare)
        let nation = korean ? "한국" : r.pick(DemoNames.foreignNations)
        func person() -> (String, String) {
            if korean {
                let s = r.pick(DemoNames.surnames), a = r.int(DemoNames.syllables.count),
                    b = r.pick(DemoNames.syllables)
                return (s.0 + DemoNames.syllables[a].0 + b.0, "\(s.1) \(DemoNames.capitalizedSyllables[a])-\(b.1)")
            }
            let f = r.pick(DemoNames.westernFirst), l = r.pick(DemoNames.westernLast)
            return (f.0 + " " + l.0, f.1 + " " + l.1)
        }
        let genres = film.isBlockbuster ? r.pick([["SF", "액션"], ["범죄", "액션"], ["사극", "드라마"], ["판타지", "어드벤처"]])
                                        : r.pick(DemoNames.genreSets)
        let prdtYear = film.isRerelease ? 1960 + r.int(46) : film.open.year - (r.chance(0.3) ? 1 : 0)
        // Credits name each person once, as real ones do.
        var used = Set<String>()
        func someone() -> (String, String) {
            for _ in 0..<20 {
                let candidate = person()
                if used.insert(candidate.0).inserted { return candidate }
            }
            return person()
        }
        var directors = (0..<(r.chance(0.12) ? 2 : 1)).map { _ in someone() }
        let roles = ["형사", "검사", "선장", "기자", "엄마", "아빠", "의사", "교사"]
        var actors = (0..<(film.isRerelease ? 3 : 4 + r.int(9))).map { _ in
            (someone(), r.chance(0.3) ? r.pick(roles) : "")
        }
        // Real markets have people who work often; a separate generator keeps every other draw as it was.
        var h = SeededRandom(film.week, film.slot, 303)
        if korean && !film.isRerelease {
            let director = regular(era: film.week / 13, kind: 0, h.int(3))
            if h.chance(0.45) && !directors.contains(where: { $0.0 == director.0 })
                && !actors.contains(where: { $0.0.0 == director.0 })
            {
                directors[0] = director
            }
            if h.chance(0.5) {
                let star = regular(era: film.week / 13, kind: 1, h.int(4))
                if !directors.contains(where: { $0.0 == star.0 }) && !actors.contains(where: { $0.0.0 == star.0 }) {
                    actors[0].0 = star
                }
            }
        }
        let distributor = r.pick(DemoNames.distributors)
        let producer = r.pick(DemoNames.producers)
        var companies = [
            Company(code: distributor.code, name: distributor.name, englishName: distributor.en, part: "배급사"),
            Company(code: producer.code, name: producer.name, englishName: "", part: "제작사"),
        ]
        // As in real data, one company can be listed again under another part.
        if r.chance(0.2) {
            companies.append(
                Company(code: distributor.code, name: distributor.name, englishName: distributor.en, part: "제공"))
        }
        var showTypes = [("2D", "디지털")]
        if film.isBlockbuster { showTypes += [("IMAX", "IMAX"), ("4D", "4D")] }
        // Only the JSON shows the audit number: drawn here, written there.
        let audit = (
            year: max(prdtYear, film.open.year - 1), serial: 1_000 + r.int(9_000), trailingSpace: r.chance(0.3)
        )
        // Drawn in the order the JSON used to write them: the runtime, then the rating last.
        let runtime = 88 + r.int(65)
        return Credits(
            film: film, title: title(film), runtime: runtime, productionYear: prdtYear, nation: nation, genres: genres,
            directors: directors, actors: actors.map { ($0.0, $0.1) }, showTypes: showTypes.map { ($0.0, $0.1) },
            companies: companies, audit: audit, grade: r.pick(DemoNames.grades))
    }

    static func movieInfo(_ film: DemoFilm) -> JSONWriter.Value {
        let c = credits(film)
        let auditNo = String(format: "%04d-MF%05d", c.audit.year, c.audit.serial) + (c.audit.trailingSpace ? " " : "")
        return .object([
            ("movieCd", .string(film.code)),
            ("movieNm", .string(c.movieNm)),
            ("movieNmEn", .string(c.title.en)),
            ("movieNmOg", .string("")),
            ("showTm", .string(String(c.runtime))),
            ("prdtYear", .string(String(c.productionYear))),
            ("openDt", .string(film.isRerelease ? "" : film.open.compact)),
            ("prdtStatNm", .string("개봉")),
            ("typeNm", .string("장편")),
            ("nations", .array([.object([("nationNm", .string(c.nation))])])),
            ("genres", .array(c.genres.map { .object([("genreNm", .string($0))]) })),
            (
                "directors",
                .array(c.directors.map { .object([("peopleNm", .string($0.0)), ("peopleNmEn", .string($0.1))]) })
            ),
            (
                "actors",
                .array(
                    c.actors.map { actor, role in
                        .object([
                            ("peopleNm", .string(actor.0)), ("peopleNmEn", .string(actor.1)), ("cast", .string(role)),
                            ("castEn", .string(""))
                        ])
                    })
            ),
            (
                "showTypes",
                .array(
                    c.showTypes.map {
                        .object([("showTypeGroupNm", .string($0.group)), ("showTypeNm", .string($0.name))])
                    })
            ),
            (
                "companys",
                .array(
                    c.companies.map {
                        .object([
                            ("companyCd", .string($0.code)), ("companyNm", .string($0.name)),
                            ("companyNmEn", .string($0.englishName)),
                            ("companyPartNm", .string($0.part))
                        ])
                    })
            ),
            ("audits", .array([.object([("auditNo", .string(auditNo)), ("watchGradeNm", .string(c.grade))])])),
            (
                "staffs",
                .array(
                    c.staffs.map {
                        .object([
                            ("peopleNm", .string($0.person.0)), ("peopleNmEn", .string($0.person.1)),
                            ("staffRoleNm", .string($0.role)),
                        ])
                    })
            ),
        ])
    }

    /// One of the few directors (kind 0) or stars (kind 1) of a quarter: the same people return
    /// film after film, so a person page has several films to add up.
    static func regular(era: Int, kind: Int, _ k: Int) -> (String, String) {
        var r = SeededRandom(era, kind, k, 404)
        let s = r.pick(DemoNames.surnames), a = r.int(DemoNames.syllables.count), b = r.pick(DemoNames.syllables)
        return (s.0 + DemoNames.syllables[a].0 + b.0, "\(s.1) \(DemoNames.capitalizedSyllables[a])-\(b.1)")
    }
}
