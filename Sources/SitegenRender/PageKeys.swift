import Foundation
import SitegenBasics
import SitegenModel

/// A page of the site and a fingerprint of everything it is made from: equal keys mean equal
/// files, so a rebuild renders only pages whose key changed. `key` nil means "always render"
/// (pages built from the whole site: archive, search, records, feeds).
public struct PageKey: Sendable, Equatable {
    public let id: String
    public let key: UInt64?
}

/// Each page kind's key lists what its context builder reads (DayPage, MoviePage, PersonPage,
/// PeriodPage and the data/CSV files beside them). Keep the two in step: a value read by a page
/// but missing here leaves that page stale after a rebuild. `IncrementalBuildTests` rebuilds
/// after each kind of change and compares every byte with a full build.
struct PageKeys {
    let site: SiteModel
    /// What every page shares: templates, settings, assets, the source, the site's shape.
    let global: Fingerprint

    init(_ site: SiteModel, templates: Templates) {
        self.site = site
        var g = Fingerprint("site")
        g.add(templates.fingerprint)
        if templates.stampsBuildTime { g.add(site.buildTime) }
        let s = site.settings
        g.add(s.title); g.add(s.baseURL?.absoluteString)
        g.add(s.assets.style); g.add(s.assets.siteScript); g.add(s.assets.searchScript); g.add(s.assets.favicon); g.add(s.assets.styleText)
        g.add(site.dataset.source.rawValue); g.add(site.dataset.postersServedFromSite)
        g.add(site.days.isEmpty); g.add(ArchivePage.isSplit(site))
        global = g
    }

    func key(_ job: SiteRenderer.Job) -> PageKey {
        PageKey(id: job.id(site), key: fingerprint(job)?.value)
    }

    private func fingerprint(_ job: SiteRenderer.Job) -> Fingerprint? {
        var f = global
        f.add(job.id(site))
        switch job {
        case .home, .homeGrid:
            guard let last = site.days.indices.last else { return nil }
            addDay(last, to: &f)
            f.add(site.notes.site)
        case .day(let i):
            addDay(i, to: &f)
        case .movie(let code):
            addMovie(code, to: &f)
        case .person(let i):
            let person = site.people.people[i]
            f.add(person.id); f.add(person.name); f.add(person.englishName)
            f.add(person.credits.count)
            for credit in person.credits {
                f.add(credit.code); f.add(credit.directed); f.add(credit.acted); f.add(credit.characters)
                addFacts(credit.code, to: &f)
                addLook(credit.code, to: &f)
            }
        case .period(let kind, let i):
            let charts = site.periods[kind] ?? []
            let chart = charts[i]
            f.add(chart)
            f.add(i > 0 ? charts[i - 1].start : nil)
            f.add(i + 1 < charts.count ? charts[i + 1].start : nil)
            let (otherKind, otherStart) = PeriodPage.counterpart(chart)
            f.add(site.periodIndex[otherKind]?[otherStart] != nil)
            for d in chart.days { f.add(site.dayIndex[d] != nil) }
            for e in chart.entries {
                addLook(e.movieCode, to: &f)
                f.add(site.history[e.movieCode] != nil)
            }
        case .notFound:
            break
        case .posters:
            // Their paths name their bytes.
            var p = Fingerprint("posters")
            for copy in site.posterCopies { p.add(copy.path) }
            return p
        case .search:
            addSearch(to: &f)
        case .archive, .archiveYear, .years, .year, .records, .feeds:
            return nil
        }
        return f
    }

    /// A day's list, grid, data and CSV: its chart, its neighbours, its films' titles and
    /// posters, its note and the week and weekend it belongs to.
    private func addDay(_ i: Int, to f: inout Fingerprint) {
        let chart = site.days[i]
        f.add(chart)
        f.add(i > 0 ? site.days[i - 1].date : nil)
        f.add(i + 1 < site.days.count ? site.days[i + 1].date : nil)
        for e in chart.entries { addLook(e.movieCode, to: &f) }
        f.add(site.notes.days[chart.date])
        let monday = PeriodKind.week.start(containing: chart.date)
        f.add(monday.map { site.periodIndex[.week]?[$0] != nil } ?? false)
        f.add(monday.map { site.periodIndex[.weekend]?[$0.adding(days: 4)] != nil } ?? false)
        // Every day page links the latest week and weekend too.
        f.add(site.periods[.week]?.last?.start); f.add(site.periods[.weekend]?.last?.start)
    }

    /// A film page and its data, CSV and drawn poster: its rows, the days its run spans, its
    /// details, credits (by person page), facts and note.
    private func addMovie(_ code: String, to f: inout Fingerprint) {
        let rows = site.history[code] ?? []
        f.add(rows.count)
        for row in rows { f.add(row.date); f.add(row.entry) }
        if let first = rows.first, let last = rows.last, let a = site.dayIndex[first.date], let b = site.dayIndex[last.date] {
            f.add(b - a)
            for d in site.days[a...b] { f.add(d.date) }
            f.add(last.date == site.days.last?.date)
        }
        let movie = site.dataset.movies[code]
        f.add(movie)
        for person in (movie?.directors ?? []) + (movie?.actors.prefix(MoviePage.actorsShown) ?? []) { f.add(site.people.id(of: person)) }
        f.add(site.dataset.posters[code])
        addFacts(code, to: &f)
        addLook(code, to: &f)
        f.add(site.notes.movies[code])
    }

    /// The search page and index: the range of days, every film's facts and thumbnail, every person.
    private func addSearch(to f: inout Fingerprint) {
        f.add(site.days.count); f.add(site.days.first?.date); f.add(site.days.last?.date)
        if let first = site.days.first?.date, let last = site.days.last?.date, site.days.count != last.ordinal - first.ordinal + 1 {
            for d in site.days { f.add(d.date) }
        }
        for code in site.movieCodes {
            addFacts(code, to: &f)
            f.add(site.posterThumbnail(code))
        }
        f.add(site.people.people.count)
        for person in site.people.people {
            f.add(person.id); f.add(person.name); f.add(person.englishName)
            f.add(person.credits.count)
            for credit in person.credits { f.add(credit.code); f.add(credit.directed); f.add(credit.acted) }
        }
    }

    /// What a film shows wherever it appears: its title and its poster (served or hot-linked).
    private func addLook(_ code: String, to f: inout Fingerprint) {
        f.add(site.title(of: code))
        f.add(site.dataset.sizedPosters[code])
        f.add(site.dataset.posters[code])
    }

    private func addFacts(_ code: String, to f: inout Fingerprint) {
        guard let facts = site.films[code] else { f.byte(0); return }
        f.byte(1)
        f.add(facts.title); f.add(facts.englishTitle); f.add(facts.originalTitle); f.add(facts.openDate); f.add(facts.date)
        f.add(facts.audienceTotal); f.add(facts.asOf); f.add(facts.bestRank)
    }
}

extension SiteRenderer.Job {
    /// Stable across builds (dates and codes, never positions): the previous build's record of
    /// the page is looked up by it.
    func id(_ site: SiteModel) -> String {
        switch self {
        case .home: "home"
        case .homeGrid: "home grid"
        case .day(let i): "day \(site.days[i].date.iso)"
        case .movie(let code): "movie \(code)"
        case .person(let i): "person \(site.people.people[i].id)"
        case .search: "search"
        case .period(let kind, let i): "\(kind.rawValue) \(site.periods[kind]![i].start.iso)"
        case .archive: "archive"
        case .archiveYear(let year): "archive \(year)"
        case .years: "years"
        case .year(let year): "year \(year)"
        case .records: "records"
        case .notFound: "404"
        case .feeds: "feeds"
        case .posters: "posters"
        }
    }

    var pageCount: Int {
        switch self {
        case .day, .period: 2
        case .feeds, .posters: 0
        default: 1
        }
    }

    /// The days whose chart rows the page shows.
    func rowDates(_ site: SiteModel) -> [Day] {
        switch self {
        case .home, .homeGrid: site.days.last.map { [$0.date] } ?? []
        case .day(let i): [site.days[i].date]
        case .movie(let code): (site.history[code] ?? []).map(\.date)
        default: []
        }
    }
}
