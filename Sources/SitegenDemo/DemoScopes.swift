import Foundation
import SitegenModel

/// Which films a 한국, 외국 or 다양성 chart keeps of the whole market's ranking. The rows keep
/// their figures, so a film's audience on the 한국 chart is its audience on the national chart.
struct DemoFilter: Sendable {
    let scope: ChartScope
    static let all = DemoFilter(.all)
    init(_ scope: ChartScope) { self.scope = scope }

    func includes(_ film: DemoFilm) -> Bool {
        switch scope {
        case .all, .region: true
        case .korean: film.isKorean
        case .foreign: !film.isKorean
        case .diversity: film.isDiversity
        }
    }

    /// The same array when every film is kept: the national chart pays nothing for filters.
    func apply<T: DemoFilmed>(_ items: [T]) -> [T] {
        switch scope {
        case .all, .region: items
        default: items.filter { includes($0.film) }
        }
    }
}

protocol DemoFilmed { var film: DemoFilm { get } }
extension DemoRanked: DemoFilmed {}
extension DemoPeriodFigures: DemoFilmed {}

extension DemoRows {
    /// The day's chart under `scope`: a region's from its own share of every film's figures
    /// (empty for a code the demo does not know, as KOBIS answers an unknown filter).
    static func daily(_ t: Int, scope: ChartScope, market: some DemoMarketView) -> [DemoRow] {
        guard case .region(let code) = scope else { return daily(t, market: market, keep: DemoFilter(scope)) }
        guard let region = DemoRegions.index(of: code) else { return [] }
        return daily(t, market: DemoRegionView(base: market, region: region))
    }

    static func period(_ kind: PeriodKind, start: Day, scope: ChartScope, market: some DemoMarketView) -> [DemoRow] {
        guard case .region(let code) = scope else {
            return period(kind, start: start, market: market, keep: DemoFilter(scope))
        }
        guard let region = DemoRegions.index(of: code) else { return [] }
        return period(kind, start: start, market: DemoRegionView(base: market, region: region))
    }
}

/// The market as one region sees it: every film's regional share of its runs, ranked by it.
/// Only the whole market's playing films can play in a region, so its ranking starts from theirs.
struct DemoRegionView<Base: DemoMarketView>: DemoMarketView {
    let base: Base
    let region: Int

    var regional: DemoRegional { base.regional }
    var scale: DemoScale { base.scale }

    func runs(inWeek week: Int) -> [DemoRun] {
        base.runs(inWeek: week).map { base.regional.runs(of: $0)[region] }
    }

    func ranking(_ ordinal: Int) -> [DemoRanked] {
        base.ranking(ordinal).compactMap { whole -> DemoRanked? in
            let run = base.regional.runs(of: whole.run)[region]
            let audience = run.audience[ordinal - run.first]
            return audience > 0 ? DemoRanked(run: run, audience: audience) : nil
        }
        .sorted(by: DemoWorld.ranksBefore)
    }
}
