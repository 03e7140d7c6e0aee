import Foundation
import SitegenModel

/// One movie: poster, credits, its run over the days built, and its note.
enum MoviePage {
    static let actorsShown = 6

    static func context(_ site: SiteModel, code: String) -> [String: Any] {
        let route = Route.movie(code)
        let rows = site.history[code] ?? []
        let movie = site.dataset.movies[code]
        let title = site.title(of: code)
        let latest = rows.last!.entry
        let openDate = movie?.openDate ?? rows.first?.entry.openDate

        var facts: [[String: String]] = []
        func fact(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { facts.append(["label": label, "value": value]) }
        }
        if let movie {
            fact("감독", movie.directors.map(\.name).joined(separator: ", "))
            let shown = movie.actors.prefix(actorsShown).map(\.name).joined(separator: ", ")
            fact("배우", movie.actors.count > actorsShown ? "\(shown) 외 \(movie.actors.count - actorsShown)명" : shown)
            fact("장르", movie.genres.joined(separator: ", "))
            fact("상영시간", movie.runtimeMinutes.map { "\($0)분" })
            fact("제작연도", movie.productionYear.map { "\($0)년" })
            fact("제작국가", movie.nations.joined(separator: ", "))
            fact("배급사", movie.distributors.joined(separator: ", "))
        }
        fact("개봉일", openDate.map(KoreanFormat.longDate))

        // Every day from its first to its last appearance, gaps included: a gap is "out of the
        // top 10", never zero audience.
        var history: [[String: Any]] = []
        var byDate: [Day: ChartEntry] = [:]
        for row in rows { byDate[row.date] = row.entry }
        let span = site.days.map(\.date).filter { $0 >= rows.first!.date && $0 <= rows.last!.date }
        let run = RunFacts(rows: rows, openDate: openDate)
        for d in span {
            var row: [String: Any] = [
                "date": KoreanFormat.shortDate(d) + " (\(KoreanFormat.weekdayNames[d.weekday]))",
                "dayHref": Route.day(d).href(from: route),
                "weekdayClass": d.weekday == 0 ? "sun" : d.weekday == 6 ? "sat" : "",
            ]
            if let e = byDate[d] {
                row.merge(DayPage.entry(site, e, date: d, from: route)) { a, _ in a }
                row["charted"] = true
            }
            history.append(row)
        }
        let ranks = rows.map(\.entry.rank)
        let best = ranks.min() ?? 0
        let strip: [[String: Any]] = span.map { d in
            var cell: [String: Any] = ["label": KoreanFormat.shortDate(d) + " (\(KoreanFormat.weekdayNames[d.weekday]))"]
            if let e = byDate[d] { cell["rank"] = e.rank; cell["tier"] = e.rank == 1 ? "r1" : e.rank <= 3 ? "r3" : e.rank <= 5 ? "r5" : "r10" }
            return cell
        }
        let milestones: [[String: Any]] = run.milestones.map { m in
            var c: [String: Any] = ["label": "\(RunFacts.label(m.threshold)) 관객 돌파", "date": KoreanFormat.longDate(m.date),
                                    "dayHref": Route.day(m.date).href(from: route)]
            if let n = m.dayOfRun { c["dayOfRun"] = "개봉 \(n)일 만에" }
            if !m.exact { c["approx"] = "상위 10위 밖에 있던 사이에 넘어, 이 날 처음 확인" }
            return c
        }
        var summary: [String: Any] = [
            "audienceTotal": KoreanFormat.people(latest.audienceTotal),
            "audienceTotalCompact": KoreanFormat.people(latest.audienceTotal, compact: true),
            "salesTotalCompact": KoreanFormat.won(latest.salesTotal, compact: true),
            "asOf": KoreanFormat.longDate(rows.last!.date),
            "bestRank": "\(best)위",
            "daysCharted": "\(rows.count)일",
            "daysAtTop": "\(ranks.filter { $0 == 1 }.count)일",
        ]
        let streakContinues = run.currentTopStreak >= 2 && rows.last!.date == site.days.last?.date
        if streakContinues { summary["currentStreak"] = "\(run.currentTopStreak)일 연속 1위 중" }
        if run.longestTopStreak >= 2 && !(streakContinues && run.currentTopStreak == run.longestTopStreak) {
            summary["topStreak"] = "\(run.longestTopStreak)일 연속 1위"
        }
        var info: [String: Any] = [
            "code": code,
            "title": title,
            "poster": site.posterContext(code, from: route),
            "facts": facts,
            "summary": summary,
            "history": history,
            "chart": AudienceChart.svg(title: title, days: span, rows: byDate, milestones: run.milestones),
            "strip": strip,
            "milestones": milestones,
            "hasMilestones": !milestones.isEmpty,
            "csvHref": Route.movieCSV(code).href(from: route),
            "hasDetails": movie != nil,
            "dataHref": Route.movieData(code).href(from: route),
        ]
        if let en = movie?.englishTitle, !en.isEmpty { info["englishTitle"] = en }
        if let grade = movie?.watchGrades.first { info["grade"] = ["name": grade, "kind": gradeKind(grade)] }
        if let note = site.noteHTML(site.notes.movies[code], on: route) { info["note"] = note }

        let description = "\(title): 누적 관객 \(KoreanFormat.people(latest.audienceTotal, compact: true)), 최고 \(best)위"
            + (site.isDemo ? " · 데모 데이터" : "")
        return site.base(route, title: title, description: description, kind: "movie",
                         extra: ["dataHref": Route.movieData(code).href(from: route)])
            .merging(["movie": info]) { a, _ in a }
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
