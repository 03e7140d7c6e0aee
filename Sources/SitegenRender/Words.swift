import Foundation
import SitegenModel

/// What render writes in words, in the edition's language: dates, figures with their units, rank
/// changes, and the sentences it puts together (titles, descriptions), whose patterns live in the
/// strings tables beside the templates' words (`{0}`, `{1}` stand for the parts).
struct Words: Sendable {
    let language: Language
    let table: [String: String]

    var isKorean: Bool { language == .ko }

    /// The table's pattern `key` with `{0}`, `{1}`… filled in; the key itself when a table lacks
    /// it (the tests keep both stock tables complete).
    func callAsFunction(_ key: String, _ parts: String...) -> String {
        // One of a count takes the singular where the table has one ("1 day", not "1 days").
        let pattern = (parts.count == 1 && parts[0] == "1" ? table[key + "One"] : nil) ?? table[key] ?? key
        guard !parts.isEmpty else { return pattern }
        // One pass over the pattern's bytes (not its Characters, which cost grapheme breaking on
        // every page), so a part that itself holds "{1}" (a film's title) is never filled in again.
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        let bytes = Array(pattern.utf8)
        guard bytes.contains(open) else { return pattern }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + parts.reduce(0) { $0 + $1.utf8.count })
        var i = 0
        while i < bytes.count {
            if bytes[i] == open, let end = bytes[(i + 1)...].firstIndex(of: close), end > i + 1, end - i <= 3,
                bytes[(i + 1)..<end].allSatisfy({ (0x30...0x39).contains($0) }),
                case let n = bytes[(i + 1)..<end].reduce(0, { $0 * 10 + Int($1 - 0x30) }), parts.indices.contains(n)
            {
                out += parts[n].utf8
                i = end + 1
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: dates

    /// 「2024년 2월 10일 (토)」, "Sat, Feb 10, 2024"
    func longDate(_ d: Day) -> String { isKorean ? KoreanFormat.longDate(d) : EnglishFormat.longDate(d) }
    /// 「2024.02.10」, "Feb 10, 2024"
    func shortDate(_ d: Day) -> String {
        isKorean ? KoreanFormat.shortDate(d) : "\(EnglishFormat.monthNames[d.month - 1]) \(d.day), \(d.year)"
    }
    /// 「2월 10일」, "Feb 10"
    func monthDay(_ d: Day) -> String { isKorean ? KoreanFormat.monthDay(d) : EnglishFormat.monthDay(d) }
    /// 「2월 10일 (토)」, "Sat, Feb 10"
    func monthDayWeekday(_ d: Day) -> String {
        isKorean
            ? KoreanFormat.monthDay(d) + " (\(KoreanFormat.weekdayNames[d.weekday]))"
            : "\(EnglishFormat.weekdayNames[d.weekday]), \(EnglishFormat.monthDay(d))"
    }
    /// 「2024년 2월」, "February 2024"
    func month(_ d: Day) -> String { isKorean ? KoreanFormat.month(d) : EnglishFormat.month(d) }
    /// 「2월」, "February"
    /// A month on a chart's axis: 「2025.10」, "Oct 2025".
    func axisMonth(year: Int, month: Int) -> String {
        isKorean ? "\(year).\(month)" : "\(EnglishFormat.monthNames[month - 1]) \(year)"
    }

    func monthName(_ month: Int) -> String { isKorean ? "\(month)월" : EnglishFormat.fullMonthNames[month - 1] }
    /// 「2월」, "Feb"
    func shortMonth(_ month: Int) -> String { isKorean ? "\(month)월" : EnglishFormat.monthNames[month - 1] }
    /// 「2024년」, "2024"
    func year(_ year: Int) -> String { isKorean ? "\(year)년" : "\(year)" }
    func weekday(_ d: Day) -> String {
        isKorean ? KoreanFormat.weekdayNames[d.weekday] : EnglishFormat.weekdayNames[d.weekday]
    }

    // MARK: figures

    /// 「8,000명」 「818만 명」; English writes the figure alone, as its tables and prose read.
    func people(_ n: Int64, compact: Bool = false) -> String {
        if isKorean { return KoreanFormat.people(n, compact: compact) }
        return compact ? EnglishFormat.compact(n) : KoreanFormat.grouped(n)
    }
    /// 「15억 원」, "₩1.5B"
    func won(_ n: Int64, compact: Bool = false) -> String {
        isKorean ? KoreanFormat.won(n, compact: compact) : EnglishFormat.won(n, compact: compact)
    }
    /// 「818만」, "8.1M"
    func compact(_ n: Int64) -> String { isKorean ? KoreanFormat.compact(n) : EnglishFormat.compact(n) }
    /// A sum of won in a cell: 「1,234」 (the heading says 원), "₩1,234".
    func wonFigure(_ n: Int64) -> String { isKorean ? KoreanFormat.grouped(n) : EnglishFormat.won(n) }

    /// 「개봉 3일차」, "Day 3"
    func dayOfRun(open: Day?, on date: Day) -> String? {
        guard let open else { return nil }
        return isKorean ? KoreanFormat.dayOfRun(open: open, on: date) : EnglishFormat.dayOfRun(date.days(since: open))
    }

    /// 「개봉 2주차」, "Week 2": the week (or weekend) that ends on `end` counted from the one the
    /// film opened in, as the trade counts a run's weeks; 「개봉 전」 for previews before it opens.
    func weekOfRun(open: Day?, end: Day) -> String? {
        guard let open else { return nil }
        let k = end.days(since: open)
        guard k >= 0 else { return self("beforeOpening") }
        return self("weekOfRun", "\(k / 7 + 1)")
    }

    /// What a rank change is against: the day before, the week before, the weekend before.
    enum Versus: Sendable { case day, week, weekend }

    func versus(_ v: Versus) -> String {
        switch v {
        case .day: self("versusDay")
        case .week: self("versusWeek")
        case .weekend: self("versusWeekend")
        }
    }

    func rankChange(_ entry: ChartEntry, versus v: Versus) -> KoreanFormat.RankChange {
        if isKorean { return KoreanFormat.rankChange(entry, versus: versus(v)) }
        if entry.isNew { return KoreanFormat.RankChange(kind: "new", symbol: "New", spoken: "new entry") }
        let n = entry.rankChange
        let against = versus(v)
        if n > 0 {
            return KoreanFormat.RankChange(kind: "up", symbol: "▲\(n)", spoken: "up \(n) from \(against)")
        }
        if n < 0 {
            return KoreanFormat.RankChange(kind: "down", symbol: "▼\(-n)", spoken: "down \(-n) from \(against)")
        }
        return KoreanFormat.RankChange(kind: "same", symbol: "–", spoken: "no change")
    }

    // MARK: periods

    /// 「주간」 「주말」, "Weekly" "Weekend"
    func kindName(_ kind: PeriodKind) -> String { self(kind == .week ? "kindWeek" : "kindWeekend") }

    /// 「2024년 2월 2주」 (「… 주말」), "Week of Feb 5, 2024" ("Weekend of Feb 9, 2024")
    func weekName(_ kind: PeriodKind, _ start: Day) -> String {
        if isKorean { return PeriodPage.weekName(kind, start) }
        return (kind == .week ? "Week of " : "Weekend of ") + shortDate(start)
    }

    /// 「2024년 2월 2주 · 2.5 ~ 2.11」, "Week of Feb 5–11, 2024" (as Box Office Mojo writes a
    /// weekend): the heading says the range, so nothing else on the page needs to.
    func periodHeading(_ kind: PeriodKind, _ start: Day) -> String {
        if isKorean { return PeriodPage.heading(kind, start) }
        let end = start.adding(days: kind.length - 1)
        let span =
            start.month == end.month
            ? "\(EnglishFormat.monthDay(start))–\(end.day), \(end.year)"
            : start.year == end.year
                ? "\(EnglishFormat.monthDay(start)) – \(EnglishFormat.monthDay(end)), \(end.year)"
                : "\(shortDate(start)) – \(shortDate(end))"
        return (kind == .week ? "Week of " : "Weekend of ") + span
    }

    /// A best rank and the chart it is on: 「3위」, or 「다양성영화 3위」 for a film whose page tells
    /// its run from a filter's chart (it was never in the national top 10).
    func bestRank(_ rank: Int, on scope: ChartScope) -> String {
        scope == .all ? self("rankText", "\(rank)") : self("scopedRankText", scopeName(scope), "\(rank)")
    }

    /// A filter's name: 「한국영화」, "Korean films".
    func scopeName(_ scope: ChartScope) -> String {
        switch scope {
        case .all: isKorean ? scope.name : self("scopeAll")
        case .korean: isKorean ? scope.name : self("scopeKorean")
        case .foreign: isKorean ? scope.name : self("scopeForeign")
        case .diversity: isKorean ? scope.name : self("scopeDiversity")
        case .region: scope.name
        }
    }

    /// Genres, countries, a rating: each in English from the fixed table; `nil` when the table
    /// lacks it, so the caller keeps the Korean word and marks it.
    func genre(_ k: String) -> String? { isKorean ? k : KOBISTerms.genre(k) }
    func nation(_ k: String) -> String? { isKorean ? k : KOBISTerms.nation(k) }
    func grade(_ k: String) -> String? { isKorean ? k : KOBISTerms.grade(k) }

    /// A list of terms: translated ones joined, any the table lacks kept in Korean.
    func terms(_ list: [String], _ translate: (String) -> String?) -> String {
        list.map { translate($0) ?? $0 }.joined(separator: ", ")
    }

    /// A person as the edition names them: KOBIS's English name (its house style 「YOON Jong-seok」
    /// written as English readers write it), else a Korean person's name romanized; a name in
    /// Hangul that is not a Korean person's (「키아누 리브스」, a transliteration) stays Korean.
    func personName(_ korean: String, english: String) -> String { person(korean, english: english).text }

    /// The name and whether it is the Korean one (to be marked `lang="ko"`).
    func person(_ korean: String, english: String) -> (text: String, isKorean: Bool) {
        if isKorean { return (korean, true) }
        let e = Self.trimmed(english)
        if !e.isEmpty { return (EnglishNames.person(e), false) }
        return Romanization.isKoreanPersonName(korean) ? (Romanization.name(korean), false) : (korean, true)
    }

    /// Spaces cut from both ends, without Foundation's character sets for the usual name that has
    /// none: this runs for every row of every English chart.
    static func trimmed(_ s: String) -> String {
        guard let first = s.first, let last = s.last, first.isWhitespace || last.isWhitespace else { return s }
        return s.trimmingCharacters(in: .whitespaces)
    }

    /// A film as the edition names it: KOBIS's English title; else, for a Korean film, the Korean
    /// title romanized; for a foreign one its original title when written in Latin letters. A
    /// foreign film's Korean title is a transliteration (「슈퍼 마리오 브라더스」) that romanized
    /// back reads 「Syupeo Mario Beuradeoseu」, so it stays Korean, and so does the title of a film
    /// whose nation is not known yet (details missing): `isKorean` says to mark it `lang="ko"`.
    func film(
        _ korean: String, english: String, original: String = "", koreanFilm: Bool?
    ) -> (text: String, isKorean: Bool) {
        if isKorean { return (korean, true) }
        let e = Self.trimmed(english)
        if !e.isEmpty { return (e, false) }
        if koreanFilm == true { return (Romanization.text(korean), false) }
        let o = Self.trimmed(original)
        if !o.isEmpty, !Romanization.hasHangul(o) { return (o, false) }
        return (korean, true)
    }

    func filmTitle(_ korean: String, english: String, original: String = "", koreanFilm: Bool? = true) -> String {
        film(korean, english: english, original: original, koreanFilm: koreanFilm).text
    }

    /// A filter's tab: 「한국」 (with 「영화」 for screen readers), "Korean" (" films").
    func tabName(_ scope: ChartScope) -> String {
        switch scope {
        case .all: self("tabAll")
        case .korean: self("tabKorean")
        case .foreign: self("tabForeign")
        case .diversity: self("tabDiversity")
        case .region: scope.name
        }
    }

    /// A company as the edition names it: KOBIS's English name (all capitals written as a name,
    /// acronyms kept); else its Korean name without 「(주)」 romanized.
    func companyName(_ korean: String, english: String) -> String { company(korean, english: english).text }

    func company(_ korean: String, english: String) -> (text: String, isKorean: Bool) {
        if isKorean { return (korean, true) }
        let e = Self.trimmed(english)
        if !e.isEmpty { return (EnglishNames.company(e), false) }
        // Not romanized: a company's Korean name is mostly loanwords (「오름스튜디오」 is Oreum
        // Studio, not 「Oreumseutyudio」), which romanization turns into words nobody uses. The
        // Korean name stays, marked lang="ko" wherever it is shown.
        return (korean, true)
    }

    /// A 시·도: its English name from KOBIS's code list, else romanized.
    func regionName(_ region: Region) -> String {
        isKorean ? region.name : region.englishName.isEmpty ? Romanization.text(region.name) : region.englishName
    }

    /// A holiday's name: 「설날」, "Seollal".
    func holiday(_ d: Day) -> String? {
        guard let name = KoreanHolidays.name(of: d) else { return nil }
        return isKorean ? name : HolidayNames.english(name)
    }
}
