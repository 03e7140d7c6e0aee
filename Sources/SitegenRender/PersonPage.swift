import SitegenBasics
import Foundation
import SitegenModel
import SitegenMustache

/// A director's or actor's films in the range built, with what they drew and a chart of them.
enum PersonPage {
    static func context(_ site: SiteModel, person: PersonRecord) -> TemplateValue {
        let route = Route.person(person.id)
        let films = person.credits.compactMap { credit in site.films[credit.code].map { (credit, $0) } }
            .sorted { ($0.1.date, $0.1.code) < ($1.1.date, $1.1.code) }
        let sum = films.reduce(Int64(0)) { $0 + $1.1.audienceTotal }
        let w = site.words
        let name = w.personName(person.name, english: person.englishName)
        let list: [TemplateValue] = films.map { credit, film in
            [
                "title": .text(site.title(of: film.code)), "titleLang": site.titleLang(of: film.code),
                "href": .text(site.path(.movie(film.code))),
                "role": .text(roleText(credit, w)),
                "year": film.openDate.map { .text("\($0.year)") },
                "date": .text(w.shortDate(film.date)),
                "dateLabel": .text(w(film.openDate == nil ? "firstCharted" : "opened")),
                "audienceTotal": .text(w.people(film.audienceTotal)),
                "audienceCompact": .text(w.people(film.audienceTotal, compact: true)),
                "asOf": .text(w.shortDate(film.asOf)),
                "bestRank": .text(w.bestRank(film.bestRank, on: film.rankScope)),
                "poster": site.posterContext(film.code),
            ]
        }
        let roles = roleLabel(person, w)
        // KOBIS's English name as an English reader writes it (「Yoon Jong-seok」, not 「YOON Jong-seok」).
        let subtitle = w.subtitle(
            korean: person.name, english: EnglishNames.person(Words.trimmed(person.englishName)), shown: name)
        let info: TemplateValue = [
            "id": .text(person.id),
            "name": .text(name), "nameLang": site.mark(w.person(person.name, english: person.englishName).isKorean),
            "englishName": subtitle.text, "subtitleLang": subtitle.lang,
            "roles": .text(roles),
            "filmCount": .text(w("filmsText", "\(films.count)")),
            "sumCompact": .text(w.people(sum, compact: true)),
            "sum": .text(w.people(sum)),
            "films": .list(list),
            // A chart of one or two bars says nothing the list beside it does not, and most people
            // have one or two films: leaving it out is a third of their pages' bytes.
            "chart": films.count < 3 ? nil : .text(
                PersonChart.html(
                    name: name, films: films.map(\.1), titles: films.map { site.title(of: $0.1.code) }, words: w)),
        ]
        let description =
            w("personDescription", name, roles, "\(films.count)", w.people(sum, compact: true))
            + (site.isDemo ? w("demoSuffix") : "")
        return site.base(route, title: name, description: description, kind: "person", content: ["person": info])
    }

    /// 「감독」, 「배우 · 형사 역」, 「감독 · 배우」.
    /// English leaves out the characters' names, which KOBIS gives in Korean only.
    static func roleText(_ credit: Credit, _ w: Words) -> String {
        var parts: [String] = []
        if credit.directed { parts.append(w("factDirector")) }
        if credit.acted { parts.append(w.actorCredit(credit.characters)) }
        return parts.joined(separator: " · ")
    }

    static func roleLabel(_ person: PersonRecord, _ w: Words) -> String {
        [person.directs ? w("factDirector") : nil, person.acts ? w("roleActor") : nil].compactMap { $0 }
            .joined(separator: " · ")
    }
}

/// A person's page and share card.
struct PersonJob: PageJob {
    let index: Int

    func id(_ site: SiteModel) -> String { "person \(site.people.people[index].id)" }

    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        let person = keys.site.people.people[index]
        f.add(person.id); f.add(person.name); f.add(person.englishName)
        f.add(person.credits.count)
        for credit in person.credits {
            f.add(credit.code); f.add(credit.directed); f.add(credit.acted); f.add(credit.characters)
            keys.addFacts(credit.code, to: &f)
            keys.addLook(credit.code, to: &f)
        }
        return true
    }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        let person = site.people.people[index]
        let (card, own) = try ShareCards.forPerson(site, person, templates)
        let context = TemplateValue.withCard(
            PersonPage.context(site, person: person), card, base: site.config.baseURL)
        let files = [try site.page(.person(person.id), "person", context, templates)]
        return (files + (own ? card.map { [$0.file] } ?? [] : []), 1)
    }
}
