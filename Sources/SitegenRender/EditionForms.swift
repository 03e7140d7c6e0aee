import SitegenModel
import SitegenMustache

/// What the two editions write differently beyond single words and dates, so a page asks its
/// edition rather than branching on the language: a narrow column's sales, a day in a table, a
/// week's span, a name in the other script under the page's own.
extension Words {
    /// Sales in a narrow column: 「12억」 (만/억, floored), "₩1.2B".
    func salesCompact(_ won: Int64) -> String { isKorean ? KoreanFormat.compact(won) : self.won(won, compact: true) }

    /// A day of a week's table: 「2.10 (토)」, "Sat, Feb 10".
    func periodDay(_ d: Day) -> String {
        isKorean ? "\(d.month).\(d.day) (\(weekday(d)))" : monthDayWeekday(d)
    }

    /// A day with its weekday in a tooltip: 「2025.11.08 (토)」, "Sat, Nov 8, 2025" (the order the
    /// English pages write a date everywhere else).
    func dayWithWeekday(_ d: Day) -> String {
        isKorean ? shortDate(d) + " (\(weekday(d)))" : EnglishFormat.longDate(d)
    }

    /// A row of a film's day-by-day table, with the year where it changes, as a printed table gives
    /// it: Korean writes it first (2025.10.23), English last ("Thu, Oct 23, 2025").
    func historyDay(_ d: Day, showingYear: Bool) -> (yearBefore: String?, monthDay: String, yearAfter: String?) {
        guard isKorean else { return (nil, monthDayWeekday(d), showingYear ? ", \(d.year)" : nil) }
        return (showingYear ? Day.pad(d.year, 4) + "." : nil,
                Day.pad(d.month, 2) + "." + Day.pad(d.day, 2) + " (\(weekday(d)))", nil)
    }

    /// 「11월 23일–29일」, 「12월 29일–1월 4일」; "Nov 23–29", "Dec 29 – Jan 4" (as the week headings write it).
    func daySpan(_ range: ClosedRange<Day>) -> String {
        let (start, end) = (range.lowerBound, range.upperBound)
        if start.month == end.month { return monthDay(start) + "–" + (isKorean ? "\(end.day)일" : "\(end.day)") }
        return monthDay(start) + (isKorean ? "–" : " – ") + monthDay(end)
    }

    /// A week on its share card: 「2.3 ~ 2.9」, "Feb 3 – Feb 9".
    func cardSpan(_ start: Day, _ end: Day) -> String {
        isKorean ? "\(start.month).\(start.day) ~ \(end.month).\(end.day)" : "\(monthDay(start)) – \(monthDay(end))"
    }

    /// An actor's credit: 「배우 · 형사 역」; English leaves out the characters, which KOBIS gives in
    /// Korean only.
    func actorCredit(_ characters: [String]) -> String {
        guard isKorean, !characters.isEmpty else { return self("roleActor") }
        return "배우 · " + characters.map { "\($0) 역" }.joined(separator: ", ")
    }

    /// The name in the other script: the English one on a Korean page, the Korean one on an English
    /// page (which a search also finds it by).
    func otherScript(korean: String, english: String) -> String { isKorean ? english : korean }

    /// The other script's name under the page's own heading (`shown`), with its language: a Korean
    /// page gives KOBIS's English name whenever there is one; an English page the Korean name unless
    /// the heading already is it (a name that has no English one).
    func subtitle(korean: String, english: String, shown: String) -> (text: TemplateValue?, lang: TemplateValue) {
        let other = otherScript(korean: korean, english: english)
        return (other.isEmpty || (!isKorean && other == shown) ? nil : .text(other), .text(isKorean ? "en" : "ko"))
    }

    /// A share card's line under a film's title: its English title on a Korean card; none on an
    /// English one, whose reader has the page for the Korean title.
    func cardSubtitle(english: String) -> String { isKorean ? english : "" }

    /// The search page's group of a name: by 초성 in Korean (ㄱ … ㅎ, A–Z, 기타), by first letter in English.
    func searchGroup(of text: String) -> Int {
        isKorean ? SearchPage.group(of: text) : SearchPage.englishGroup(of: text).0
    }

    func searchGroupLabel(_ group: Int, first text: String) -> String {
        isKorean ? SearchPage.groups[group] : SearchPage.englishGroup(of: text).1
    }
}
