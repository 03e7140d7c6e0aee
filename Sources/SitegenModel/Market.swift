import Foundation

/// Which films a chart counts: all of them (the national chart), or those one of KOBIS's filters
/// keeps. One request is one filter: KOBIS documents each alone, and no answer proves two combine.
public enum ChartScope: Hashable, Sendable, Comparable {
    case all
    /// `repNationCd=K`: 한국영화.
    case korean
    /// `repNationCd=F`: 외국영화.
    case foreign
    /// `multiMovieYn=Y`: 다양성영화 (independent and art films).
    case diversity
    /// `wideAreaCd`: one 시·도, by its code from the common-code service ("0105001").
    case region(String)

    /// The three filters the market view shows for every day, week and weekend.
    public static let market: [ChartScope] = [.korean, .foreign, .diversity]

    /// The query parameter that asks KOBIS for this scope (none for the national chart).
    public var parameter: (name: String, value: String)? {
        switch self {
        case .all: nil
        case .korean: ("repNationCd", "K")
        case .foreign: ("repNationCd", "F")
        case .diversity: ("multiMovieYn", "Y")
        case .region(let code): ("wideAreaCd", code)
        }
    }

    /// A path segment: `date/2024-02-10/korean/`, `data/region-0105001/…` in the history folder.
    public var slug: String {
        switch self {
        case .all: "all"
        case .korean: "korean"
        case .foreign: "foreign"
        case .diversity: "diversity"
        case .region(let code): "region-\(code)"
        }
    }

    /// The scope `slug` names; nil for anything else.
    public init?(slug: String) {
        switch slug {
        case "all": self = .all
        case "korean": self = .korean
        case "foreign": self = .foreign
        case "diversity": self = .diversity
        default:
            guard slug.hasPrefix("region-"), slug.count > 7 else { return nil }
            self = .region(String(slug.dropFirst(7)))
        }
    }

    /// 「한국영화」, as KOBIS's own filter labels them.
    public var name: String {
        switch self {
        case .all: "전체"
        case .korean: "한국영화"
        case .foreign: "외국영화"
        case .diversity: "다양성영화"
        case .region(let code): code
        }
    }

    var order: (Int, String) {
        switch self {
        case .all: (0, "")
        case .korean: (1, "")
        case .foreign: (2, "")
        case .diversity: (3, "")
        case .region(let code): (4, code)
        }
    }

    public static func < (a: ChartScope, b: ChartScope) -> Bool { a.order < b.order }
}

/// One 시·도 of KOBIS's region codes (common-code group 0105000000), as the code service names it.
public struct Region: Hashable, Sendable {
    /// `fullCd`, e.g. "0105001"; what `wideAreaCd` takes.
    public var code: String
    /// `korNm`, e.g. "서울시".
    public var name: String
    /// `engNm`, e.g. "Seoul"; can be empty.
    public var englishName: String
    public init(code: String, name: String, englishName: String) {
        self.code = code; self.name = name; self.englishName = englishName
    }

    /// The group KOBIS lists the regions under.
    public static let codeGroup = "0105000000"

    /// A URL segment: the English name in lower case ("seoul", "gyeonggi-do"), else the code. Only
    /// ASCII letters, digits and hyphens survive, so nothing from the network reaches a path as is;
    /// a name too long for a folder, or one Windows reserves, gives way to the code too.
    public var slug: String {
        var out = ""
        for scalar in englishName.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if !out.isEmpty, !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return PortableNames.fits(out) ? out : code.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}

/// A filter's charts over the range: every day and period asked for that came back.
public struct ScopedCharts: Sendable, Equatable {
    /// Oldest first.
    public var days: [DayChart]
    /// By kind, then start.
    public var periods: [PeriodChart]
    public init(days: [DayChart] = [], periods: [PeriodChart] = []) {
        self.days = days.sorted { $0.date < $1.date }
        self.periods = periods.sorted { ($0.kind, $0.start) < ($1.kind, $1.start) }
    }
}
