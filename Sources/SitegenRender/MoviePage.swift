import Foundation
import SitegenModel
import SitegenMustache

/// One movie: poster, credits, its run over the days built, and its note.
enum MoviePage {
    static let actorsShown = 6

    static func context(_ site: SiteModel, code: String) -> TemplateValue {
        let route = Route.movie(code)
        let rows = site.history[code] ?? []
        let movie = site.dataset.movies[code]
        let title = site.title(of: code)
        let latest = rows.last!.entry
        let openDate = site.films[code]?.openDate

        var facts: [TemplateValue] = []
        func fact(_ label: String, _ value: String?) {
            if let value, !value.isEmpty {
                facts.append(["label": .text(label), "value": .text(value), "people": nil, "more": nil])
            }
        }
        // Every director and the actors shown link to their pages; the rest are on the search page.
        func people(_ label: String, _ list: [Person], more: Int) {
            let links: [TemplateValue] = list.enumerated().compactMap { i, person in
                guard let id = site.people.id(of: person) else { return nil }
                return [
                    "name": .text(PeopleIndex.clean(person.name)), "href": .text(site.path(.person(id))),
                    "comma": .bool(i > 0)
                ]
            }
            guard !links.isEmpty else { return }
            facts.append([
                "label": .text(label), "value": nil, "people": .list(links),
                "more": more > 0 ? .text("외 \(more)명") : nil
            ])
        }
        // Each 배급사 with a page links it; a name without a usable code stays text.
        func distributors(_ movie: Movie) {
            let linked = Set(site.market.distributors.ofFilm[code] ?? [])
            var seen = Set<String>()
            let names = movie.companies.filter { $0.part == "배급사" && seen.insert($0.name).inserted }
            guard !names.isEmpty else { return }
            let links: [TemplateValue] = names.enumerated().map { i, company in
                [
                    "name": .text(company.name), "comma": .bool(i > 0),
                    "href": linked.contains(company.code) ? .text(site.path(.distributor(company.code))) : nil,
                ]
            }
            facts.append(["label": "배급사", "value": nil, "people": .list(links), "more": nil])
        }
        if let movie {
            people("감독", movie.directors, more: 0)
            people("배우", Array(movie.actors.prefix(actorsShown)), more: movie.actors.count - actorsShown)
            fact("장르", movie.genres.joined(separator: ", "))
            fact("상영시간", movie.runtimeMinutes.map { "\($0)분" })
            fact("제작연도", movie.productionYear.map { "\($0)년" })
            fact("제작국가", movie.nations.joined(separator: ", "))
            distributors(movie)
        }
        fact("개봉일", openDate.map(KoreanFormat.longDate))

        // Every day from its first to its last appearance, gaps included: a gap is "out of the
        // top 10", never zero audience.
        var history: [TemplateValue] = []
        var byDate: [Day: ChartEntry] = [:]
        var values: [Day: TemplateValue] = [:]
        for row in rows {
            byDate[row.date] = row.entry
            values[row.date] = site.rows.row(of: code, on: row.date)?.values
        }
        let span = site.days[site.dayIndex[rows.first!.date]!...site.dayIndex[rows.last!.date]!].map(\.date)
        let run = RunFacts(rows: rows, openDate: openDate)
        for d in span {
            history.append([
                // The year is dropped on phones (a run rarely spans two), so the figures fit beside the date.
                "year": .text(Day.pad(d.year, 4) + "."),
                "monthDay": .text(
                    Day.pad(d.month, 2) + "." + Day.pad(d.day, 2) + " (\(KoreanFormat.weekdayNames[d.weekday]))"),
                "dayHref": .text(site.href(.day(d), from: route)),
                // A holiday is red like a Sunday, even on a Saturday.
                "weekdayClass": .text(KoreanFormat.dayClass(d) == "holiday" ? "sun" : KoreanFormat.dayClass(d)),
                "entry": values[d],
            ])
        }
        let ranks = rows.map(\.entry.rank)
        let best = ranks.min() ?? 0
        let strip: [TemplateValue] = span.map { d in
            let e = byDate[d]
            return ["label": .text(KoreanFormat.shortDate(d) + " (\(KoreanFormat.weekdayNames[d.weekday]))"),
                    "rank": e.map { .int($0.rank) },
                    "tier": e.map { .text($0.rank == 1 ? "r1" : $0.rank <= 3 ? "r3" : $0.rank <= 5 ? "r5" : "r10") }]
        }
        let milestones: [TemplateValue] = run.milestones.map { m in
            ["label": .text("\(RunFacts.label(m.threshold)) 관객 돌파"), "date": .text(KoreanFormat.longDate(m.date)),
             "dayHref": .text(site.href(.day(m.date), from: route)),
             "dayOfRun": m.dayOfRun.map { .text("개봉 \($0)일 만에") },
             "approx": m.exact ? nil : .text("상위 10위 밖에 있던 사이에 넘어, 이 날 처음 확인")]
        }
        var summary: [String: TemplateValue] = [
            "audienceTotal": .text(KoreanFormat.people(latest.audienceTotal)),
            "audienceTotalCompact": .text(KoreanFormat.people(latest.audienceTotal, compact: true)),
            "salesTotalCompact": .text(KoreanFormat.won(latest.salesTotal, compact: true)),
            "salesTotal": .text(KoreanFormat.won(latest.salesTotal)),
            "asOf": .text(KoreanFormat.longDate(rows.last!.date)),
            "bestRank": .text("\(best)위"),
            "daysCharted": .text("\(rows.count)일"),
            "daysAtTop": .text("\(ranks.filter { $0 == 1 }.count)일"),
            "currentStreak": .null,
            "topStreak": .null,
        ]
        let streakContinues = run.currentTopStreak >= 2 && rows.last!.date == site.days.last?.date
        if streakContinues { summary["currentStreak"] = .text("\(run.currentTopStreak)일 연속 1위 중") }
        if run.longestTopStreak >= 2 && !(streakContinues && run.currentTopStreak == run.longestTopStreak) {
            summary["topStreak"] = .text("\(run.longestTopStreak)일 연속 1위")
        }
        let info: TemplateValue = [
            "code": .text(code),
            "title": .text(title),
            "poster": site.posterContext(code, onFilmPage: true),
            "facts": .list(facts),
            "summary": .object(summary),
            "history": .list(history),
            "chart": .text(AudienceChart.html(title: title, days: span, rows: byDate, milestones: run.milestones)),
            "strip": .list(strip),
            "milestones": .list(milestones),
            "hasMilestones": .bool(!milestones.isEmpty),
            "csvHref": .text(site.href(.movieCSV(code), from: route)),
            "hasDetails": .bool(movie != nil),
            "dataHref": .text(site.href(.movieData(code), from: route)),
            "englishTitle": movie.flatMap { $0.englishTitle.isEmpty ? nil : .text($0.englishTitle) },
            "grade": movie?.watchGrades.first.map { ["name": .text($0), "kind": .text(gradeKind($0))] },
            "note": site.noteHTML(site.notes.movies[code], on: route).templateValue,
            "regions": RegionPage.filmRegions(site, code: code),
        ]
        let description = "\(title): 누적 관객 \(KoreanFormat.people(latest.audienceTotal, compact: true)), 최고 \(best)위"
            + (site.isDemo ? " · 데모 데이터" : "")
        let structured = [
            StructuredData.breadcrumbs(site, [("영화·인물 찾기", .search), (title, .movie(code))], from: route),
            StructuredData.movie(site, code: code, title: title, from: route),
        ]
        return site.base(route, title: title, description: description, kind: "movie",
                         dataHref: site.href(.movieData(code), from: route), structuredData: structured,
                         content: ["movie": info])
    }

    /// CSS hook for the rating badge colours (ALL / 12 / 15 / 청불).
    static func gradeKind(_ grade: String) -> String {
        if grade.contains("전체") { return "all" }
        if grade.contains("12") { return "12" }
        if grade.contains("15") { return "15" }
        if grade.contains("청소년") || grade.contains("18") { return "18" }
        return "other"
    }
}
