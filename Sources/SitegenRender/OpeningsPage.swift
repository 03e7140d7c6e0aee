import SitegenBasics
import Foundation
import SitegenModel
import SitegenMustache

/// `openings/`: the films opening this week and next as KOBIS's film list dates them, by day,
/// each linked to its page once it has charted. Features only: KOBIS lists short and adult films
/// by the dozen each week, which is not what a reader checking this weekend's openings looks for;
/// the page says how many it leaves out.
enum OpeningsPage {
    static let adultGenre = "성인물(에로)"
    static let featureTypes: Set<String> = ["", "장편", "옴니버스"]

    static func isShown(_ film: ListedFilm) -> Bool {
        featureTypes.contains(film.type) && !film.genres.contains(adultGenre)
    }

    static func shown(_ openings: Openings) -> [ListedFilm] { openings.films.filter(isShown) }

    /// The two weeks: this one from its Monday, and the next.
    static func weeks(_ openings: Openings) -> [ClosedRange<Day>] {
        let window = Openings.window(openings.asOf)
        let monday = window.lowerBound
        return [monday...monday.adding(days: 6), monday.adding(days: 7)...window.upperBound]
    }

    /// The films shown, by week: this week's, then next week's.
    static func byWeek(_ openings: Openings) -> [(range: ClosedRange<Day>, films: [ListedFilm])] {
        let films = shown(openings)
        return weeks(openings).map { range in (range, films.filter { range.contains($0.openDate!) }) }
    }

    static func context(_ site: SiteModel, _ openings: Openings) -> TemplateValue {
        let route = Route.openings
        let w = site.words
        let weeks: [TemplateValue] = zip(byWeek(openings), ["openingsThisWeek", "openingsNextWeek"]).map { week, key in
            let (range, inWeek) = week
            let days = Dictionary(grouping: inWeek, by: { $0.openDate! }).keys.sorted().map { date -> TemplateValue in
                [
                    "date": .text(w.monthDayWeekday(date)),
                    "iso": .text(date.iso),
                    "opened": .bool(date < openings.asOf),
                    "films": .list(inWeek.filter { $0.openDate == date }.map { film(site, $0, from: route) }),
                ]
            }
            return [
                "id": .text(key == "openingsThisWeek" ? "this-week" : "next-week"),
                "heading": .text(w(key)),
                "range": .text(w.daySpan(range)),
                "count": .text(w(inWeek.count == 1 ? "filmsTextOne" : "filmsText", "\(inWeek.count)")),
                "days": .list(days),
                "empty": .bool(days.isEmpty),
            ]
        }
        let leftOut = openings.films.count - shown(openings).count
        return site.base(
            route, title: w("openingsTitle"), description: w("openingsDescription"), kind: "openings",
            content: [
                "openings": [
                    "asOf": .text(w.longDate(openings.asOf)),
                    "weeks": .list(weeks),
                    "leftOut": leftOut > 0 ? .text(w("openingsLeftOut", "\(leftOut)")) : nil,
                ],
            ])
    }

    static func film(_ site: SiteModel, _ film: ListedFilm, from route: Route) -> TemplateValue {
        let w = site.words
        let charted = site.hasPage(film.code)
        // Named by the rule every page names a film by (the charts' title once it has a page).
        let name = charted ? site.name(of: film.code) : site.filmName(film.code, korean: film.title)
        let details = site.dataset.movies[film.code]
        let directors: [TemplateValue] = film.directors.enumerated().map { i, korean in
            let english = details?.directors.first { $0.name == korean }?.englishName ?? ""
            let person = w.person(korean, english: english)
            return [
                "name": .text(person.text), "lang": site.mark(person.isKorean),
                "sep": i + 1 < film.directors.count ? .text(", ") : nil,
            ]
        }
        let facts = [w.terms(film.nations, w.nation), w.terms(film.genres, w.genre)].filter { !$0.isEmpty }
        return [
            "title": .text(name.text),
            "titleLang": site.mark(name.isKorean),
            "href": charted ? .text(site.href(.movie(film.code), from: route)) : nil,
            "facts": facts.isEmpty ? nil : .text(facts.joined(separator: " · ")),
            "directors": .list(directors),
            "hasDirectors": .bool(!directors.isEmpty),
        ]
    }

    /// The home page's line: this week's and next week's counts, linked.
    static func teaser(_ site: SiteModel, from route: Route) -> TemplateValue {
        guard let openings = site.dataset.openings else { return .null }
        let counts = byWeek(openings).map(\.films.count)
        return [
            "href": .text(site.href(.openings, from: route)),
            "text": .text(site.words("openingsTeaser", "\(counts[0])", "\(counts[1])")),
        ]
    }
}

/// This week's and next week's openings.
struct OpeningsJob: PageJob {
    func id(_ site: SiteModel) -> String { "openings" }

    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        let site = keys.site
        guard let openings = site.dataset.openings else { return false }
        f.add(openings.asOf)
        f.add(openings.films.count)
        for film in openings.films {
            f.add(film)
            let charted = site.hasPage(film.code)
            f.add(charted)
            // A charted film is named as its page names it, with its details' English names.
            if charted { keys.addLook(film.code, to: &f); keys.addFacts(film.code, to: &f) }
            f.add(site.dataset.movies[film.code])
        }
        return true
    }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        ([try site.page(.openings, "openings", OpeningsPage.context(site, site.dataset.openings!), templates)], 1)
    }
}
