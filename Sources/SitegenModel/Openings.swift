import Foundation

/// A film as KOBIS's film list (`movie/searchMovieList`) gives it: less than its details (no cast,
/// no company roles), but listed before it charts, which is what an openings page needs.
public struct ListedFilm: Sendable, Equatable {
    public var code: String
    public var title: String
    public var englishTitle: String
    public var productionYear: Int?
    /// nil where KOBIS has no date yet ("").
    public var openDate: Day?
    /// KOBIS's 제작상태: 개봉, 개봉예정, 기타 … (as of KOBIS's today, not the page's).
    public var status: String
    /// 장편, 단편, 옴니버스 …
    public var type: String
    public var nations: [String]
    public var genres: [String]
    public var directors: [String]
    public var companies: [String]

    public init(code: String, title: String, englishTitle: String = "", productionYear: Int? = nil,
                openDate: Day?, status: String = "", type: String = "", nations: [String] = [],
                genres: [String] = [], directors: [String] = [], companies: [String] = []) {
        self.code = code; self.title = title; self.englishTitle = englishTitle; self.productionYear = productionYear
        self.openDate = openDate; self.status = status; self.type = type; self.nations = nations
        self.genres = genres; self.directors = directors; self.companies = companies
    }
}

/// The films opening this week and next, as of a day: what a reader checks before the weekend.
public struct Openings: Sendable, Equatable {
    /// The day the list was read for (the build's today, in Korea).
    public var asOf: Day
    /// Every listed film opening within `window(asOf)`, by date then title.
    public var films: [ListedFilm]

    public init(asOf: Day, films: [ListedFilm]) {
        self.asOf = asOf
        let window = Self.window(asOf)
        self.films = films.filter { $0.openDate.map(window.contains) ?? false }
            .sorted { ($0.openDate!, $0.title, $0.code) < ($1.openDate!, $1.title, $1.code) }
    }

    /// This week (from its Monday, so films that opened on Wednesday are still there) and next.
    public static func window(_ today: Day) -> ClosedRange<Day> {
        let monday = today.adding(days: -((today.weekday + 6) % 7))
        return monday...monday.adding(days: 13)
    }

    /// KOBIS lists films by the year they open in: the years a window's films can be listed under.
    public static func years(_ today: Day) -> [Int] {
        let window = window(today)
        return Array(Set([window.lowerBound.year, window.upperBound.year])).sorted()
    }

    /// A site whose latest chart is older than this has no "this week" to speak of: an old
    /// window (`--until 2015-06-30`) builds without the page and spends no call on it.
    public static let freshness = 7

    /// Whether a build whose newest day is `last` lists openings on `today`.
    public static func apply(last: Day?, today: Day?) -> Bool {
        guard let last, let today else { return false }
        return last.ordinal >= today.ordinal - freshness && last <= today
    }
}
