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

/// Each page kind's key lists what its context builder reads (DayPage, MoviePage, PersonPage,
/// PeriodPage and the data/CSV files beside them). Keep the two in step: a value read by a page
/// but missing here leaves that page stale after a rebuild. `IncrementalBuildTests` rebuilds
/// after each kind of change and compares every byte with a full build.
struct PageKeys {
    let site: SiteModel
    /// What every page shares: templates, settings, assets, the source, the site's shape.
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
    /// The pages made from the whole site.
    let whole: WholeSiteKeys

    init(_ site: SiteModel, templates: Templates) {
        self.site = site
        let days = site.days
        dayPrints = concurrentMap(days.count, chunk: 512) { i in
            var f = Fingerprint()
            f.add(days[i])
            return f.value
        }
        periodPrints = site.periods.mapValues { charts in
            charts.map {
                var f = Fingerprint(); f.add($0); return f.value
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
        self.looks = looks
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
        let s = site.settings
        g.add(s.title); g.add(s.description); g.add(s.author); g.add(s.englishTitle); g.add(s.englishDescription)
        g.add(s.baseURL?.absoluteString); g.add(s.languages.map(\.rawValue).joined(separator: " "))
        // Whether pages carry cards: a build that could not draw them (no font) renders without.
        g.add(s.drawsCards)
        g.add(s.assets.style); g.add(s.assets.siteScript); g.add(s.assets.searchScript); g.add(s.assets.favicon)
        g.add(s.assets.custom)
        g.add(s.assets.styleText)
        // Every page's head links the app's manifest and icon when the app is on.
        g.add(s.offline); g.add(s.assets.icons.map(\.path))
        g.add(site.dataset.source.rawValue); g.add(site.dataset.postersServedFromSite)
        g.add(site.days.isEmpty); g.add(ArchivePage.isSplit(site)); g.add(site.market.scopes.isEmpty)
        global = g
        whole = WholeSiteKeys(
            site, dayPrints: dayPrints, periodPrints: periodPrints, marketDayPrints: marketDayPrints, looks: looks,
            facts: facts)
    }

    func key(_ job: SiteRenderer.Job) -> PageKey {
        if case .english(let korean) = job { return Self.english(key(korean)) }
        let id = job.id(site)
        return PageKey(id: id, key: fingerprint(job, id: id)?.value)
    }

    /// An English page's key: its Korean page's, under the English page's id.
    static func english(_ korean: PageKey) -> PageKey {
        PageKey(id: "en " + korean.id, key: korean.key.map { var f = Fingerprint("en"); f.add($0); return f.value })
    }

    private func fingerprint(_ job: SiteRenderer.Job, id: String) -> Fingerprint? {
        var f = global
        f.add(id)
        switch job {
        case .home:
            guard let last = site.days.indices.last else { return nil }
            addDay(last, to: &f)
            f.add(site.notes.site)
            // Its line on this week's and next week's openings.
            if let openings = site.dataset.openings {
                f.add(openings.asOf)
                for film in OpeningsPage.shown(openings) { f.add(film.openDate) }
            } else {
                f.byte(0)
            }
        case .day(let i):
            addDay(i, to: &f)
            // An older day shows its week's card: the week's chart is drawn on it.
            let own = ShareCards.ownsCard(site, day: i)
            f.add(own)
            if !own, let week = ShareCards.weekWithCard(site, day: i) {
                f.add(periodPrints[.week]![week])
                for e in site.periods[.week]![week].entries.prefix(3) { addLook(e.movieCode, to: &f) }
            }
        case .movie(let code):
            addMovie(code, to: &f)
            // Its own card, or the site's once it is a year off the charts (unless it reached the top 3).
            f.add(ShareCards.ownsCard(site, film: code))
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
            f.add(periodPrints[kind]![i])
            // Its own card or, once it is over a year old, the site's.
            f.add(ShareCards.ownsCard(site, kind, i))
            f.add(i > 0 ? charts[i - 1].start : nil)
            f.add(i + 1 < charts.count ? charts[i + 1].start : nil)
            let (otherKind, otherStart) = PeriodPage.counterpart(chart)
            f.add(site.periodIndex[otherKind]?[otherStart] != nil)
            addMarket(kind, chart.start, to: &f)
            for d in chart.days { f.add(site.dayIndex[d] != nil) }
            for e in chart.entries {
                addLook(e.movieCode, to: &f)
                f.add(site.history[e.movieCode] != nil)
            }
        case .notFound:
            break
        case .openings:
            guard let openings = site.dataset.openings else { return nil }
            f.add(openings.asOf)
            f.add(openings.films.count)
            for film in openings.films {
                f.add(film)
                let charted = site.history[film.code] != nil
                f.add(charted)
                // A charted film is named as its page names it, with its details' English names.
                if charted { addLook(film.code, to: &f); addFacts(film.code, to: &f) }
                f.add(site.dataset.movies[film.code])
            }
        case .english:
            return nil
        case .posters:
            // Their paths name their bytes.
            var p = Fingerprint("posters")
            for copy in site.posterCopies { p.add(copy.path) }
            return p
        case .search:
            addSearch(to: &f)
        case .archiveYear(let year):
            // A year's calendars: its days and their charts, the years beside it, the weeks and
            // weekends of its months (a week may start in the year before), the tint scale and
            // the latest day's mark.
            addYear(year, to: &f)
            f.add(site.busiestDayTotal)
            f.add(site.days.last.map { $0.date.year == year ? $0.date : nil } ?? nil)
            for kind in PeriodKind.allCases { for chart in periodsNear(year, kind) { f.add(chart.start) } }
        case .year(let year):
            // A year's records: its days, the weeks and weekends the press counts in it, and
            // every film that opened in it, with what it drew.
            addYear(year, to: &f)
            for kind in PeriodKind.allCases {
                for i in periodRange(year, kind) { f.add(periodPrints[kind]![i]) }
            }
            // The films that topped its days are named by their titles.
            for i in yearDays(year) { if let top = site.days[i].first { addLook(top.movieCode, to: &f) } }
            for code in site.openedIn[year] ?? [] {
                f.add(code)
                addFacts(code, to: &f)
                addLook(code, to: &f)
                f.add(site.history[code] != nil)
                if let row = site.periodTitles[code] { f.add(row) }
                if let latest = Records.latestTotal(site, code) { f.add(latest.total); f.add(latest.date) }
                // Its sales as of that total and its widest release, which may be in another year.
                let rows = site.history[code] ?? []
                let latest = FilmFacts.latestRow(code, rows: rows, periods: site.chartsListing[code] ?? [])
                f.add(latest?.entry.salesTotal ?? -1)
                f.add(rows.lazy.map(\.entry.screens).max() ?? -1)
            }
        // A year's data files: every chart of the year, as fetched (titles are the charts' own).
        case .data(let year):
            for i in yearDays(year) { f.add(dayPrints[i]) }
            for kind in PeriodKind.allCases {
                for (i, chart) in (site.periods[kind] ?? []).enumerated() where chart.start.year == year {
                    f.add(periodPrints[kind]![i])
                }
            }
            // The filters' days, as each day's pages print them (every filter's chart of the date).
            let start = marketDates.partitionPoint { $0.year >= year }
            for date in marketDates[start...].prefix(while: { $0.year == year }) {
                f.add(date); f.add(marketDayPrints[date]!)
            }
            for scope in site.market.scopes {
                for kind in PeriodKind.allCases {
                    for chart in site.market.periods[scope]?[kind] ?? [] where chart.start.year == year { f.add(chart) }
                }
                f.byte(0)
            }
        case .archive, .years, .records, .feeds, .offline, .market, .regions, .region, .distributors:
            f.add(whole.print)
        case .distributor(let code):
            // Its films as listed (titles, opening, total, best rank), its years with its rank in each.
            let index = site.market.distributors
            let d = index.all[code]!
            f.add(d.name); f.add(d.englishName); f.add(d.films)
            for code in d.films {
                addLook(code, to: &f); addFacts(code, to: &f)
                f.add(site.dataset.movies[code]?.nations ?? [])
                f.add(site.market.koreanFilm[code].map { $0 ? 1 : 2 } ?? 0)
            }
            for year in d.audienceByYear.keys.sorted() {
                f.add(year); f.add(d.audienceByYear[year]!); f.add(d.salesByYear[year]); f.add(index.yearAudience[year])
                f.add(whole.distributorRanks[code]?[year])
            }
        }
        return f
    }

    /// What a day's page shows of the filters: each filter's chart that day (its tab, its top 10
    /// with the films' titles, posters and pages, and the shares worked out from them).
    private func addMarket(on date: Day, to f: inout Fingerprint) {
        if let print = marketDayPrints[date] { f.byte(1); f.add(print) } else { f.byte(0) }
        for scope in site.market.scopes { addFilms(site.market.day(scope, date)?.entries ?? [], to: &f) }
    }

    private func addMarket(_ kind: PeriodKind, _ start: Day, to f: inout Fingerprint) {
        for scope in site.market.scopes {
            if let chart = site.market.period(scope, kind, start) {
                f.byte(1); f.add(chart); addFilms(chart.entries, to: &f)
            } else {
                f.byte(0)
            }
        }
    }

    /// How a chart's films look on it: title and poster, and whether each has a page to link.
    private func addFilms(_ entries: [ChartEntry], to f: inout Fingerprint) {
        f.add(entries.count)
        for e in entries {
            addLook(e.movieCode, to: &f)
            f.add(site.history[e.movieCode] != nil)
        }
    }

    /// A day's list, grid, data and CSV: its chart, its neighbours, its films' titles and
    /// posters, its note and the week and weekend it belongs to.
    private func addDay(_ i: Int, to f: inout Fingerprint) {
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
        for e in chart.entries { addLook(e.movieCode, to: &f) }
        f.add(site.notes.days[chart.date])
        addMarket(on: chart.date, to: &f)
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
        for row in rows { f.add(dayPrints[site.dayIndex[row.date]!]) }
        if let first = rows.first, let last = rows.last, let a = site.dayIndex[first.date],
            let b = site.dayIndex[last.date]
        {
            f.add(b - a)
            for d in site.days[a...b] { f.add(d.date) }
            f.add(last.date == site.days.last?.date)
        }
        let movie = site.dataset.movies[code]
        f.add(movie)
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
        // Its people's pages: each id follows from the name (in the details above) unless a collision moved it.
        f.add(suffixedIDs)
        f.add(site.dataset.posters[code])
        addFacts(code, to: &f)
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
    private func addYear(_ year: Int, to f: inout Fingerprint) {
        f.add(site.days.first?.date.year); f.add(site.days.last?.date.year)
        for i in yearDays(year) { f.add(site.days[i].date); f.add(dayPrints[i]) }
    }

    /// The weekly or weekend charts starting within a year of `year` (the press counts a week in
    /// the year of its Thursday, and a year's calendars show the weeks around its edges).
    private func periodRange(_ year: Int, _ kind: PeriodKind) -> Range<Int> {
        let charts = site.periods[kind] ?? []
        let start = charts.partitionPoint { $0.start.year >= year - 1 }
        let end = charts[start...].partitionPoint { $0.start.year > year + 1 }
        return start..<end
    }

    private func periodsNear(_ year: Int, _ kind: PeriodKind) -> ArraySlice<PeriodChart> {
        (site.periods[kind] ?? [])[periodRange(year, kind)]
    }

    /// The positions of a year's days (days are in date order).
    private func yearDays(_ year: Int) -> Range<Int> {
        let days = site.days
        let start = days.partitionPoint { $0.date.year >= year }
        let end = days[start...].partitionPoint { $0.date.year > year }
        return start..<end
    }

    /// The search page and index: the range of days, every film's facts and thumbnail, every person.
    private func addSearch(to f: inout Fingerprint) {
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
    private func addLook(_ code: String, to f: inout Fingerprint) {
        f.add(looks[code] ?? Self.look(code, site))
    }

    /// How a film is shown wherever it is listed: its title and poster.
    private static func look(_ code: String, _ site: SiteModel) -> UInt64 {
        var f = Fingerprint()
        f.add(site.title(of: code))
        // The English edition's rows show it.
        f.add(site.dataset.movies[code]?.englishTitle)
        f.add(site.dataset.sizedPosters[code])
        f.add(site.dataset.posters[code])
        return f.value
    }

    private func addFacts(_ code: String, to f: inout Fingerprint) {
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

extension SiteRenderer.Job {
    /// Stable across builds (dates and codes, never positions): the previous build's record of
    /// the page is looked up by it.
    func id(_ site: SiteModel) -> String {
        switch self {
        case .english(let page): "en " + page.id(site)
        case .home: "home"
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
        case .openings: "openings"
        case .notFound: "404"
        case .feeds: "feeds"
        case .posters: "posters"
        case .offline: "offline"
        case .data(let year): "data \(year)"
        case .market: "market"
        case .regions: "regions"
        case .region(let i): "region \(site.market.regions[i].slug)"
        case .distributors: "distributors"
        case .distributor(let code): "distributor \(code)"
        }
    }

    /// How many pages the job renders, as its render counts them: a day, week or weekend with
    /// any filter's chart has its filters page too (a rebuild that skips the job counts this).
    func pageCount(_ site: SiteModel) -> Int {
        switch self {
        case .feeds, .posters, .data: 0
        case .english(let page): page.pageCount(site)
        case .day(let i):
            site.market.scopes.contains { site.market.day($0, site.days[i].date) != nil } ? 2 : 1
        case .period(let kind, let i):
            site.market.scopes.contains { site.market.period($0, kind, site.periods[kind]![i].start) != nil } ? 2 : 1
        default: 1
        }
    }

    /// The chart rows the page shows: whole days (a day's chart), or one film's rows.
    func rowsShown(_ site: SiteModel, into wanted: inout RowsWanted) {
        switch self {
        case .home: if let last = site.days.last { wanted.days.insert(last.date) }
        case .day(let i): wanted.days.insert(site.days[i].date)
        case .movie(let code): wanted.films.insert(code)
        case .english(let page): page.rowsShown(site, into: &wanted)
        default: break
        }
    }
}

/// Which chart rows a render needs (`nil` in `SiteModel`: all of them).
struct RowsWanted {
    var days: Set<Day> = []
    var films: Set<String> = []
}
