import Foundation
import SitegenModel
import SitegenMustache

/// Which years of the range are whole while a backfill is still filling in the history: the
/// archive and the years' index say so, so a reader never takes a year of a few fetched days
/// for the year's figures.
enum Coverage {
    struct Year {
        let year: Int
        let held: Int
        let missing: Int
        let filmsPending: Int
        var isComplete: Bool { missing == 0 && filmsPending == 0 }
    }

    /// Every year of the range, newest first; empty when nothing is missing.
    static func years(_ site: SiteModel) -> [Year] {
        let gaps = site.dataset.gaps
        guard !gaps.isEmpty else { return [] }
        var held: [Int: Int] = [:], missing: [Int: Int] = [:], films: [Int: Int] = [:]
        for chart in site.days { held[chart.date.year, default: 0] += 1 }
        for day in gaps.days { missing[day.year, default: 0] += 1 }
        let pending = Set(gaps.movies)
        var seen = Set<String>()
        for chart in site.days {
            for e in chart.entries where pending.contains(e.movieCode) && seen.insert(e.movieCode).inserted {
                films[chart.date.year, default: 0] += 1
            }
        }
        return Set(held.keys).union(missing.keys).sorted(by: >).map {
            Year(year: $0, held: held[$0] ?? 0, missing: missing[$0] ?? 0, filmsPending: films[$0] ?? 0)
        }
    }

    /// The notice for the archive and the years' index, or null when the history is whole.
    static func notice(_ site: SiteModel) -> TemplateValue {
        let years = self.years(site)
        guard !years.isEmpty else { return .null }
        let complete = years.filter(\.isComplete).map(\.year)
        let incomplete = years.filter { !$0.isComplete }.map(\.year)
        let gaps = site.dataset.gaps
        let w = site.words
        var text = w("coverageStart")
        text += complete.isEmpty ? w("coverageNoYear") : w("coverageComplete", spans(complete, w))
        text += w("coverageCollecting", spans(incomplete, w))
        var left: [String] = []
        if !gaps.days.isEmpty { left.append(w("coverageDaysLeft", KoreanFormat.grouped(Int64(gaps.days.count)))) }
        if !gaps.movies.isEmpty {
            left.append(w("coverageFilmsLeft", KoreanFormat.grouped(Int64(gaps.movies.count))))
        }
        text += " (" + left.joined(separator: ", ") + ")" + w("coverageEnd")
        return ["text": .text(text)]
    }

    /// "2024년 · 2004–2020년": runs of consecutive years, newest first.
    static func spans(_ years: [Int], _ w: Words) -> String {
        var runs: [(Int, Int)] = []
        for year in years.sorted(by: >) {
            if let last = runs.last, last.1 == year + 1 {
                runs[runs.count - 1].1 = year
            } else {
                runs.append((year, year))
            }
        }
        return runs.map { $0.0 == $0.1 ? w.year($0.0) : "\($0.1)–" + w.year($0.0) }.joined(separator: " · ")
    }

    /// "365일 중 120일" on a year's card, or null for a whole year.
    static func pending(_ site: SiteModel, year: Int, in years: [Year]) -> TemplateValue {
        guard let entry = years.first(where: { $0.year == year }), !entry.isComplete else { return .null }
        if entry.missing == 0 { return .text(site.words("pendingFilms", "\(entry.filmsPending)")) }
        return .text(site.words("pendingDays", "\(entry.held + entry.missing)", "\(entry.held)"))
    }
}
