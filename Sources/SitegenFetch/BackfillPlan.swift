import Foundation
import SitegenBasics
import SitegenModel

/// What fetching a range will cost before a call is made: the days, weeks and weekends and films
/// that neither the cache nor the history holds for good, and the films the days still to fetch
/// will bring. Read from the disk alone, so `sitegen fetch` can say how many mornings of quota a
/// backfill needs and what it has left after each run.
public struct BackfillPlan: Sendable, Equatable {
    public var days = 0, daysToFetch = 0
    public var periods = 0, periodsToFetch = 0
    /// Films on the charts already held whose details are not.
    public var filmsToFetch = 0
    /// Films the charts still to fetch will add: an estimate.
    public var filmsExpected = 0
    /// The filters' charts (한국, 외국, 다양성, regions) of the same days and periods.
    public var scoped = 0, scopedToFetch = 0
    /// The filters asked for, named as the plan line says them: "한국·외국·다양성", "regions".
    public var scopeNames: [String] = []

    /// The pages of KOBIS's film list the openings page reads (about 20 a year, read each morning).
    public var listPages = 0, listPagesToFetch = 0

    public init() {}

    public var calls: Int {
        daysToFetch + periodsToFetch + filmsToFetch + filmsExpected + scopedToFetch + listPagesToFetch
    }
    public var daysHeld: Int { days - daysToFetch }

    /// Runs at `budget` calls each (one a day, at KOBIS's daily quota) that `calls` takes.
    public func runs(budget: Int) -> Int { calls == 0 ? 0 : (calls + budget - 1) / max(1, budget) }

    /// New films a chart brings per day where the cache cannot tell: about 400 distinct films
    /// reach a chart the site publishes in a year (KOBIS, 2010s: the national top 10 and the
    /// 한국, 외국 and 다양성 ones), so 1.1 a day.
    static let newFilmsPerDay = 1.1

    /// Pages a year of the film list is counted as before its first page says: KOBIS lists about
    /// 1,800 films a year.
    static let expectedListPages = 20

    /// `scopes`: the filters a run asks for beside the national charts; `today`: the openings'
    /// film list is counted when the range reaches this week (as the fetch asks it).
    public static func make(days: [Day], scopes: [ChartScope] = [], source: CachingClient, today: Day? = nil)
        -> BackfillPlan
    {
        var plan = BackfillPlan()
        if let today, Openings.apply(last: days.max(), today: today) {
            for year in Openings.years(today) {
                guard case .filmList(let first, _)? = source.settled(.movieList(year: year, page: 1))?.value else {
                    plan.listPages += expectedListPages
                    plan.listPagesToFetch += expectedListPages
                    continue
                }
                let pages = FilmList.pages(listing: first.total)
                plan.listPages += pages
                plan.listPagesToFetch += (2...max(2, pages)).filter {
                    $0 <= pages && source.settled(.movieList(year: year, page: $0)) == nil
                }.count
            }
        }
        plan.days = days.count
        var films = Set<String>()
        for day in days {
            if case .day(let chart, _)? = source.settled(.dailyChart(day))?.value {
                for entry in chart.entries { films.insert(entry.movieCode) }
            } else {
                plan.daysToFetch += 1
            }
        }
        let periods = FetchPlan.periods(covering: days)
        plan.periods = periods.count
        plan.periodsToFetch = periods.filter { source.settled(.periodChart($0.kind, $0.start)) == nil }.count
        // Every film on a chart the site publishes has a page, so its details are fetched too: the
        // national weeks' and the filters' films held count as the days' do.
        let marketScopes = scopes.filter { ChartScope.market.contains($0) }
        let others = periods.map { SourceRequest.periodChart($0.kind, $0.start) }
            + FetchPlan(days: days, scopes: marketScopes).rounds.flatMap(\.scoped).map(\.request)
        for request in others {
            switch source.settled(request)?.value {
            case .day(let chart, _)?: for entry in chart.entries { films.insert(entry.movieCode) }
            case .period(let chart, _)?: for entry in chart.entries { films.insert(entry.movieCode) }
            default: break
            }
        }
        plan.filmsToFetch = films.filter { source.settled(.movieInfo(code: $0)) == nil }.count
        // A year of held charts measures the rate better than any constant.
        let rate = plan.daysHeld >= 365 ? Double(films.count) / Double(plan.daysHeld) : newFilmsPerDay
        plan.filmsExpected = Int((Double(plan.daysToFetch) * rate).rounded(.up))
        let scoped = FetchPlan(days: days, scopes: scopes).rounds.flatMap(\.scoped)
        plan.scoped = scoped.count
        plan.scopedToFetch = scoped.filter { source.settled($0.request) == nil }.count
        plan.scopeNames = names(of: scopes)
        return plan
    }

    /// What a range costs with nothing held yet (a new site: `sitegen init --since`), from the
    /// calendar alone: every chart and filtered chart, and films at the usual rate.
    public static func estimate(days: [Day], scopes: [ChartScope] = []) -> BackfillPlan {
        var plan = BackfillPlan()
        plan.days = days.count
        plan.daysToFetch = days.count
        plan.periods = FetchPlan.periods(covering: days).count
        plan.periodsToFetch = plan.periods
        plan.filmsExpected = Int((Double(days.count) * newFilmsPerDay).rounded(.up))
        plan.scoped = FetchPlan(days: days, scopes: scopes).rounds.reduce(0) { $0 + $1.scoped.count }
        plan.scopedToFetch = plan.scoped
        plan.scopeNames = names(of: scopes)
        return plan
    }

    /// The 17 시·도 as a plan counts them before their codes are known: each is asked for, so each costs.
    public static let unknownRegions: [ChartScope] = (1...17).map { .region("unknown\($0)") }

    /// Only the filters that are on: the market view's three charts, then the regions.
    static func names(of scopes: [ChartScope]) -> [String] {
        var names: [String] = []
        if scopes.contains(where: { ChartScope.market.contains($0) }) { names.append("한국·외국·다양성") }
        if scopes.contains(where: { if case .region = $0 { true } else { false } }) { names.append("regions") }
        return names
    }

    /// "about 51,000 KOBIS calls, about 21 mornings at 2,500 calls a morning": a figure to plan by,
    /// rounded as an estimate should be.
    public func cost(budget: Int) -> String {
        let rounded = calls >= 10_000 ? (calls + 500) / 1_000 * 1_000 : calls
        let mornings = runs(budget: budget)
        return "about \(Count.grouped(rounded)) KOBIS \(rounded == 1 ? "call" : "calls"), "
            + "\(Count.grouped(mornings)) \(mornings == 1 ? "morning" : "mornings") at \(Count.grouped(budget)) "
            + "\(budget == 1 ? "call" : "calls") a morning"
    }

    /// "8,012 days (7,900 to fetch), 2,288 weeks and weekends (2,250 to fetch), 140 films to fetch
    /// and about 8,690 more on the days still to fetch"
    public var description: String {
        var text = "\(Count.grouped(days)) \(days == 1 ? "day" : "days") (\(Count.grouped(daysToFetch)) to fetch), "
            + "\(Count.grouped(periods)) \(periods == 1 ? "week or weekend" : "weeks and weekends") "
            + "(\(Count.grouped(periodsToFetch)) to fetch), "
            + "\(Count.grouped(filmsToFetch)) \(filmsToFetch == 1 ? "film" : "films") to fetch"
        if filmsExpected > 0 { text += " and about \(Count.grouped(filmsExpected)) more on the days still to fetch" }
        if scoped > 0 {
            let which = scopeNames.isEmpty ? "" : " of " + scopeNames.joined(separator: " and ")
            text += ", \(Count.grouped(scoped)) filtered charts\(which) (\(Count.grouped(scopedToFetch)) to fetch)"
        }
        if listPages > 0 {
            text += ", \(Count.of(listPages, "page")) of the film list for this week's openings "
                + "(\(Count.grouped(listPagesToFetch)) to fetch)"
        }
        return text
    }
}

extension CachingClient {
    /// The answer held for good (the cache's or the history's), without asking anyone.
    public func settled(_ request: SourceRequest) -> APIAnswer? {
        if let entry = try? cachedAnswer(request),
            isFinal(request, entry)
        {
            return entry
        }
        if let history, let entry = fromHistory(request, history), isFinal(request, entry) { return entry }
        return nil
    }
}
