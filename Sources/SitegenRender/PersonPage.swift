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
        let list: [TemplateValue] = films.map { credit, film in
            [
                "title": .text(film.title),
                "href": .text(site.path(.movie(film.code))),
                "role": .text(roleText(credit)),
                "year": film.openDate.map { .text("\($0.year)") },
                "date": .text(KoreanFormat.shortDate(film.date)),
                "dateLabel": .text(film.openDate == nil ? "첫 집계" : "개봉"),
                "audienceTotal": .text(KoreanFormat.people(film.audienceTotal)),
                "audienceCompact": .text(KoreanFormat.people(film.audienceTotal, compact: true)),
                "asOf": .text(KoreanFormat.shortDate(film.asOf)),
                "bestRank": .text("\(film.bestRank)위"),
                "poster": site.posterContext(film.code),
            ]
        }
        let roles = roleLabel(person)
        let info: TemplateValue = [
            "id": .text(person.id),
            "name": .text(person.name),
            "englishName": person.englishName.isEmpty ? nil : .text(person.englishName),
            "roles": .text(roles),
            "filmCount": .text("\(films.count)편"),
            "sumCompact": .text(KoreanFormat.people(sum, compact: true)),
            "sum": .text(KoreanFormat.people(sum)),
            "films": .list(list),
            "chart": .text(PersonChart.html(name: person.name, films: films.map(\.1))),
        ]
        let description =
            "\(person.name) (\(roles)): 이 사이트 자료 속 영화 \(films.count)편, 관객 합계 \(KoreanFormat.people(sum, compact: true))"
            + (site.isDemo ? " · 데모 데이터" : "")
        return site.base(route, title: person.name, description: description, kind: "person", content: ["person": info])
    }

    /// 「감독」, 「배우 · 형사 역」, 「감독 · 배우」.
    static func roleText(_ credit: Credit) -> String {
        var parts: [String] = []
        if credit.directed { parts.append("감독") }
        if credit.acted {
            parts.append(
                credit.characters.isEmpty ? "배우" : "배우 · " + credit.characters.map { "\($0) 역" }.joined(separator: ", ")
            )
        }
        return parts.joined(separator: " · ")
    }

    static func roleLabel(_ person: PersonRecord) -> String {
        [person.directs ? "감독" : nil, person.acts ? "배우" : nil].compactMap { $0 }.joined(separator: " · ")
    }
}
