import Foundation
import SitegenBasics
import SitegenModel

/// The model's values in a page's fingerprint (`PageKeys`).
extension Fingerprint {
    mutating func add(_ day: Day) { add(day.ordinal) }
    mutating func add(_ day: Day?) { if let day { byte(1); add(day) } else { byte(0) } }
    /// Every stored field of the model types below. `FingerprintTests` counts each type's fields
    /// with Mirror, so a field added to the model without being added here fails a test instead
    /// of leaving pages stale.
    mutating func add(_ e: ChartEntry) {
        add(e.rank); add(e.rankChange); add(e.status.rawValue); add(e.movieCode); add(e.title); add(e.rawTitle)
        add(e.openDate); add(e.sales); add(e.salesShare); add(e.salesChange); add(e.salesChangeRate); add(e.salesTotal)
        add(e.audience); add(e.audienceChange); add(e.audienceChangeRate); add(e.audienceTotal); add(e.screens);
        add(e.showings)
    }

    /// Each row read in place: `forEach` handed the closure a copy of each (two texts retained and
    /// released), for the 400,000 rows a morning's prints read.
    mutating func addEach(_ entries: [ChartEntry]) {
        for i in entries.indices { add(entries[i]) }
    }

    mutating func add(_ chart: DayChart) {
        add(chart.date); add(chart.entries.count); addEach(chart.entries); add(chart.fetchedAt);
        add(chart.rejectedRows)
    }

    mutating func add(_ chart: PeriodChart) {
        add(chart.kind.rawValue); add(chart.start); add(chart.entries.count); addEach(chart.entries);
        add(chart.fetchedAt)
    }

    mutating func add(_ person: Person) { add(person.name); add(person.englishName); add(person.role) }
    mutating func add(_ company: Company) {
        add(company.code); add(company.name); add(company.englishName); add(company.part)
    }

    mutating func add(_ movie: Movie?) {
        guard let m = movie else { byte(0); return }
        byte(1)
        add(m.code); add(m.title); add(m.englishTitle); add(m.originalTitle); add(m.runtimeMinutes);
        add(m.productionYear)
        add(m.openDate); add(m.productionStatus); add(m.type); add(m.nations); add(m.genres)
        add(m.directors.count); for i in m.directors.indices { add(m.directors[i]) }
        add(m.actors.count); for i in m.actors.indices { add(m.actors[i]) }
        add(m.showTypes); add(m.companies.count); for i in m.companies.indices { add(m.companies[i]) }
        add(m.watchGrades)
    }

    mutating func add(_ film: ListedFilm) {
        add(film.code); add(film.title); add(film.englishTitle); add(film.productionYear); add(film.openDate)
        add(film.status); add(film.type); add(film.nations); add(film.genres); add(film.directors); add(film.companies)
    }

    mutating func add(_ poster: Poster?) {
        guard let p = poster else { byte(0); return }
        byte(1); add(p.url); add(p.width); add(p.height)
    }

    /// A served copy is named by its bytes, so its path stands for them.
    mutating func add(_ poster: SizedPoster?) {
        guard let p = poster else { byte(0); return }
        byte(1)
        for list in [p.card, p.page] {
            add(list.count)
            for f in list { add(f.path); add(f.width); add(f.height) }
        }
    }

}
