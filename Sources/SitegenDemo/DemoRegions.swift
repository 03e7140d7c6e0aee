import Foundation
import SitegenBasics
import SitegenModel

/// The 17 시·도 the demo's code list names, as KOBIS's common-code service lists them (group
/// 0105000000), and how every film's figures divide among them: each day's audience, sales,
/// screens and showings are split by the film's regional weights so that the regions of a day
/// add up exactly to the national figure, and so do their running totals.
enum DemoRegions {
    /// Code, name, English name, and a weight near the region's share of the population (%).
    static let table: [(code: String, name: String, english: String, weight: Double)] = [
        ("0105001", "서울시", "Seoul", 18.2), ("0105002", "경기도", "Gyeonggi-do", 26.6),
        ("0105003", "강원도", "Gangwon-do", 2.9), ("0105004", "충청북도", "Chungcheongbuk-do", 3.1),
        ("0105005", "충청남도", "Chungcheongnam-do", 4.2), ("0105006", "경상북도", "Gyeongsangbuk-do", 5.0),
        ("0105007", "경상남도", "Gyeongsangnam-do", 6.4), ("0105008", "전라북도", "Jeollabuk-do", 3.4),
        ("0105009", "전라남도", "Jeollanam-do", 3.5), ("0105010", "제주도", "Jeju-do", 1.3),
        ("0105011", "부산시", "Busan", 6.4), ("0105012", "대구시", "Daegu", 4.6),
        ("0105013", "대전시", "Daejeon", 2.8), ("0105014", "울산시", "Ulsan", 2.1),
        ("0105015", "인천시", "Incheon", 5.9), ("0105016", "광주시", "Gwangju", 2.8),
        ("0105017", "세종시", "Sejong", 0.8),
    ]

    static let regions = table.map { Region(code: $0.code, name: $0.name, englishName: $0.english) }

    static func index(of code: String) -> Int? { table.firstIndex { $0.code == code } }

    /// A film's pull in each region: the population's, tilted by up to a third either way, so
    /// one film is strongest in Busan and the next in Seoul.
    static func weights(_ film: DemoFilm) -> [Double] {
        var r = SeededRandom(film.week, film.slot, 606)
        return table.map { $0.weight * exp(r.range(-0.4, 0.4)) }
    }

    /// `total` in whole parts proportional to `weights`, adding up to `total` exactly: each part's
    /// floor, then one more to the largest remainders (ties to the earlier region). Hamilton's
    /// method, by hand: no library apportions integers, and it is ten lines.
    static func split(_ total: Int64, _ weights: [Double], sum: Double) -> [Int64] {
        guard total > 0 else { return [Int64](repeating: 0, count: weights.count) }
        let exact = weights.map { Double(total) * $0 / sum }
        var parts = exact.map { Int64($0.rounded(.down)) }
        var left = total - parts.reduce(0, +)
        let order = weights.indices.sorted { a, b in
            let (fa, fb) = (exact[a] - Double(parts[a]), exact[b] - Double(parts[b]))
            return fa != fb ? fa > fb : a < b
        }
        var k = 0
        while left > 0 {
            parts[order[k % order.count]] += 1
            left -= 1
            k += 1
        }
        return parts
    }

    /// The film's run in each region, in `table` order.
    static func runs(of run: DemoRun) -> [DemoRun] {
        let weights = weights(run.film), sum = weights.reduce(0, +), count = run.audience.count
        var audience = [[Int64]](repeating: [Int64](repeating: 0, count: count), count: weights.count)
        var sales = audience
        var screens = [[Int]](repeating: [Int](repeating: 0, count: count), count: weights.count)
        var showings = screens
        for i in 0..<count where run.audience[i] > 0 {
            let a = split(run.audience[i], weights, sum: sum)
            // The rest follow the audience, so a region with no tickets has no sales either.
            let byAudience = a.map(Double.init), whole = Double(run.audience[i])
            let s = split(run.sales[i], byAudience, sum: whole)
            let sc = split(Int64(run.screens[i]), byAudience, sum: whole)
            let sh = split(Int64(run.showings[i]), byAudience, sum: whole)
            for g in weights.indices where a[g] > 0 {
                audience[g][i] = a[g]
                sales[g][i] = s[g]
                // A region that sold tickets had a screen, however small its share of the film's.
                screens[g][i] = max(1, Int(sc[g]))
                showings[g][i] = max(screens[g][i], Int(sh[g]))
            }
        }
        return weights.indices.map {
            DemoRun(share: run, audience: audience[$0], sales: sales[$0], screens: screens[$0], showings: showings[$0])
        }
    }
}

/// Every film's regional runs, worked out the first time a region's chart asks for them.
final class DemoRegional: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [String: [DemoRun]] = [:]

    func runs(of run: DemoRun) -> [DemoRun] {
        if let runs = lock.withLock({ known[run.film.code] }) { return runs }
        let runs = DemoRegions.runs(of: run)
        lock.withLock { known[run.film.code] = runs }
        return runs
    }
}
