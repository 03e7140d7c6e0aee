import Foundation
import SitegenBasics
import SitegenModel

/// The market view's data indexed for rendering: the 한국, 외국 and 다양성 charts by date and
/// period, the shares worked out from them, the regions with a page each, and the distributors
/// of the charted films. Plain data, built once per render beside `SiteIndex`.
final class MarketIndex: Sendable {
    /// The filters with a chart on some day, in tab order (한국, 외국, 다양성).
    let scopes: [ChartScope]
    let days: [ChartScope: [DayChart]]
    let dayIndex: [ChartScope: [Day: Int]]
    let periods: [ChartScope: [PeriodKind: [PeriodChart]]]
    let periodIndex: [ChartScope: [PeriodKind: [Day: Int]]]
    /// Films on a filter's chart but on no national one: no page, a drawn poster, a title.
    let scopedOnly: [String: ChartEntry]
    /// Whether a film is Korean, as KOBIS's Korean and foreign charts sort it: known for a film on
    /// either even while its details are missing.
    let koreanFilm: [String: Bool]
    /// Regions whose code and slug are fit for a path, each slug once, in the code service's order.
    let regions: [RegionPlace]
    /// Each film's audience on each region's daily top 10, summed: (position in `regions`, audience).
    let filmRegions: [String: [(region: Int, audience: Int64)]]
    let distributors: DistributorIndex
    /// Each day's 한국 vs 외국 share, summed once: the market page adds up every day several
    /// times over (years, months, the chart), and each day's pages show its own.
    private let dayShares: [Day: MarketShare]

    struct RegionPlace: Sendable {
        let region: Region
        let slug: String
        /// Its daily and weekly charts, oldest first.
        let days: [DayChart]
        let weeks: [PeriodChart]
    }

    /// `distributors`: the distributors' index, begun by the caller before anything else of the
    /// site's index (it needs only the national rows and the films' details), so no core waits
    /// for it at the end.
    init(_ dataset: Dataset, nationalCodes: Set<String>, periodCodes: Set<String>,
         distributors distributorIndex: Later<DistributorIndex>) {
        // The distributors and the regions' sums read nothing the filters' loops below make: on
        // the other core meanwhile (this index was a tenth of a real-sized morning on one core
        // while the other sat idle).
        var slugs = Set<String>(), places: [RegionPlace] = []
        for region in dataset.regions where Self.isPathSafe(region.code) {
            guard let charts = dataset.scoped[.region(region.code)] else { continue }
            let slug = slugs.contains(region.slug) ? region.code : region.slug
            guard slugs.insert(slug).inserted else { continue }
            places.append(
                RegionPlace(
                    region: region, slug: slug, days: charts.days, weeks: charts.periods.filter { $0.kind == .week }))
        }
        let regionPlaces = places
        let filmRegions = Later {
            var filmRegions: [String: [(region: Int, audience: Int64)]] = [:]
            for (i, place) in regionPlaces.enumerated() {
                var sums: [String: Int64] = [:]
                for day in place.days {
                    for i in day.entries.indices {
                        sums[day.entries[i].movieCode, default: 0] += day.entries[i].audience
                    }
                }
                for (code, n) in sums where n > 0 { filmRegions[code, default: []].append((i, n)) }
            }
            return filmRegions
        }
        var scopes: [ChartScope] = [], days: [ChartScope: [DayChart]] = [:]
        var periods: [ChartScope: [PeriodKind: [PeriodChart]]] = [:]
        var scopedOnly: [String: ChartEntry] = [:]
        var koreanFilm: [String: Bool] = [:]
        for scope in ChartScope.market {
            guard let charts = dataset.scoped[scope], !charts.days.isEmpty || !charts.periods.isEmpty else { continue }
            if scope == .korean || scope == .foreign {
                // Rows read by place here and below: each row copied out of its chart was three strings
                // retained and released, for each of a whole history's 240,000 filter rows.
                let korean = scope == .korean
                for chart in charts.days {
                    for i in chart.entries.indices { koreanFilm[chart.entries[i].movieCode] = korean }
                }
                for chart in charts.periods {
                    for i in chart.entries.indices { koreanFilm[chart.entries[i].movieCode] = korean }
                }
            }
            scopes.append(scope)
            days[scope] = charts.days
            var byKind: [PeriodKind: [PeriodChart]] = [.week: [], .weekend: []]
            for chart in charts.periods { byKind[chart.kind, default: []].append(chart) }
            periods[scope] = byKind
            for chart in charts.days {
                for i in chart.entries.indices {
                    let code = chart.entries[i].movieCode
                    if !nationalCodes.contains(code) && !periodCodes.contains(code) {
                        scopedOnly[code] = chart.entries[i]
                    }
                }
            }
            for chart in charts.periods {
                for i in chart.entries.indices {
                    let code = chart.entries[i].movieCode
                    if !nationalCodes.contains(code) && !periodCodes.contains(code) && scopedOnly[code] == nil {
                        scopedOnly[code] = chart.entries[i]
                    }
                }
            }
        }
        self.scopes = scopes
        self.days = days
        self.periods = periods
        dayIndex = days.mapValues { Dictionary(uniqueKeysWithValues: $0.enumerated().map { ($1.date, $0) }) }
        periodIndex = periods.mapValues { kinds in
            kinds.mapValues { Dictionary(uniqueKeysWithValues: $0.enumerated().map { ($1.start, $0) }) }
        }
        self.scopedOnly = scopedOnly
        self.koreanFilm = koreanFilm
        regions = places
        self.filmRegions = filmRegions.value
        distributors = distributorIndex.value
        // Each day's sums on every core: 8,000 days of three charts were the last of a real-sized
        // morning's index, on one core.
        let korean = days[.korean] ?? [], (byScope, index) = (days, dayIndex)
        let shares = concurrentMap(korean.count, chunk: 256) { i -> MarketShare? in
            guard let f = Self.chart(.foreign, korean[i].date, byScope, index) else { return nil }
            let diversity = Self.chart(.diversity, korean[i].date, byScope, index)
            return MarketShare(korean: korean[i].entries, foreign: f.entries, diversity: diversity?.entries)
        }
        var dayShares: [Day: MarketShare] = [:]
        dayShares.reserveCapacity(korean.count)
        for (chart, share) in zip(korean, shares) { if let share { dayShares[chart.date] = share } }
        self.dayShares = dayShares
    }

    /// ASCII letters and digits only, and no name Windows reserves: a code from the network that
    /// becomes a folder name.
    static func isPathSafe(_ code: String) -> Bool {
        !code.isEmpty && code.utf8.count <= 32 && !PortableNames.isReserved(code) && code.unicodeScalars.allSatisfy {
            $0.isASCII && CharacterSet.alphanumerics.contains($0)
        }
    }

    func day(_ scope: ChartScope, _ date: Day) -> DayChart? { Self.chart(scope, date, days, dayIndex) }

    /// `day(_:_:)` while the index is still being built.
    private static func chart(
        _ scope: ChartScope, _ date: Day, _ days: [ChartScope: [DayChart]], _ index: [ChartScope: [Day: Int]]
    ) -> DayChart? {
        index[scope]?[date].map { days[scope]![$0] }
    }

    func period(_ scope: ChartScope, _ kind: PeriodKind, _ start: Day) -> PeriodChart? {
        periodIndex[scope]?[kind]?[start].map { periods[scope]![kind]![$0] }
    }

    /// 한국영화 vs 외국영화 on a day: nil unless both charts are there.
    func share(on date: Day) -> MarketShare? { dayShares[date] }

    func share(_ kind: PeriodKind, _ start: Day) -> MarketShare? {
        guard let k = period(.korean, kind, start), let f = period(.foreign, kind, start) else { return nil }
        return MarketShare(korean: k.entries, foreign: f.entries, diversity: period(.diversity, kind, start)?.entries)
    }
}

/// Korean and foreign films' audience and sales from the top 10 of each, and the 다양성 top 10's.
/// KOBIS's filtered answers hold ten rows each, so these are shares of the twenty films charted,
/// not of the whole market: pages say 「각 상위 10편 기준」. Computed from the sums, never from
/// `salesShare` (whether a filtered row's share is of the market or the filter is unverified).
struct MarketShare: Sendable, Equatable {
    var koreanAudience: Int64 = 0, foreignAudience: Int64 = 0
    var koreanSales: Int64 = 0, foreignSales: Int64 = 0
    var diversityAudience: Int64 = 0, diversitySales: Int64 = 0
    /// Whether every summed period had a 다양성 chart.
    var hasDiversity = true

    init() {}

    init(korean: [ChartEntry], foreign: [ChartEntry], diversity: [ChartEntry]?) {
        koreanAudience = korean.audienceSum; foreignAudience = foreign.audienceSum
        koreanSales = korean.salesSum; foreignSales = foreign.salesSum
        diversityAudience = diversity?.audienceSum ?? 0; diversitySales = diversity?.salesSum ?? 0
        hasDiversity = diversity != nil
    }

    static func + (a: MarketShare, b: MarketShare) -> MarketShare {
        var s = a
        s.koreanAudience += b.koreanAudience; s.foreignAudience += b.foreignAudience
        s.koreanSales += b.koreanSales; s.foreignSales += b.foreignSales
        s.diversityAudience += b.diversityAudience; s.diversitySales += b.diversitySales
        s.hasDiversity = a.hasDiversity && b.hasDiversity
        return s
    }

    var audience: Int64 { koreanAudience + foreignAudience }
    var sales: Int64 { koreanSales + foreignSales }

    /// Percent, nil when there is nothing to divide.
    static func percent(_ part: Int64, of whole: Int64) -> Double? {
        whole > 0 ? Double(part) / Double(whole) * 100 : nil
    }

    var koreanAudienceShare: Double? { Self.percent(koreanAudience, of: audience) }
    var koreanSalesShare: Double? { Self.percent(koreanSales, of: sales) }
    var diversityAudienceShare: Double? { hasDiversity ? Self.percent(diversityAudience, of: audience) : nil }
}
