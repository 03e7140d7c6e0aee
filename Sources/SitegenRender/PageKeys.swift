import Foundation
import SitegenBasics
import SitegenModel

/// A page of the site and a fingerprint of everything it is made from: equal keys mean equal
/// files, so a rebuild renders only pages whose key changed. `key` nil means "always render"
/// (a home page with no day).
public struct PageKey: Sendable, Equatable {
    public let id: String
    public let key: UInt64?
}

/// What the pages' keys are made from: the part every page shares, each day's, period's and
/// film's print worked out once, and what several kinds of page show (a day, a film, a year).
/// Each page kind's own key is beside its view (`PageJob.key`).
struct PageKeys {
    let site: SiteModel
    /// What every page shares: templates, config, assets, the source, the site's shape.
    let global: Fingerprint
    /// Each day's chart, worked out once: a film page takes the whole chart of every day it is on
    /// (a revision of another film's row that day re-renders it needlessly, which is rare and safe).
    let dayPrints: [UInt64]
    /// Each weekly and weekend chart, worked out once: year pages take a few hundred of them.
    let periodPrints: [PeriodKind: [UInt64]]
    /// Each film's look (`addLook`), worked out once: day and week pages show it for every row.
    let looks: [String: UInt64]
    /// Each charted film's facts (`FilmFacts`), worked out once: person pages and search show them.
    let facts: [String: UInt64]
    /// `PeopleIndex.suffixed`, fingerprinted.
    let suffixedIDs: UInt64
    /// What a day's pages show of the filters (`addMarket`), worked out once per day: the
    /// national day and each filter's day all show it.
    let marketDayPrints: [Day: UInt64]
    /// The days with a filter's chart, in order (a year's data files take a year of them).
    let marketDates: [Day]
    /// Each film's look and whether it has a page, as one print: what a chart shows of each row
    /// (`addFilms`), found with one look-up instead of three for each of a whole history's
    /// 320,000 rows.
    let listings: [String: UInt64]
    /// The pages made from the whole site: worked out beside the other pages' keys, which do not
    /// need it (a whole history's is a serial twentieth of the keys).
    private let wholeSite: Later<WholeSiteKeys>
    var whole: WholeSiteKeys { wholeSite.value }

    init(_ site: SiteModel, templates: Templates) {
        self.site = site
        let days = site.days
        dayPrints = concurrentMap(days.count, chunk: 512) { i in
            var f = Fingerprint()
            f.add(days[i])
            return f.value
        }
        periodPrints = site.periods.mapValues { charts in
            concurrentMap(charts.count, chunk: 256) { i in
                var f = Fingerprint(); f.add(charts[i]); return f.value
            }
        }
        var looks: [String: UInt64] = [:], facts: [String: UInt64] = [:]
        for code in site.movieCodes + site.periodOnlyCodes {
            looks[code] = Self.look(code, site)
            if let film = site.films[code] {
                var g = Fingerprint()
                g.add(film.title); g.add(film.englishTitle); g.add(film.originalTitle); g.add(film.openDate);
                g.add(film.date)
                g.add(film.audienceTotal); g.add(film.asOf); g.add(film.bestRank)
                facts[code] = g.value
            }
        }
        // The whole-site pages' key reads the charted films' looks, as it did before the ones below.
        let charted = looks
        // Films seen only on a filter's chart are listed too: worked out here once, not for each
        // of their rows (a whole history's filter charts have 240,000).
        for code in site.market.scopedOnly.keys where looks[code] == nil { looks[code] = Self.look(code, site) }
        self.looks = looks
        var listings: [String: UInt64] = [:]
        listings.reserveCapacity(looks.count)
        for (code, look) in looks {
            var f = Fingerprint()
            f.add(look); f.add(site.hasPage(code))
            listings[code] = f.value
        }
        self.listings = listings
        self.facts = facts
        var ids = Fingerprint()
        ids.add(site.people.suffixed)
        suffixedIDs = ids.value
        let market = site.market
        let dates = Array(Set(market.scopes.flatMap { market.days[$0]!.map(\.date) })).sorted()
        let prints = concurrentMap(dates.count, chunk: 256) { i in
            var f = Fingerprint()
            for scope in market.scopes {
                if let chart = market.day(scope, dates[i]) { f.byte(1); f.add(chart) } else { f.byte(0) }
            }
            return f.value
        }
        marketDayPrints = Dictionary(uniqueKeysWithValues: zip(dates, prints))
        marketDates = dates
        var g = Fingerprint("site")
        g.add(templates.fingerprint)
        if templates.stampsBuildTime { g.add(site.buildTime) }
        let s = site.config, a = site.assets
        g.add(s.name); g.add(s.description); g.add(s.author); g.add(s.englishName); g.add(s.englishDescription)
        g.add(s.baseURL?.absoluteString); g.add(s.languages.map(\.rawValue).joined(separator: " "))
        // Whether pages carry cards: a build that could not draw them (no font) renders without.
        g.add(s.drawsCards)
        g.add(a.style); g.add(a.siteScript); g.add(a.searchScript); g.add(a.favicon)
        g.add(a.custom)
        g.add(a.styleText)
        // Every page's head links the app's manifest and icon when the app is on.
        g.add(s.app); g.add(a.icons.map(\.path))
        g.add(site.dataset.source.rawValue); g.add(site.dataset.postersServedFromSite)
        g.add(site.days.isEmpty); g.add(ArchivePage.isSplit(site)); g.add(site.market.scopes.isEmpty)
        global = g
        let (dayPrints, periodPrints, marketDayPrints) = (dayPrints, periodPrints, marketDayPrints)
        let chartedFacts = facts
        wholeSite = Later {
            WholeSiteKeys(
                site, dayPrints: dayPrints, periodPrints: periodPrints, marketDayPrints: marketDayPrints,
                looks: charted, facts: chartedFacts)
        }
    }

    func key(_ job: any PageJob) -> PageKey {
        let id = job.id(site)
        var f = global
        f.add(id)
        return PageKey(id: id, key: job.key(self, into: &f) ? f.value : nil)
    }

    /// An English page's key: its Korean page's, under the English page's id.
    static func english(_ korean: PageKey) -> PageKey {
        PageKey(
            id: EditionJob.id(korean.id, in: .en),
            key: korean.key.map { var f = Fingerprint("en"); f.add($0); return f.value })
    }

    // What several kinds of page show, for their keys (`PageJob.key`).

    /// What a day's page shows of the filters: each filter's chart that day (its tab, its top 10
    /// with the films' titles, posters and pages, and the shares worked out from them).
    func addMarket(on date: Day, to f: inout Fingerprint) {
        if let print = marketDayPrints[date] { f.byte(1); f.add(print) } else { f.byte(0) }
        for scope in site.market.scopes { addFilms(site.market.day(scope, date)?.entries ?? [], to: &f) }
    }

    func addMarket(_ kind: PeriodKind, _ start: Day, to f: inout Fingerprint) {
        for scope in site.market.scopes {
            if let chart = site.market.period(scope, kind, start) {
                f.byte(1); f.add(chart); addFilms(chart.entries, to: &f)
            } else {
                f.byte(0)
            }
        }
    }

    /// How a chart's films look on it: title and poster, and whether each has a page to link.
    func addFilms(_ entries: [ChartEntry], to f: inout Fingerprint) {
        f.add(entries.count)
        // By place: a row copied out is three strings retained and released.
        for i in entries.indices {
            let code = entries[i].movieCode
            if let listing = listings[code] { f.add(listing) } else {
                addLook(code, to: &f)
                f.add(site.hasPage(code))
            }
        }
    }

    /// A day's list, grid, data and CSV: its chart, its neighbours, its films' titles and
    /// posters, its note and the week and weekend it belongs to.
    func addDay(_ i: Int, to f: inout Fingerprint) {
        let chart = site.days[i]
        f.add(dayPrints[i])
        // Its rows' change against the same weekday a week before.
        if let weekAgo = site.dayIndex[chart.date.adding(days: -7)] {
            f.byte(1); f.add(dayPrints[weekAgo])
        } else {
            f.byte(0)
        }
        f.add(i > 0 ? site.days[i - 1].date : nil)
        f.add(i + 1 < site.days.count ? site.days[i + 1].date : nil)
        for i in chart.entries.indices { addLook(chart.entries[i].movieCode, to: &f) }
        f.add(site.notes.days[chart.date])
        addMarket(on: chart.date, to: &f)
        let monday = PeriodKind.week.start(containing: chart.date)
        f.add(monday.map { site.periodIndex[.week]?[$0] != nil } ?? false)
        f.add(monday.map { site.periodIndex[.weekend]?[$0.adding(days: 4)] != nil } ?? false)
        // The days after the latest week and weekend link them too.
        let latest = DayPage.latestLinked(site, chart.date)
        f.add(latest.week); f.add(latest.weekend)
    }

    /// A pace line's role, as its fields: describing it as text was a tenth of a film's key.
    func addRole(_ role: PaceLines.Role, to f: inout Fingerprint) {
        switch role {
        case .own: f.byte(0)
        case .allTime(let place): f.byte(1); f.add(place)
        case .year(let year, let place): f.byte(2); f.add(year); f.add(place)
        }
    }

    /// A film page and its data, CSV and drawn poster: its rows, the days its run spans, its
    /// details, credits (by person page), facts and note.
    func addMovie(_ code: String, to f: inout Fingerprint) {
        let run = site.index.run(of: code)
        let rows = run?.rows ?? []
        f.add(rows.count)
        if let run, run.scope != .all {
            // A film told from a filter's chart: that chart's days (each filter's, as a day's pages show them).
            f.add(run.scope.slug)
            for row in rows { f.add(marketDayPrints[row.date].map { Int(bitPattern: UInt($0)) }) }
            for d in MoviePage.span(site, run) { f.add(d) }
            f.add(rows.last!.date == site.days.last?.date)
        } else {
            for row in rows { f.add(dayPrints[site.dayIndex[row.date]!]) }
            if let first = rows.first, let last = rows.last, let a = site.dayIndex[first.date],
                let b = site.dayIndex[last.date]
            {
                f.add(b - a)
                for d in site.days[a...b] { f.add(d.date) }
                f.add(last.date == site.days.last?.date)
            }
        }
        // Its pace against the films at the same day of release: the figures its sentence says (the
        // sentence itself, made for each of 9,000 films, was a tenth of a morning's keys), and the
        // film it names first, in each edition's words: its look (the English key is the Korean one's).
        // A film without national rows has no sentence, so the first day built is not in its key.
        let pace = site.index.pace
        if site.history[code] == nil {
            f.byte(0)
        } else if let s = pace.standings[code] {
            f.byte(1); f.add(pace.since)
            f.add(s.day); f.add(s.total); f.add(s.rank); f.add(s.compared); f.add(s.leaderTotal)
            addLook(s.leader, to: &f)
        } else {
            f.byte(2); f.add(pace.since)
        }
        // Its pace chart: the films beside it, their places, their totals drawn, and how they are named.
        let lines = pace.lines(for: code)
        f.add(lines?.span)
        for line in lines?.lines ?? [] {
            f.add(line.code); addRole(line.role, to: &f); addLook(line.code, to: &f)
            f.add(line.points.count)
            for point in line.points { f.add(point.day); f.add(point.total) }
        }
        let movie = site.dataset.movies[code]
        f.add(movie)
        // Without details: whether they are still to come (a backfill's gap) or were refused.
        if movie == nil { f.add(site.pendingDetails.contains(code)) }
        // Its opening weekend, from the weekend chart (which may come after its days).
        if let weekend = MoviePage.openingWeekend(site, code: code, openDate: site.films[code]?.openDate) {
            f.add(weekend.start); f.add(weekend.entry.audience); f.add(weekend.entry.sales)
        } else {
            f.add(false)
        }
        // Its weeks and weekends (the week-by-week table).
        for chart in site.chartsListing[code] ?? [] {
            f.add(chart.kind == .week); f.add(chart.start)
            if let e = chart.entries.first(where: { $0.movieCode == code }) { f.add(e) }
        }
        // Its people's pages: each id follows from the name (in the details above) unless a collision moved it;
        // whether a shown actor has one at all follows from their other films (two or more).
        f.add(suffixedIDs)
        if let movie {
            for person in movie.directors + movie.actors.prefix(10) {  // the page's six, its JSON-LD's ten
                f.add(site.people.hasPage(person))
            }
        }
        f.add(site.dataset.posters[code])
        addFacts(code, to: &f)
        // Its latest row on a filter's chart, which its totals and sales may come from.
        if let scoped = site.latestScoped[code] { f.add(scoped.date); f.add(scoped.entry) } else { f.add(false) }
        addLook(code, to: &f)
        f.add(site.notes.movies[code])
        // Its regions (name, slug, audience) and its distributors' pages.
        for (region, audience) in site.market.filmRegions[code] ?? [] {
            let place = site.market.regions[region]
            f.add(place.region.name); f.add(place.slug); f.add(audience)
        }
        f.add(site.market.distributors.ofFilm[code] ?? [])
    }

    /// What a year's pages share: the range of years, and the year's days with their charts.
    func addYear(_ year: Int, to f: inout Fingerprint) {
        f.add(site.days.first?.date.year); f.add(site.days.last?.date.year)
        for i in yearDays(year) { f.add(site.days[i].date); f.add(dayPrints[i]) }
    }

    /// The weekly or weekend charts starting within a year of `year` (the press counts a week in
    /// the year of its Thursday, and a year's calendars show the weeks around its edges).
    func periodRange(_ year: Int, _ kind: PeriodKind) -> Range<Int> {
        let charts = site.periods[kind] ?? []
        let start = charts.partitionPoint { $0.start.year >= year - 1 }
        let end = charts[start...].partitionPoint { $0.start.year > year + 1 }
        return start..<end
    }

    func periodsNear(_ year: Int, _ kind: PeriodKind) -> ArraySlice<PeriodChart> {
        (site.periods[kind] ?? [])[periodRange(year, kind)]
    }

    /// The positions of a year's days (days are in date order).
    func yearDays(_ year: Int) -> Range<Int> {
        let days = site.days
        let start = days.partitionPoint { $0.date.year >= year }
        let end = days[start...].partitionPoint { $0.date.year > year }
        return start..<end
    }

    /// The search page and index: the range of days, every film's facts and thumbnail, every person.
    func addSearch(to f: inout Fingerprint) {
        f.add(site.days.count); f.add(site.days.first?.date); f.add(site.days.last?.date)
        if let first = site.days.first?.date, let last = site.days.last?.date,
            site.days.count != last.ordinal - first.ordinal + 1
        {
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
    func addLook(_ code: String, to f: inout Fingerprint) {
        f.add(looks[code] ?? Self.look(code, site))
    }

    /// How a film is shown wherever it is listed: its title and poster.
    private static func look(_ code: String, _ site: SiteModel) -> UInt64 {
        var f = Fingerprint()
        f.add(site.title(of: code))
        // The English edition's rows show it, or its original title, or its Korean one marked so,
        // by whether the film is Korean (its details' nations, else the filter chart it made).
        f.add(site.englishTitle(of: code))
        f.add(site.dataset.movies[code]?.originalTitle)
        f.add(site.isKoreanFilm(code).map { $0 ? 1 : 0 } ?? -1)
        f.add(site.dataset.sizedPosters[code])
        f.add(site.dataset.posters[code])
        return f.value
    }

    func addFacts(_ code: String, to f: inout Fingerprint) {
        guard let print = facts[code] else { f.byte(0); return }
        f.byte(1)
        f.add(print)
    }
}

extension RandomAccessCollection {
    /// The first index whose element satisfies `belongs`, for a predicate false then true along the collection.
    func partitionPoint(_ belongs: (Element) -> Bool) -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongs(self[middle]) { count = half } else { low = index(after: middle); count -= half + 1 }
        }
        return low
    }
}
