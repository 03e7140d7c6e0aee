import Foundation
import SitegenModel

/// Compact JSON with keys in sorted order, written straight into bytes. Foundation's JSONEncoder
/// took more time than rendering the pages; the data files are a fixed, known shape.
struct JSONOut {
    private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = [false]

    init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    mutating func object(_ body: (inout JSONOut) -> Void) { open(UInt8(ascii: "{")); body(&self); close(UInt8(ascii: "}")) }
    mutating func array(_ body: (inout JSONOut) -> Void) { open(UInt8(ascii: "[")); body(&self); close(UInt8(ascii: "]")) }

    private mutating func open(_ c: UInt8) { separate(); bytes.append(c); needsComma.append(false) }
    private mutating func close(_ c: UInt8) { bytes.append(c); needsComma.removeLast() }
    private mutating func separate() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    /// Keys must be written in sorted order by the caller; a nil value leaves the key out.
    mutating func key(_ k: String) {
        separate()
        string(k, separated: false)
        bytes.append(UInt8(ascii: ":"))
        needsComma[needsComma.count - 1] = false
    }

    mutating func field(_ k: String, _ v: String?) { if let v { key(k); string(v) } }
    mutating func field(_ k: String, _ v: Int64?) { if let v { key(k); raw(String(v)) } }
    mutating func field(_ k: String, _ v: Int?) { if let v { key(k); raw(String(v)) } }
    mutating func field(_ k: String, _ v: Double?) { if let v, v.isFinite { key(k); raw(v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)) } }
    mutating func field(_ k: String, _ v: Bool) { key(k); raw(v ? "true" : "false") }
    mutating func field(_ k: String, _ v: Day?) { if let v { key(k); string(v.iso) } }
    mutating func field(_ k: String, _ v: Date?) { if let v { key(k); string(Self.iso8601(v)) } }
    mutating func field(_ k: String, _ v: [String]) { key(k); array { a in for s in v { a.string(s) } } }

    mutating func raw(_ text: String) { separate(); bytes.append(contentsOf: text.utf8) }

    mutating func string(_ s: String, separated: Bool = true) {
        if separated { separate() }
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
            case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(b >> 4)], hex[Int(b & 15)]])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    var data: Data { Data(bytes + [0x0A]) }

    /// "2024-02-11T00:00:00Z"
    static func iso8601(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = Day(ordinal: Int((Double(seconds) / 86_400).rounded(.down)))
        let s = seconds - day.ordinal * 86_400
        return "\(day.iso)T\(Day.pad(s / 3600, 2)):\(Day.pad(s % 3600 / 60, 2)):\(Day.pad(s % 60, 2))Z"
    }
}

extension JSONOut {
    mutating func entry(_ e: ChartEntry) {
        object { o in
            o.field("audience", e.audience)
            o.field("audienceChange", e.audienceChange)
            o.field("audienceChangeRate", e.audienceChangeRate)
            o.field("audienceTotal", e.audienceTotal)
            o.field("movieCode", e.movieCode)
            o.field("openDate", e.openDate)
            o.field("rank", e.rank)
            o.field("rankChange", e.rankChange)
            o.field("rawTitle", e.rawTitle)
            o.field("sales", e.sales)
            o.field("salesChange", e.salesChange)
            o.field("salesChangeRate", e.salesChangeRate)
            o.field("salesShare", e.salesShare)
            o.field("salesTotal", e.salesTotal)
            o.field("screens", e.screens)
            o.field("showings", e.showings)
            o.field("status", e.status.rawValue)
            o.field("title", e.title)
        }
    }

    mutating func people(_ k: String, _ people: [Person]) {
        key(k)
        array { a in for p in people { a.object { o in o.field("englishName", p.englishName); o.field("name", p.name); o.field("role", p.role) } } }
    }

    mutating func movie(_ m: Movie) {
        object { o in
            o.people("actors", m.actors)
            o.field("code", m.code)
            o.key("companies")
            o.array { a in for c in m.companies { a.object { o in
                o.field("code", c.code); o.field("englishName", c.englishName); o.field("name", c.name); o.field("part", c.part)
            } } }
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
