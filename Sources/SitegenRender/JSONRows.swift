import Foundation
import SitegenBasics
import SitegenModel

/// The site's rows in its data files (data/*.json): the domain types as JSON, keys sorted.
extension JSONWriter {
    mutating func field(_ k: String, _ v: Day?) { if let v { key(k); string(v.iso) } }
    mutating func field(_ k: String, _ v: Date?) { if let v { key(k); string(InstantText.iso8601(v)) } }

    /// What each of a year file's rows holds, in order (`"columns"`): a chart's entries as rows, a
    /// third of the bytes of the same entries as objects, which over the whole history is 90 MB.
    static let rowColumns = [
        "rank", "rankChange", "status", "movieCode", "title", "rawTitle", "openDate", "audience", "audienceChange",
        "audienceChangeRate", "audienceTotal", "sales", "salesShare", "salesChange", "salesChangeRate", "salesTotal",
        "screens", "showings",
    ]

    /// A film's file (data/movie/*.json) holds its days as rows too, each led by its date, without
    /// the code and titles the file names once (80,000 rows of them were 5 MB of the whole history;
    /// the year files keep each day's title as KOBIS sent it).
    static let historyColumns = ["date"] + rowColumns.filter { !filmNamed.contains($0) }
    static let filmNamed: Set = ["movieCode", "title", "rawTitle"]

    /// One entry as a row of `rowColumns` (of `historyColumns` when led by its `date`: a film's
    /// own row); a value KOBIS left blank is null.
    mutating func row(_ e: ChartEntry, date: Day? = nil) {
        array { a in
            if let date { a.string(date.iso) }
            func number(_ v: Int64?) { if let v { a.number(v) } else { a.raw("null") } }
            func rate(_ v: Double?) {
                guard let v, v.isFinite else { return a.raw("null") }
                a.raw(v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v))
            }
            a.number(Int64(e.rank)); a.number(Int64(e.rankChange)); a.string(e.status.rawValue)
            if date == nil { a.string(e.movieCode); a.string(e.title); a.string(e.rawTitle) }
            if let open = e.openDate { a.string(open.iso) } else { a.raw("null") }
            number(e.audience); number(e.audienceChange); rate(e.audienceChangeRate); number(e.audienceTotal)
            number(e.sales); rate(e.salesShare); number(e.salesChange); rate(e.salesChangeRate); number(e.salesTotal)
            number(Int64(e.screens)); number(Int64(e.showings))
        }
    }

    mutating func people(_ k: String, _ people: [Person]) {
        key(k)
        array { a in
            for p in people {
                a.object { o in
                    o.field("englishName", p.englishName); o.field("name", p.name); o.field("role", p.role)
                }
            }
        }
    }

    mutating func movie(_ m: Movie) {
        object { o in
            o.people("actors", m.actors)
            o.field("code", m.code)
            o.key("companies")
            o.array { a in
                for c in m.companies {
                    a.object { o in
                        o.field("code", c.code); o.field("englishName", c.englishName); o.field("name", c.name);
                        o.field("part", c.part)
                    }
                }
            }
            o.people("directors", m.directors)
            o.field("englishTitle", m.englishTitle)
            o.field("genres", m.genres)
            o.field("nations", m.nations)
            o.field("openDate", m.openDate)
            o.field("originalTitle", m.originalTitle)
            o.field("productionStatus", m.productionStatus)
            o.field("productionYear", m.productionYear)
            o.field("runtimeMinutes", m.runtimeMinutes)
            o.field("showTypes", m.showTypes)
            o.field("title", m.title)
            o.field("type", m.type)
            o.field("watchGrades", m.watchGrades)
        }
    }
}
