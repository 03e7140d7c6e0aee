import Foundation
import SitegenBasics
import SitegenModel

/// The keys of the pages made from the whole site (the archive's index, years, records, feeds,
/// the app's files, the market, region and distributor pages): one print of everything they can
/// show, so a rebuild with nothing changed renders none of them again, while any change to the
/// data renders them all (most change every morning anyway). A distributor's page has a key of
/// its own: a long history has hundreds, and a morning changes a few.
struct WholeSiteKeys {
    let print: UInt64

    init(_ site: SiteModel, dayPrints: [UInt64], periodPrints: [PeriodKind: [UInt64]],
         marketDayPrints: [Day: UInt64], looks: [String: UInt64], facts: [String: UInt64]) {
        var f = Fingerprint("whole site")
        f.add(dayPrints.count)
        for (print, day) in zip(dayPrints, site.days) { f.add(day.date); f.add(print) }
        for kind in PeriodKind.allCases {
            let prints = periodPrints[kind] ?? []
            f.add(prints.count); prints.forEach { f.add($0) }
        }
        for date in marketDayPrints.keys.sorted() { f.add(date); f.add(marketDayPrints[date]!) }
        let market = site.market
        // A filter's weeks and weekends as these pages show them: the shares over time, from the sums
        // (each period's own filters page has its own key).
        for scope in market.scopes {
            f.add(scope.slug)
            for kind in PeriodKind.allCases {
                for chart in market.periods[scope]?[kind] ?? [] {
                    f.add(chart.start); f.add(chart.audienceSum); f.add(chart.salesSum)
                }
            }
        }
        for place in market.regions {
            f.add(place.region.code); f.add(place.region.name); f.add(place.region.englishName); f.add(place.slug)
            // Its history as its page shows it: each day's totals and #1, the latest day and week whole.
            for day in place.days {
                f.add(day.date); f.add(day.audienceSum); f.add(day.salesSum); f.add(day.first?.movieCode)
            }
            if let day = place.days.last { f.add(day) }
            if let week = place.weeks.last { f.add(week) }
        }
        for code in looks.keys.sorted() { f.add(code); f.add(looks[code]!); f.add(facts[code] ?? 0) }
        for code in site.dataset.movies.keys.sorted() { f.add(site.dataset.movies[code]) }
        for code in market.scopedOnly.keys.sorted() { f.add(code); f.add(market.scopedOnly[code]!) }
        f.add(site.people.people.count)
        for person in site.people.people { f.add(person.id) }
        let notes = site.notes
        f.add(notes.site)
        for day in notes.days.keys.sorted() { f.add(day); f.add(notes.days[day]) }
        for code in notes.movies.keys.sorted() { f.add(code); f.add(notes.movies[code]) }
        let gaps = site.dataset.gaps
        f.add(gaps.days.count); gaps.days.forEach { f.add($0) }; f.add(gaps.movies); f.add(gaps.scopedCharts)
        f.add(site.dataset.openings != nil)
        print = f.value
    }
}
