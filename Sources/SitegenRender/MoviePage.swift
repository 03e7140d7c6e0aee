import SitegenBasics
import Foundation
import SitegenModel
import SitegenMustache

/// One movie: poster, credits, its run over the days built, and its note.
enum MoviePage {
    static let actorsShown = 6

    static func context(_ site: SiteModel, code: String) -> TemplateValue {
        let route = Route.movie(code)
        // The national daily chart's rows, or for a film never on it, a filter's (said on the page).
        let filmRun = site.index.run(of: code)!
        let rows = filmRun.rows, scope = filmRun.scope
        let movie = site.dataset.movies[code]
        let title = site.title(of: code)
        let w = site.words
        // The totals every other page gives for it (year, person, records, its card): a weekly or
        // weekend row that ends after its last day on the daily chart is later, and larger.
        let known = site.index.latestRow(of: code)!
        let latest = rows.last!.entry
        let openDate = site.films[code]?.openDate

        var facts: [TemplateValue] = []
        func fact(_ label: String, _ value: String?) {
            if let value, !value.isEmpty {
                facts.append(["label": .text(label), "value": .text(value), "people": nil, "more": nil])
            }
        }
        /// Genres or countries: in English from the fixed table, one the table lacks kept in Korean
        /// and marked so (a list then, so only that word carries `lang="ko"`).
        func terms(_ label: String, _ list: [String], _ translate: (String) -> String?) {
            guard !list.isEmpty else { return }
            if list.allSatisfy({ translate($0) != nil }) { return fact(label, w.terms(list, translate)) }
            let items: [TemplateValue] = list.enumerated().map { i, term in
                let english = translate(term)
                return ["name": .text(english ?? term), "comma": .bool(i > 0), "href": nil,
                        "lang": english == nil ? "ko" : nil]
            }
            facts.append(["label": .text(label), "value": nil, "people": .list(items), "more": nil])
        }
        // Every director and the actors shown with a page of their own (two films or more) link it;
        // the rest are names.
        func people(_ label: String, _ list: [Person], more: Int) {
            let links: [TemplateValue] = list.filter { !PeopleIndex.clean($0.name).isEmpty }.enumerated().map {
                i, person in
                let name = w.person(PeopleIndex.clean(person.name), english: person.englishName)
                return [
                    "name": .text(name.text), "lang": site.mark(name.isKorean),
                    "href": site.people.id(of: person).map { .text(site.path(.person($0))) } ?? nil,
                    "comma": .bool(i > 0)
                ]
            }
            guard !links.isEmpty else { return }
            facts.append([
                "label": .text(label), "value": nil, "people": .list(links),
                "more": more > 0 ? .text(w("andMore", "\(more)")) : nil
            ])
        }
        // Each 배급사 with a page links it; a name without a usable code stays text.
        func distributors(_ movie: Movie) {
            let linked = Set(site.market.distributors.ofFilm[code] ?? [])
            var seen = Set<String>()
            let names = movie.companies.filter { $0.part == "배급사" && seen.insert($0.name).inserted }
            guard !names.isEmpty else { return }
            let links: [TemplateValue] = names.enumerated().map { i, company in
                let name = w.company(company.name, english: company.englishName)
                return [
                    "name": .text(name.text), "lang": site.mark(name.isKorean),
                    "comma": .bool(i > 0),
                    "href": linked.contains(company.code) ? .text(site.path(.distributor(company.code))) : nil,
                ]
            }
            facts.append(["label": .text(w("distributor")), "value": nil, "people": .list(links), "more": nil])
        }
        if let movie {
            people(w("factDirector"), movie.directors, more: 0)
            people(w("factActor"), Array(movie.actors.prefix(actorsShown)), more: movie.actors.count - actorsShown)
            terms(w("factGenre"), movie.genres, w.genre)
            fact(w("factRuntime"), movie.runtimeMinutes.map { w("minutes", "\($0)") })
            fact(w("factYear"), movie.productionYear.map { w.year($0) })
            terms(w("factNation"), movie.nations, w.nation)
            distributors(movie)
        }
        fact(w("colOpened"), openDate.map(w.longDate))

        // Every day from its first to its last appearance, gaps included: a gap is "out of the
        // top 10", never zero audience.
        var history: [TemplateValue] = []
        var byDate: [Day: ChartEntry] = [:]
        var values: [Day: TemplateValue] = [:]
        for row in rows {
            byDate[row.date] = row.entry
            values[row.date] =
                scope == .all
                ? site.rows.row(of: code, on: row.date)?.values : DayPage.entry(site, row.entry, date: row.date)
        }
        let span = Self.span(site, filmRun)
        let firstOpenRow = rows.first { row in openDate.map { row.date >= $0 } ?? true }?.date
        let run = RunFacts(rows: rows, openDate: openDate)
        for (i, d) in span.enumerated() {
            // The year on the first row and where it changes, as a printed table gives it (on every
            // row it was 2.5 MB of the whole history); dropped on phones, so the figures fit beside
            // the date. English writes the year last ("Thu, Oct 23, 2025"), Korean first (2025.10.23).
            let year = i == 0 || span[i - 1].year != d.year
            let date = w.historyDay(d, showingYear: year)
            history.append([
                "year": date.yearBefore.map { .text($0) }, "yearAfter": date.yearAfter.map { .text($0) },
                "monthDay": .text(date.monthDay),
                "dayHref": .text(site.href(scope == .all ? .day(d) : .dayFilters(d), from: route)),
                // A holiday is red like a Sunday, even on a Saturday.
                "weekdayClass": .text(KoreanFormat.dayClass(d) == "holiday" ? "sun" : KoreanFormat.dayClass(d)),
                "entry": values[d],
                // A charted day before its opening (개봉 전 상영): the press counts its audience toward
                // the total. A day off the chart before it is not said to have had screenings.
                "preview": byDate[d] != nil && openDate.map { d < $0 } == true ? .text(w("previewDay")) : nil,
                // KOBIS marks a film back in the top 10 NEW again: on its own page that is a return,
                // unless it is its first day charted or its first from the opening day on (after previews).
                "reentry": byDate[d]?.isNew == true && d != rows.first?.date && d != firstOpenRow ? true : nil,
            ])
        }
        let ranks = rows.map(\.entry.rank)
        let best = ranks.min() ?? 0
        let strip: [TemplateValue] = span.map { d in
            let e = byDate[d]
            return ["label": .text(w.dayWithWeekday(d)),
                    "rank": e.map { .int($0.rank) },
                    "tier": e.map { .text($0.rank == 1 ? "r1" : $0.rank <= 3 ? "r3" : $0.rank <= 5 ? "r5" : "r10") }]
        }
        let milestones: [TemplateValue] = run.milestones.map { m in
            ["label": .text(w("passedMilestone", w.compact(m.threshold))),
             "date": .text(w.longDate(m.date)),
             "dayHref": .text(site.href(.day(m.date), from: route)),
             "dayOfRun": m.dayOfRun.map { .text(w("inDays", "\($0)")) },
             "approx": m.exact ? nil : .text(w("passedOutside"))]
        }
        var summary: [String: TemplateValue] = [
            "audienceTotal": .text(w.people(known.entry.audienceTotal)),
            "audienceTotalCompact": .text(w.people(known.entry.audienceTotal, compact: true)),
            // The exact figure under the rounded one, when rounding changed it (「7,165명」 said once).
            "audienceTotalDetail": w.people(known.entry.audienceTotal, compact: true)
                == w.people(known.entry.audienceTotal) ? .null : .text(w.people(known.entry.audienceTotal)),
            "salesTotalCompact": .text(w.won(known.entry.salesTotal, compact: true)),
            "salesTotal": .text(w.won(known.entry.salesTotal)),
            "asOf": .text(w.shortDate(known.date)),
            "bestRank": .text(w.bestRank(best, on: scope)),
            "runOnFilter": scope == .all ? .null : .text(w("runOnFilter", w.scopeName(scope))),
            "daysCharted": .text(w("daysText", "\(rows.count)")),
            "daysAtTop": .text(w("daysText", "\(ranks.filter { $0 == 1 }.count)")),
            "currentStreak": .null,
            "topStreak": .null,
            "lastCharted": .null,
            "openingWeekend": .null,
        ]
        // Where the run stands: its day of release while it is on the latest chart, or the last day
        // it was (KOBIS says nothing of when a film stops showing, only that it left the top 10).
        let last = rows.last!.date
        if last == site.days.last?.date {
            summary["run"] = .text(w.dayOfRun(open: openDate, on: last) ?? w("rankText", "\(latest.rank)"))
        } else {
            summary["run"] = .text(w("outOfChart"))
            let day = w.dayOfRun(open: openDate, on: last).map { " (\($0))" } ?? ""
            summary["lastCharted"] = .text(w("lastCharted", w.shortDate(last)) + day)
        }
        if let weekend = Self.openingWeekend(site, code: code, openDate: openDate) {
            summary["openingWeekend"] = [
                "audience": .text(w.people(weekend.entry.audience, compact: true)),
                "sales": .text(w.won(weekend.entry.sales, compact: true)),
                "span": .text(w.weekName(.weekend, weekend.start)),
                "href": .text(site.href(.period(.weekend, weekend.start), from: route)),
            ]
        }
        // The widest release: the most screens on any day, the first such day.
        let widest = rows.max { a, b in
            a.entry.screens < b.entry.screens || (a.entry.screens == b.entry.screens && a.date > b.date)
        }!
        summary["widest"] = .text(w("screensText", KoreanFormat.grouped(Int64(widest.entry.screens))))
        summary["widestDate"] = .text(w.shortDate(widest.date))
        let streakContinues = run.currentTopStreak >= 2 && rows.last!.date == site.days.last?.date
        if streakContinues { summary["currentStreak"] = .text(w("streakNow", "\(run.currentTopStreak)")) }
        if run.longestTopStreak >= 2 && !(streakContinues && run.currentTopStreak == run.longestTopStreak) {
            summary["topStreak"] = .text(w("streak", "\(run.longestTopStreak)"))
        }
        let weeksTable = weeks(site, code: code, openDate: openDate, route: route)
        let paceLines = site.index.pace.lines(for: code)
        let subtitle = w.subtitle(
            korean: site.koreanTitle(of: code), english: site.englishTitle(of: code), shown: title)
        let info: TemplateValue = [
            "code": .text(code),
            "title": .text(title),
            "titleLang": site.titleLang(of: code),
            // A film KOBIS has no English title for yet, and whose Korean title is not romanized
            // (a foreign film's is a transliteration): the page says so beside the Korean title.
            "noEnglishTitle": site.titleLang(of: code) == .null ? nil : .text(w("englishTitleUnknown")),
            "poster": site.posterContext(code, onFilmPage: true),
            "facts": .list(facts),
            "summary": .object(summary),
            "history": .list(history),
            "chart": .text(
                AudienceChart.html(
                    title: site.titleLang(of: code) == .null ? title : w("filmWithoutEnglishTitle"),
                    days: span, rows: byDate, milestones: run.milestones, words: w)),
            "strip": .list(strip),
            "milestones": .list(milestones),
            "hasMilestones": .bool(!milestones.isEmpty),
            "pace": site.index.pace.sentence(site, code: code).templateValue,
            // Its pace drawn against the biggest films': only for a film the sentence compares.
            "paceChart": paceLines.map { .text(PaceChart.html($0, words: w)) },
            "paceLegend": paceLines.map { PaceChart.legend(site, $0, route: route) },
            "hasDetails": .bool(movie != nil),
            // Mid-backfill a film's details are still to come; otherwise KOBIS gave none.
            "noDetails": movie != nil
                ? nil : .text(w(site.pendingDetails.contains(code) ? "noDetails" : "noDetailsFailed")),
            "dataHref": .text(site.href(.movieData(code), from: route)),
            "englishTitle": subtitle.text, "subtitleLang": subtitle.lang,
            "grade": movie?.watchGrades.first.map {
                [
                    "name": .text(w.grade($0) ?? $0), "kind": .text(gradeKind($0)),
                    "lang": w.grade($0) == nil ? "ko" : nil,
                ]
            },
            "note": site.noteHTML(site.notes.movies[code], on: route).templateValue,
            "regions": RegionPage.filmRegions(site, code: code),
            "weeks": weeksTable,
            "hasWeeks": .bool(weeksTable != nil),
        ]
        let total = w.people(known.entry.audienceTotal, compact: true)
        let description =
            (scope == .all
                ? w("movieDescription", title, total, "\(best)")
                : w("movieDescriptionScoped", title, total, "\(best)", w.scopeName(scope)))
            + (site.isDemo ? w("demoSuffix") : "")
        let structured = [
            StructuredData.breadcrumbs(site, [(w("searchTitle"), .search), (title, .movie(code))], from: route),
            StructuredData.movie(site, code: code, title: title, from: route),
        ]
        return site.base(route, title: title, description: description, kind: "movie",
                         dataHref: site.href(.movieData(code), from: route), structuredData: structured,
                         content: ["movie": info])
    }

    /// The days a film's run spans on the chart its page tells it from, gaps included.
    static func span(_ site: SiteModel, _ run: FilmRun) -> [Day] {
        let first = run.rows.first!.date, last = run.rows.last!.date
        if run.scope == .all { return site.days[site.dayIndex[first]!...site.dayIndex[last]!].map(\.date) }
        let days = site.market.days[run.scope]!, index = site.market.dayIndex[run.scope]!
        return days[index[first]!...index[last]!].map(\.date)
    }

    /// CSS hook for the rating badge colours (ALL / 12 / 15 / 청불).
    static func gradeKind(_ grade: String) -> String {
        if grade.contains("전체") { return "all" }
        if grade.contains("12") { return "12" }
        if grade.contains("15") { return "15" }
        if grade.contains("청소년") || grade.contains("18") { return "18" }
        return "other"
    }

    /// The film's weeks as the weekly and weekend charts give them, a row per week (Monday) it was
    /// in either top 10: the trade's week-by-week view beside the day-by-day one. Nil for a film
    /// seen in one week only (its row would repeat the summary).
    static func weeks(_ site: SiteModel, code: String, openDate: Day?, route: Route) -> TemplateValue? {
        let w = site.words
        var byMonday: [Day: (week: PeriodChart?, weekend: PeriodChart?)] = [:]
        for chart in site.chartsListing[code] ?? [] {
            let monday = chart.kind == .week ? chart.start : chart.start.adding(days: -4)
            if chart.kind == .week { byMonday[monday, default: (nil, nil)].week = chart } else {
                byMonday[monday, default: (nil, nil)].weekend = chart
            }
        }
        guard byMonday.count >= 2 else { return nil }
        func row(_ chart: PeriodChart?) -> ChartEntry? { chart?.entries.first { $0.movieCode == code } }
        let rows: [TemplateValue] = byMonday.keys.sorted().map { monday in
            let (week, weekend) = byMonday[monday]!
            let inWeek = row(week), inWeekend = row(weekend)
            // Both end on the Sunday: the week's total when it has one, else the weekend's.
            let total = (inWeek ?? inWeekend)?.audienceTotal
            return [
                "label": .text(w.weekName(.week, monday)),
                "href": week.map { .text(site.href(.period(.week, $0.start), from: route)) },
                "weekOfRun": w.weekOfRun(open: openDate, end: monday.adding(days: 6)).templateValue,
                "rank": inWeek.map { .int($0.rank) },
                "audience": inWeek.map { .text(KoreanFormat.grouped($0.audience)) },
                // KOBIS gives a new entry its whole audience as the change: left blank, as charts do.
                "changeRate": inWeek.flatMap { $0.isNew ? nil : $0.audienceChangeRate }
                    .map { .text(KoreanFormat.signedPercent($0)) },
                "trend": .text(KoreanFormat.trend(inWeek.flatMap { $0.isNew ? nil : $0.audienceChange })),
                "weekendRank": inWeekend.map { .int($0.rank) },
                "weekendHref": weekend.map { .text(site.href(.period(.weekend, $0.start), from: route)) },
                "weekendAudience": inWeekend.map { .text(KoreanFormat.grouped($0.audience)) },
                "total": total.map { .text(KoreanFormat.grouped($0)) },
            ]
        }
        return .list(rows)
    }

    /// The film's opening weekend as KOBIS's weekend chart gives it (Friday to Sunday): the weekend
    /// of its opening day, or the one after an opening from Monday to Thursday; nil when that
    /// weekend is not on the site or the film is not in its top 10.
    static func openingWeekend(_ site: SiteModel, code: String, openDate: Day?) -> (start: Day, entry: ChartEntry)? {
        guard let open = openDate else { return nil }
        let friday = PeriodKind.weekend.start(containing: open) ?? open.adding(days: 5 - open.weekday)
        guard let i = site.periodIndex[.weekend]?[friday],
            let entry = site.periods[.weekend]?[i].entries.first(where: { $0.movieCode == code })
        else { return nil }
        return (friday, entry)
    }
}

/// A film's page, its data and CSV files, its share card and its drawn placeholder poster.
struct MovieJob: PageJob {
    let code: String

    func id(_ site: SiteModel) -> String { "movie \(code)" }

    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        keys.addMovie(code, to: &f)
        // Its own card, or the site's once it is a year off the charts (unless it reached the top 3).
        f.add(ShareCards.ownsCard(keys.site, film: code))
        return true
    }

    func rowsShown(_ site: SiteModel, into wanted: inout RowsWanted) { wanted.films.insert(code) }

    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        let (card, own) = try ShareCards.forMovie(site, code: code, templates)
        let movie = try site.page(
            .movie(code), "movie", .withCard(MoviePage.context(site, code: code), card, base: site.config.baseURL),
            templates)
        let year = site.films[code]?.openDate?.year
        return (
            [movie]
                + site.shared(
                    [
                        // Its JSON alone: the CSV beside it repeated the same rows (one file a film,
                        // 9,000 on a real whole history); the year files carry every row as CSV.
                        OutputFile(path: Route.movieData(code).path, contents: DataFiles.movie(site, code)),
                    ]) + (own ? card.map { [$0.file] } ?? [] : [])
                // Its drawn placeholder where no copy of its poster is served (none found, a hot-linked
                // one's host may refuse it, a copy failed): 9,000 files a real whole history never showed.
                + (site.dataset.sizedPosters[code] == nil ? [site.placeholder(code, year: year)] : []), 1
        )
    }
}
