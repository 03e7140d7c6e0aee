import Foundation
import SitegenBasics
import SitegenDecode
import SitegenModel

/// A fictional film in the demo market. Every figure of every day is a pure function of
/// (film, day), so any date's chart is the same whatever range it is requested in.
struct DemoFilm: Sendable {
    let week: Int
    let slot: Int
    let code: String
    let open: Day
    /// Audience level on an ordinary day of the opening week, before weekday effects.
    let opening: Double
    let dailyDecay: Double
    let weekendSensitivity: Double
    /// Word of mouth: grows for two weeks before decaying (역주행).
    let sleeper: Bool
    let runDays: Int
    /// Paid previews before the release, as a fraction of `opening`, by day ordinal.
    let previews: [Int: Double]
    let ticketPrice: Double
    let isRerelease: Bool
    let trailingSpaceInTitle: Bool
    let isBlockbuster: Bool
    /// 한국영화: the nation its movie info names (the first draw of its credits).
    let isKorean: Bool
    /// 다양성영화: KOFIC certifies independent and art films; in the demo, most small releases.
    let isDiversity: Bool
    /// The world it belongs to: its credits are as long as that world's (`DemoCatalog.credits`).
    var scale: DemoScale = .small

    var firstDay: Int { previews.keys.min().map { min($0, open.ordinal) } ?? open.ordinal }
    var lastDay: Int { open.ordinal + runDays }
}

/// The demo market: releases mostly on Wednesdays, weekend and holiday peaks, decaying runs,
/// previews, re-releases, and the whole market ranked each day so ranks, NEW/OLD, changes and
/// shares relate to each other exactly as KOBIS's do.
struct DemoWorld {
    /// 2000-01-05, a Wednesday: week w's release day is `epoch + 7w`.
    static let epoch = Day(year: 2000, month: 1, day: 5)!.ordinal
    static let maxRun = 200

    // MARK: films

    static func films(inWeek week: Int, scale: DemoScale = .small) -> [DemoFilm] {
        slots(inWeek: week, scale: scale).map { film(week: week, slot: $0, scale: scale) }
    }

    /// The small world's films of the week: slots 0 to 4.
    static func filmCount(inWeek week: Int) -> Int {
        var r = SeededRandom(week, 17)
        return 2 + r.int(4)
    }

    /// The week's slots: the small world's, and in the real world its extra films' after them.
    static func slots(inWeek week: Int, scale: DemoScale) -> [Int] {
        let small = Array(0..<filmCount(inWeek: week))
        guard scale == .real else { return small }
        return small + (0..<DemoRealWorld.extraCount(inWeek: week)).map { DemoRealWorld.firstSlot + $0 }
    }

    /// Floor division, in integers: asked for every film on every day.
    static func weekOf(_ ordinal: Int) -> Int {
        let d = ordinal - epoch
        return d >= 0 ? d / 7 : -((6 - d) / 7)
    }

    static func film(week: Int, slot: Int, scale: DemoScale = .small) -> DemoFilm {
        var r = SeededRandom(week, slot, 101)
        let extra = slot >= DemoRealWorld.firstSlot
        let wednesday = Day(ordinal: epoch + 7 * week)
        let shift = r.unit()
        let open = wednesday.adding(days: shift < 0.78 ? 0 : shift < 0.9 ? 1 : shift < 0.95 ? 2 : -1)
        let peakSeason = [1, 7, 8, 12].contains(wednesday.month)
        let tier = r.unit()
        let blockbuster = !extra && tier < (peakSeason ? 0.1 : 0.05)
        let (lo, hi, dropLo, dropHi): (Double, Double, Double, Double) =
            extra ? DemoRealWorld.tier(tier)
            : blockbuster ? (120_000, 420_000, 0.30, 0.55)
            : tier < 0.22 ? (30_000, 120_000, 0.30, 0.55)
            : tier < 0.55 ? (6_000, 30_000, 0.35, 0.60)
            : (400, 6_000, 0.40, 0.70)
        let isRerelease = !blockbuster && r.chance(0.03)
        var opening = exp(r.range(log(lo), log(hi)))
        if isRerelease { opening = min(opening, 2_500) }
        let sleeper = !blockbuster && r.chance(0.06)
        let drop = sleeper ? r.range(0.10, 0.22) : r.range(dropLo, dropHi)
        let decay = pow(1 - drop, 1.0 / 7)
        let runDays = opening <= 25 ? 7 : min(maxRun, Int(log(25 / opening) / log(decay)))
        var previews: [Int: Double] = [:]
        if opening > 6_000 && r.chance(0.3) {
            let saturday = open.ordinal - ((open.weekday + 1) % 7) - 7
            let fraction = r.range(0.04, 0.12)
            previews[saturday] = fraction
            previews[saturday + 1] = fraction * 0.9
        }
        if opening > 20_000 && r.chance(0.15) { previews[open.ordinal - 1] = r.range(0.1, 0.25) }
        return DemoFilm(
            week: week, slot: slot, code: code(week: week, slot: slot), open: open, opening: opening,
            dailyDecay: decay, weekendSensitivity: r.range(0.8, 1.2), sleeper: sleeper, runDays: runDays,
            previews: previews, ticketPrice: r.range(9_400, 11_200) + (blockbuster ? 1_200 : 0),
            isRerelease: isRerelease, trailingSpaceInTitle: r.chance(0.06), isBlockbuster: blockbuster,
            isKorean: DemoCatalog.isKorean(week: week, slot: slot),
            isDiversity: isDiversity(week: week, slot: slot, opening: opening, blockbuster: blockbuster),
            scale: scale)
    }

    /// Its own generator, so every other draw of the film stays as it was before the flag.
    static func isDiversity(week: Int, slot: Int, opening: Double, blockbuster: Bool) -> Bool {
        var r = SeededRandom(week, slot, 505)
        if slot >= DemoRealWorld.firstSlot { return r.chance(DemoRealWorld.diversityShare(opening: opening)) }
        return !blockbuster && r.chance(opening < 6_000 ? 0.7 : opening < 30_000 ? 0.1 : 0)
    }

    /// KOBIS-like 8-character codes: the release week's year, its week number and a slot (the
    /// small world's slots as 11, 24, … 89; the real world's extra films as the other numbers).
    static func code(week: Int, slot: Int) -> String {
        let wednesday = Day(ordinal: epoch + 7 * week)
        let weekInYear = (wednesday.ordinal - firstWednesday(of: wednesday.year)) / 7
        let extra = slot - DemoRealWorld.firstSlot
        let slotCode = extra >= 0 ? DemoRealWorld.slotCodes[extra] : 11 + slot * 13
        return Day.pad(wednesday.year, 4) + Day.pad(weekInYear, 2) + Day.pad(slotCode, 2)
    }

    /// The film with that code in `scale`'s world, or nil (the small world has no extra films).
    static func film(code: String, scale: DemoScale = .small) -> DemoFilm? {
        guard code.count == 8, code.allSatisfy({ $0.isASCII && $0.isNumber }),
              let year = Int(code.prefix(4)), let weekInYear = Int(code.dropFirst(4).prefix(2)),
              let slotCode = Int(code.suffix(2)),
              Day(year: year, month: 1, day: 1) != nil else { return nil }
        let week = (firstWednesday(of: year) + 7 * weekInYear - epoch) / 7
        let slot: Int
        if slotCode >= 11, (slotCode - 11) % 13 == 0 {
            slot = (slotCode - 11) / 13
            guard slot < filmCount(inWeek: week) else { return nil }
        } else {
            guard scale == .real, let extra = DemoRealWorld.slotCodes.firstIndex(of: slotCode),
                extra < DemoRealWorld.extraCount(inWeek: week)
            else { return nil }
            slot = DemoRealWorld.firstSlot + extra
        }
        let film = film(week: week, slot: slot, scale: scale)
        return film.code == code ? film : nil
    }

    static func firstWednesday(of year: Int) -> Int {
        let jan1 = Day.januaryFirst(of: year)
        return jan1.ordinal + (3 - jan1.weekday + 7) % 7
    }

    // MARK: daily figures

    static func isHoliday(_ day: Day) -> Bool { KoreanHolidays.isHoliday(day) }

    /// 문화가 있는 날: the last Wednesday of the month, with discounted tickets.
    static func isCultureDay(_ day: Day) -> Bool { day.weekday == 3 && day.day + 7 > day.daysInMonth }

    static let weekdayFactors = [2.1, 0.7, 0.72, 0.85, 0.8, 1.25, 2.4]
    /// Every factor a day can have, by `DemoDay.factorIndex`: the weekdays', a holiday's, and a
    /// 문화가 있는 날's (always a Wednesday). Few enough that a film raises each to its weekend
    /// sensitivity once instead of once a day.
    static let dayFactors = weekdayFactors + [2.0, weekdayFactors[3] * 1.45]

    /// The film's level that day, before weekday effects and noise.
    static func level(_ film: DemoFilm, _ ordinal: Int) -> Double {
        let k = ordinal - film.open.ordinal
        if k < 0 { return film.opening * (film.previews[ordinal] ?? 0) }
        if k > film.runDays { return 0 }
        var level = film.opening * pow(film.dailyDecay, Double(k))
        if film.sleeper { level *= 1 + 0.9 * Double(min(k, 14)) / 14 }
        if k == 0 { level *= 1.2 }
        return level
    }

    static func noise(_ film: DemoFilm, _ ordinal: Int, _ salt: Int) -> Double {
        var r = SeededRandom(film.week, film.slot, ordinal, salt)
        return r.unit()
    }

    /// `weekdayPower` is `pow(dayFactors[day.factorIndex], film.weekendSensitivity)`.
    static func audience(_ film: DemoFilm, _ ordinal: Int, level base: Double, weekdayPower: Double) -> Int64 {
        guard base > 0 else { return 0 }
        let value = base * weekdayPower * (0.9 + 0.2 * noise(film, ordinal, 1))
        return value < 15 ? 0 : Int64(value.rounded())
    }

    static func sales(_ film: DemoFilm, _ day: DemoDay, audience: Int64) -> Int64 {
        var price = film.ticketPrice * (day.isWeekend || day.isHoliday ? 1.05 : 0.95)
        if day.isCultureDay { price *= 0.68 }
        return Int64((Double(audience) * price).rounded())
    }

    static func screens(_ film: DemoFilm, _ ordinal: Int, _ day: DemoDay, level: Double) -> Int {
        let base =
            6.5 * pow(max(level, 1), 0.455) * (day.isWeekend ? 1.05 : 1) * (0.97 + 0.06 * noise(film, ordinal, 2))
        return max(1, min(2_700, Int(base.rounded())))
    }

    static func showings(_ day: DemoDay, level: Double, screens: Int) -> Int {
        let perScreen = 2.6 + 1.8 * min(1, level / 150_000) + (day.isWeekend ? 0.5 : 0)
        return max(screens, Int((Double(screens) * perScreen).rounded()))
    }

    /// The weeks whose films can play on `ordinal`: a run is at most `maxRun` days after a
    /// release at most two days past its Wednesday, and previews start at most two weeks before.
    static func weeksPlaying(on ordinal: Int) -> ClosedRange<Int> {
        let week = weekOf(ordinal)
        return (week - maxRun / 7 - 2)...(week + 3)
    }

    /// Highest audience first, ties by code, so the order is total and any way of collecting
    /// the day's films gives the same ranking.
    static func ranksBefore(_ a: DemoRanked, _ b: DemoRanked) -> Bool {
        a.audience != b.audience ? a.audience > b.audience : a.run.film.code < b.run.film.code
    }

    /// The whole market that day, by scanning the weeks that can play then: the lazy road, for
    /// one chart at a time (`DemoMarket` sweeps whole runs for a span of days instead).
    static func ranking(_ ordinal: Int, runs: (Int) -> [DemoRun]) -> [DemoRanked] {
        var playing: [DemoRanked] = []
        for w in weeksPlaying(on: ordinal) {
            for run in runs(w) where run.first <= ordinal && ordinal <= run.last {
                let a = run.audience[ordinal - run.first]
                if a > 0 { playing.append(DemoRanked(run: run, audience: a)) }
            }
        }
        return playing.sorted(by: ranksBefore)
    }
}

/// What a day means to the market, worked out once per day instead of once per film and figure
/// (each asked for the civil date and the holiday table again).
struct DemoDay: Sendable {
    /// Index into `DemoWorld.dayFactors`: the weekday 0–6, 7 for a holiday, 8 for a 문화가 있는 날.
    let factorIndex: Int
    let isWeekend: Bool
    let isHoliday: Bool
    let isCultureDay: Bool

    init(_ day: Day) {
        isWeekend = day.isWeekend
        isHoliday = DemoWorld.isHoliday(day)
        isCultureDay = DemoWorld.isCultureDay(day)
        factorIndex = isHoliday ? 7 : isCultureDay ? 8 : day.weekday
    }
}

/// A film on one day's chart of the whole market.
struct DemoRanked: Sendable {
    let run: DemoRun
    let audience: Int64
    var film: DemoFilm { run.film }
}

/// One film's whole run, figured once from its first preview to its last day: the same pure
/// functions of (film, day) as before, evaluated once per day instead of once per chart, period
/// and running total that asks (a 3,650-day build asked each film-day dozens of times).
final class DemoRun: Sendable {
    let film: DemoFilm
    let first: Int, last: Int
    /// Indexed by `day - first`.
    let audience: [Int64], sales: [Int64], screens: [Int], showings: [Int]
    /// Cumulative audience and sales up to and including each day.
    private let audienceTotal: [Int64], salesTotal: [Int64]

    /// What chart rows say of the film, made once per film rather than once per row.
    let chartTitle: String, rawTitle: String, title: String, openDt: String, openDate: Day?

    /// `days` tells what a day is; `DemoMarket` hands a table worked out once for its span.
    init(_ film: DemoFilm, days: (Int) -> DemoDay = { DemoDay(Day(ordinal: $0)) }) {
        self.film = film
        first = film.firstDay
        last = film.lastDay
        let count = last - first + 1
        var audience = [Int64](repeating: 0, count: count), sales = audience, audienceTotal = audience,
            salesTotal = audience
        var screens = [Int](repeating: 0, count: count), showings = screens
        // pow is deterministic, so raising each possible factor once gives the very same values.
        let powers = DemoWorld.dayFactors.map { pow($0, film.weekendSensitivity) }
        var running: (Int64, Int64) = (0, 0)
        for i in 0..<count {
            let t = first + i
            let day = days(t)
            let level = DemoWorld.level(film, t)
            let a = DemoWorld.audience(film, t, level: level, weekdayPower: powers[day.factorIndex])
            let s = DemoWorld.sales(film, day, audience: a)
            audience[i] = a
            sales[i] = s
            running = (running.0 + a, running.1 + s)
            (audienceTotal[i], salesTotal[i]) = running
            // Screens and showings are only ever asked for a day the film sold tickets.
            if a > 0 {
                screens[i] = DemoWorld.screens(film, t, day, level: level)
                showings[i] = DemoWorld.showings(day, level: level, screens: screens[i])
            }
        }
        (self.audience, self.sales, self.screens, self.showings) = (audience, sales, screens, showings)
        (self.audienceTotal, self.salesTotal) = (audienceTotal, salesTotal)
        chartTitle = DemoCatalog.title(film).ko
        rawTitle = chartTitle + (film.trailingSpaceInTitle ? " " : "")
        // As the decoder reads `movieNm` and `openDt` (the word lists hold no control characters).
        title = rawTitle.cleaned  // as the decoder cleans the chart title
        openDt = film.isRerelease ? " " : film.open.iso
        openDate = Day(kobis: openDt)
    }

    /// A share of `whole`'s figures (a region's): the same film, days and titles, its own arrays.
    init(share whole: DemoRun, audience: [Int64], sales: [Int64], screens: [Int], showings: [Int]) {
        film = whole.film
        (first, last) = (whole.first, whole.last)
        (self.audience, self.sales, self.screens, self.showings) = (audience, sales, screens, showings)
        var running: (Int64, Int64) = (0, 0)
        var audienceTotal = audience, salesTotal = sales
        for i in audience.indices {
            running = (running.0 + audience[i], running.1 + sales[i])
            (audienceTotal[i], salesTotal[i]) = running
        }
        (self.audienceTotal, self.salesTotal) = (audienceTotal, salesTotal)
        (chartTitle, rawTitle, title) = (whole.chartTitle, whole.rawTitle, whole.title)
        (openDt, openDate) = (whole.openDt, whole.openDate)
    }

    /// Cumulative audience and sales through `ordinal` (nothing before the run, the final totals after it).
    func totals(through ordinal: Int) -> (audience: Int64, sales: Int64) {
        if ordinal < first { return (0, 0) }
        let i = min(ordinal, last) - first
        return (audienceTotal[i], salesTotal[i])
    }
}
