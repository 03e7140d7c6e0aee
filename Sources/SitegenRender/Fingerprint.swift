import Foundation
import SitegenModel

/// A 64-bit FNV-1a fingerprint fed field by field: what a page is made from, so a rebuild can tell
/// which pages could have changed without rendering them. Stable across runs (Swift's `Hasher` is
/// seeded per process). Every field ends in a byte that cannot occur inside it, so "ab" + "c" and
/// "a" + "bc" differ. A collision would need two different versions of one page's inputs to agree
/// on 64 bits; nobody gains by forging one.
struct Fingerprint {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}
    init(_ tag: String) { add(tag) }

    @inline(__always) mutating func byte(_ b: UInt8) { value = (value ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }

    mutating func add(_ text: String) {
        for b in text.utf8 { byte(b) }
        byte(0xFF)  // never part of UTF-8
    }

    mutating func add(_ number: Int64) {
        var v = UInt64(bitPattern: number)
        for _ in 0..<8 { byte(UInt8(truncatingIfNeeded: v)); v >>= 8 }
    }

    mutating func add(_ number: Int) { add(Int64(number)) }
    mutating func add(_ number: UInt64) { add(Int64(bitPattern: number)) }
    mutating func add(_ flag: Bool) { byte(flag ? 1 : 2) }
    mutating func add(_ day: Day) { add(day.ordinal) }
    mutating func add(_ number: Double) { add(Int64(bitPattern: number.bitPattern)) }
    mutating func add(_ date: Date) { add(date.timeIntervalSince1970) }

    mutating func add(_ text: String?) { if let text { byte(1); add(text) } else { byte(0) } }
    mutating func add(_ number: Int64?) { if let number { byte(1); add(number) } else { byte(0) } }
    mutating func add(_ number: Int?) { if let number { byte(1); add(number) } else { byte(0) } }
    mutating func add(_ number: Double?) { if let number { byte(1); add(number) } else { byte(0) } }
    mutating func add(_ day: Day?) { if let day { byte(1); add(day) } else { byte(0) } }
    mutating func add(_ date: Date?) { if let date { byte(1); add(date) } else { byte(0) } }
    mutating func add(_ texts: [String]) { add(texts.count); texts.forEach { add($0) } }

    /// Every stored field of the model types below. `FingerprintTests` counts each type's fields
    /// with Mirror, so a field added to the model without being added here fails a test instead
    /// of leaving pages stale.
    mutating func add(_ e: ChartEntry) {
        add(e.rank); add(e.rankChange); add(e.status.rawValue); add(e.movieCode); add(e.title); add(e.rawTitle)
        add(e.openDate); add(e.sales); add(e.salesShare); add(e.salesChange); add(e.salesChangeRate); add(e.salesTotal)
        add(e.audience); add(e.audienceChange); add(e.audienceChangeRate); add(e.audienceTotal); add(e.screens); add(e.showings)
    }

    mutating func add(_ chart: DayChart) {
        add(chart.date); add(chart.entries.count); chart.entries.forEach { add($0) }; add(chart.fetchedAt); add(chart.rejectedRows)
    }

    mutating func add(_ chart: PeriodChart) {
        add(chart.kind.rawValue); add(chart.start); add(chart.entries.count); chart.entries.forEach { add($0) }; add(chart.fetchedAt)
    }

    mutating func add(_ person: Person) { add(person.name); add(person.englishName); add(person.role) }
    mutating func add(_ company: Company) { add(company.code); add(company.name); add(company.englishName); add(company.part) }

    mutating func add(_ movie: Movie?) {
        guard let m = movie else { byte(0); return }
        byte(1)
        add(m.code); add(m.title); add(m.englishTitle); add(m.originalTitle); add(m.runtimeMinutes); add(m.productionYear)
        add(m.openDate); add(m.productionStatus); add(m.type); add(m.nations); add(m.genres)
        add(m.directors.count); m.directors.forEach { add($0) }
        add(m.actors.count); m.actors.forEach { add($0) }
        add(m.showTypes); add(m.companies.count); m.companies.forEach { add($0) }; add(m.watchGrades)
    }

    mutating func add(_ poster: Poster?) {
        guard let p = poster else { byte(0); return }
        byte(1); add(p.url); add(p.width); add(p.height)
    }

    /// A served copy is named by its bytes, so its path stands for them.
    mutating func add(_ poster: SizedPoster?) {
        guard let p = poster else { byte(0); return }
        byte(1)
        for list in [p.card, p.page] {
            add(list.count)
            for f in list { add(f.path); add(f.width); add(f.height) }
        }
    }

    mutating func add(_ other: Fingerprint) { add(other.value) }
}
