import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenCLI
@testable import SitegenFetch
@testable import SitegenModel
@testable import SitegenRender

/// Who counts as one person: name plus English name, spaces aside.
@Suite struct PeopleIndexTests {
    static func dataset(_ credits: [String: (directors: [Person], actors: [Person])]) -> Dataset {
        var movies: [String: Movie] = [:]
        for (code, c) in credits { movies[code] = Movie(code: code, title: "영화 \(code)", directors: c.directors, actors: c.actors) }
        return Dataset(source: .demo, days: [], movies: movies, posters: [:])
    }

    @Test func samePeopleMergeAcrossFilmsAndNamesakesWithOtherEnglishNamesDoNot() {
        let data = Self.dataset([
            "1": ([Person(name: "김민서", englishName: "Kim Min-seo")], [Person(name: "이하윤", englishName: "Lee Ha-yoon", role: "형사")]),
            "2": ([Person(name: " 김민서", englishName: "KIM Min-seo ")], [Person(name: "이하윤", englishName: "Lee Ha-yoon")]),
            "3": ([Person(name: "김민서", englishName: "Kim Min-su")], [Person(name: "김민서", englishName: "Kim Min-seo", role: "본인")]),
        ])
        let index = PeopleIndex(data, codes: ["1", "2", "3"])
        // 이하윤 acts in two films; 김민서 (Kim Min-seo) directs; 김민서 (Kim Min-su) directs.
        #expect(index.people.count == 3)
        let kim = try! #require(index.person(index.id(of: Person(name: "김민서", englishName: "Kim Min-seo"))!))
        #expect(kim.credits.map(\.code) == ["1", "2", "3"])
        #expect(kim.credits.map(\.directed) == [true, true, false] && kim.credits[2].characters == ["본인"])
        let ko = Words(language: .ko, table: ["factDirector": "감독", "roleActor": "배우"])
        let en = Words(language: .en, table: ["factDirector": "Director", "roleActor": "Actor"])
        #expect(PersonPage.roleText(kim.credits[2], ko) == "배우 · 본인 역" && PersonPage.roleLabel(kim, ko) == "감독 · 배우")
        #expect(PersonPage.roleText(kim.credits[2], en) == "Actor" && PersonPage.roleLabel(kim, en) == "Director · Actor")
        let other = index.id(of: Person(name: "김민서", englishName: "Kim Min-su"))
        #expect(other != nil && other != kim.id, "a namesake with another English name is someone else")
        #expect(index.people.allSatisfy { $0.id.wholeMatch(of: /[0-9a-f]{10}/) != nil })
        #expect(PeopleIndex.hashID("a") != PeopleIndex.hashID("b") && PeopleIndex.hashID("a") == PeopleIndex.hashID("a"))
    }

    /// Two names whose 40-bit ids collide (found by search: both hash to 8c194fcf33) still get
    /// distinct ids, decided by their keys' order and not by which film came first, so a rebuild
    /// that meets them the other way round gives each the same page.
    /// A page for every director, and for an actor the film page shows (its first six) with two
    /// films or more; an actor of one film, or billed after the sixth in every film, is a name only.
    @Test func aPersonPageIsForDirectorsAndShownActorsWithTwoFilms() {
        let cast = (1...8).map { Person(name: "배우\($0)") }
        let others = (1...5).map { Person(name: "단역\($0)") }
        let data = Self.dataset([
            "1": ([Person(name: "감독1")], cast),
            // 배우8 again, seventh: shown in neither film.
            "2": ([], [cast[1]] + others + [cast[7]]),
        ])
        let index = PeopleIndex(data, codes: ["1", "2"])
        #expect(index.id(of: Person(name: "감독1")) != nil, "a director of one film")
        #expect(index.id(of: cast[1]) != nil, "shown in film 1 and credited in film 2")
        #expect(index.id(of: cast[0]) == nil, "one film only")
        #expect(index.id(of: cast[7]) == nil, "two films, but billed eighth in film 1: never shown")
        #expect(index.people.count == 2)
        #expect(index.person(index.id(of: cast[1])!)?.credits.map(\.code) == ["1", "2"])
    }

    /// A person's id is read off the print the index finds them by, not hashed again from the key
    /// string: the two must agree for every kind of name, or a morning would move pages.
    @Test func anIdReadOffAPrintIsTheKeysHashId() {
        let names = [("김민서", "Kim Min-seo"), ("김민서", "KIM MIN-SEO"), ("봉준호", ""), ("Zoë", "Zoë Kravitz"),
                     ("배우1215875", ""), ("이하윤", "Lee Ha-yoon (이하윤)"), ("A", "ÉMILE")]
        for (name, english) in names {
            let key = PeopleIndex.key(name: name, english: english)
            #expect(PeopleIndex.hexID(PeopleIndex.fingerprint(name: name, english: english)) == PeopleIndex.hashID(key),
                    "\(name) \(english)")
        }
        // The one-pass print is the print of the names as `clean` leaves them, clean or not.
        let people = names.map { Person(name: $0.0, englishName: $0.1) } + [
            Person(name: " 김민서", englishName: "KIM Min-seo "), Person(name: "김  민서", englishName: "Kim\tMin-seo"),
            Person(name: "봉준호", englishName: "BONG Joon-ho"), Person(name: "", englishName: ""),
        ]
        for person in people {
            let cleaned = PeopleIndex.fingerprint(
                name: PeopleIndex.clean(person.name), english: PeopleIndex.clean(person.englishName))
            #expect(PeopleIndex.print(of: person) == cleaned, "\(person)")
        }
    }

    @Test func namesWhoseIdsCollideGetDistinctStableIds() {
        let (a, b) = (Person(name: "배우1215875"), Person(name: "배우3000394"))
        #expect(PeopleIndex.hashID(PeopleIndex.key(name: a.name, english: "")) == "8c194fcf33")
        #expect(PeopleIndex.hashID(PeopleIndex.key(name: b.name, english: "")) == "8c194fcf33")
        for order in [["1", "2"], ["2", "1"]] {
            // Directors: each has a page with one film.
            let index = PeopleIndex(Self.dataset(["1": ([b], []), "2": ([a], [])]), codes: order)
            #expect(index.id(of: a) == "8c194fcf33" && index.id(of: b) == "8c194fcf33-2", "\(order)")
            #expect(index.suffixed == [PeopleIndex.key(name: b.name, english: "") + "\u{1F}8c194fcf33-2"])
            #expect(index.person("8c194fcf33-2")?.name == b.name)
        }
    }
}
