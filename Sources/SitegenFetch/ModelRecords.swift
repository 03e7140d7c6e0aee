import Foundation
import SitegenBasics
import SitegenModel

/// Every stored field of the model types, in declaration order (`DemoMemoTests` counts them), for
/// the files that keep decoded values between builds (the demo's memo, the cache's decoded
/// answers). Values are stored straight into a raw buffer: appending them to an array one by one
/// took longer than simulating the days.
package struct MemoWriter {
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    package private(set) var count = 0
    /// The films chart rows name, each once (code, title, raw title), in the order first met:
    /// a row names its film by number, and its titles only where they differ from the film's.
    package private(set) var films: [(code: String, title: String, raw: String)] = []
    private var filmNumbers: [String: Int] = [:]

    package init(capacity: Int) {
        self.capacity = max(capacity, 64)
        buffer = .allocate(byteCount: self.capacity, alignment: 8)
    }

    package func free() { buffer.deallocate() }
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: buffer, count: count) }

    private mutating func reserve(_ n: Int) {
        guard count + n > capacity else { return }
        let larger = max(capacity * 2, count + n)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 8)
        grown.copyMemory(from: buffer, byteCount: count)
        buffer.deallocate()
        buffer = grown
        capacity = larger
    }

    package mutating func raw(_ source: UnsafeRawBufferPointer) {
        reserve(source.count)
        if let base = source.baseAddress { (buffer + count).copyMemory(from: base, byteCount: source.count) }
        count += source.count
    }
    package mutating func int64(_ v: Int64) {
        reserve(8)
        buffer.storeBytes(of: v.littleEndian, toByteOffset: count, as: Int64.self)
        count += 8
    }
    package mutating func int(_ v: Int) { int64(Int64(v)) }
    package mutating func byte(_ v: UInt8) {
        reserve(1)
        buffer.storeBytes(of: v, toByteOffset: count, as: UInt8.self)
        count += 1
    }
    package mutating func flag(_ v: Bool) { byte(v ? 1 : 0) }
    package mutating func double(_ v: Double) { int64(Int64(bitPattern: v.bitPattern)) }
    package mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { int($0.count); raw(UnsafeRawBufferPointer($0)) }
    }
    package mutating func strings(_ list: [String]) { int(list.count); list.forEach { string($0) } }
    package mutating func int64(_ v: Int64?) { if let v { flag(true); int64(v) } else { flag(false) } }
    package mutating func int(_ v: Int?) { int64(v.map(Int64.init)) }
    package mutating func double(_ v: Double?) { if let v { flag(true); double(v) } else { flag(false) } }
    package mutating func date(_ d: Date?) { double(d?.timeIntervalSinceReferenceDate) }
    package mutating func day(_ d: Day?) { int(d?.ordinal) }

    package static func status(_ s: RankStatus) -> UInt8 {
        switch s { case .old: 0; case .new: 1; case .unknown: 2 }
    }

    package mutating func entries(_ list: [ChartEntry]) {
        int(list.count)
        for e in list {
            int(e.rank); int(e.rankChange); byte(Self.status(e.status))
            let number = filmNumbers[e.movieCode] ?? {
                films.append((e.movieCode, e.title, e.rawTitle))
                filmNumbers[e.movieCode] = films.count - 1
                return films.count - 1
            }()
            int(number)
            let film = films[number]
            // Byte for byte: `==` takes a composed and a decomposed 한 for the same title, and the
            // row would come back with the other film row's bytes.
            if film.title.utf8.elementsEqual(e.title.utf8) { byte(1) } else { byte(0); string(e.title) }
            if film.raw.utf8.elementsEqual(e.rawTitle.utf8) { byte(1) } else { byte(0); string(e.rawTitle) }
            day(e.openDate); int64(e.sales); double(e.salesShare); int64(e.salesChange)
            double(e.salesChangeRate); int64(e.salesTotal); int64(e.audience)
            int64(e.audienceChange); double(e.audienceChangeRate); int64(e.audienceTotal)
            int(e.screens); int(e.showings)
        }
    }

    package mutating func dayChart(_ c: DayChart) {
        int(c.date.ordinal); date(c.fetchedAt); int(c.rejectedRows); entries(c.entries)
    }

    /// Its kind first: a filter's record says there whether a day or which period follows.
    package mutating func periodChart(_ c: PeriodChart) {
        string(c.kind.rawValue); int(c.start.ordinal); date(c.fetchedAt); entries(c.entries)
    }

    package mutating func people(_ list: [Person]) {
        int(list.count)
        for p in list { string(p.name); string(p.englishName); string(p.role) }
    }

    package mutating func movie(_ m: Movie) {
        string(m.code); string(m.title); string(m.englishTitle); string(m.originalTitle)
        int(m.runtimeMinutes); int(m.productionYear); day(m.openDate)
        string(m.productionStatus); string(m.type); strings(m.nations); strings(m.genres)
        people(m.directors); people(m.actors); strings(m.showTypes)
        int(m.companies.count)
        for c in m.companies { string(c.code); string(c.name); string(c.englishName); string(c.part) }
        strings(m.watchGrades)
    }
}

/// Reads what `MemoWriter` wrote; nil at the first value that is not there.
package struct MemoReader {
    package let raw: UnsafeRawBufferPointer
    package var at: Int

    package init(_ raw: UnsafeRawBufferPointer, at: Int) { self.raw = raw; self.at = at }

    package var atEnd: Bool { at == raw.count }

    package mutating func int64() -> Int64? {
        guard raw.count - at >= 8 else { return nil }
        defer { at += 8 }
        return Int64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int64.self))
    }
    package mutating func int() -> Int? { int64().map { Int($0) } }
    /// A day `Day` can be (years 1 to 9999, as a KOBIS date with a typo may be): a damaged
    /// ordinal never reaches the calendar's arithmetic.
    package mutating func ordinal() -> Int? { int().flatMap { Self.days.contains($0) ? $0 : nil } }
    package static let days = Day(year: 1, month: 1, day: 1)!.ordinal...Day(year: 9999, month: 12, day: 31)!.ordinal
    /// What to reserve for `n` things of at least `each` bytes: never more than the bytes left
    /// could hold, whatever a damaged count says.
    package func room(_ n: Int, each: Int) -> Int { min(n, (raw.count - at) / each) }
    /// A count of things that each take at least a byte: never more than the bytes left.
    package mutating func count() -> Int? { int().flatMap { $0 >= 0 && $0 <= raw.count - at ? $0 : nil } }
    package mutating func byte() -> UInt8? {
        guard at < raw.count else { return nil }
        defer { at += 1 }
        return raw[at]
    }
    package mutating func flag() -> Bool? {
        guard at < raw.count, raw[at] <= 1 else { return nil }
        defer { at += 1 }
        return raw[at] == 1
    }
    package mutating func double() -> Double? { int64().map { Double(bitPattern: UInt64(bitPattern: $0)) } }
    package mutating func string() -> String? {
        guard let n = count() else { return nil }
        defer { at += n }
        return String(decoding: UnsafeRawBufferPointer(rebasing: raw[at..<(at + n)]), as: UTF8.self)
    }
    package mutating func strings() -> [String]? {
        guard let n = count() else { return nil }
        var list: [String] = []
        list.reserveCapacity(room(n, each: 8))
        for _ in 0..<n { guard let s = string() else { return nil }; list.append(s) }
        return list
    }
    /// `.some(nil)` for an absent value, nil for a file that ends.
    package mutating func optional<T>(_ read: (inout MemoReader) -> T?) -> T?? {
        guard let present = flag() else { return nil }
        if !present { return .some(nil) }
        guard let v = read(&self) else { return nil }
        return .some(v)
    }
    package mutating func date() -> Date?? { optional { $0.double().map(Date.init(timeIntervalSinceReferenceDate:)) } }
    package mutating func day() -> Day?? { optional { $0.ordinal().map(Day.init(ordinal:)) } }

    package mutating func entries() -> [ChartEntry]? {
        guard let n = count() else { return nil }
        var list: [ChartEntry] = []
        list.reserveCapacity(room(n, each: 89))
        for _ in 0..<n {
            guard let rank = int(), let rankChange = int(), let status = rankStatus(), let number = int(),
                films.indices.contains(number),
                let title = rowTitle(films[number].title), let rawTitle = rowTitle(films[number].raw),
                let openDate = day(),
                let sales = int64(), let salesShare = optional({ $0.double() }),
                let salesChange = optional({ $0.int64() }),
                let salesChangeRate = optional({ $0.double() }), let salesTotal = int64(), let audience = int64(),
                let audienceChange = optional({ $0.int64() }), let audienceChangeRate = optional({ $0.double() }),
                let audienceTotal = int64(), let screens = int(), let showings = int()
            else { return nil }
            list.append(
                ChartEntry(
                    rank: rank, rankChange: rankChange, status: status, movieCode: films[number].code, title: title,
                    rawTitle: rawTitle,
                    openDate: openDate, sales: sales, salesShare: salesShare, salesChange: salesChange,
                    salesChangeRate: salesChangeRate, salesTotal: salesTotal, audience: audience,
                    audienceChange: audienceChange, audienceChangeRate: audienceChangeRate,
                    audienceTotal: audienceTotal, screens: screens, showings: showings))
        }
        return list
    }

    package mutating func dayChart() -> DayChart? {
        guard let ordinal = ordinal(), let fetchedAt = date(), let rejected = int(), let entries = entries()
        else { return nil }
        return DayChart(date: Day(ordinal: ordinal), entries: entries, fetchedAt: fetchedAt, rejectedRows: rejected)
    }

    /// What follows the kind `MemoWriter.periodChart` writes first (read by the caller).
    package mutating func periodChart(kind: PeriodKind) -> PeriodChart? {
        guard let start = ordinal(), let fetchedAt = date(), let entries = entries() else { return nil }
        return PeriodChart(kind: kind, start: Day(ordinal: start), entries: entries, fetchedAt: fetchedAt)
    }

    package mutating func rankStatus() -> RankStatus? {
        guard at < raw.count else { return nil }
        defer { at += 1 }
        switch raw[at] { case 0: return .old; case 1: return .new; case 2: return .unknown; default: return nil }
    }

    /// The films the rows refer to by number (`MemoWriter.films`).
    package var films: [(code: String, title: String, raw: String)] = []

    /// A row's title: its film's (one String shared by all its rows), or its own.
    package mutating func rowTitle(_ film: String) -> String? {
        guard let same = flag() else { return nil }
        return same ? film : string()
    }

    package mutating func people() -> [Person]? {
        guard let n = count() else { return nil }
        var list: [Person] = []
        list.reserveCapacity(room(n, each: 24))
        for _ in 0..<n {
            guard let name = string(), let english = string(), let role = string() else { return nil }
            list.append(Person(name: name, englishName: english, role: role))
        }
        return list
    }

    package mutating func movie() -> Movie? {
        guard let code = string(), let title = string(), let englishTitle = string(), let originalTitle = string(),
            let runtime = optional({ $0.int() }), let year = optional({ $0.int() }), let openDate = day(),
            let status = string(), let type = string(), let nations = strings(), let genres = strings(),
            let directors = people(), let actors = people(), let showTypes = strings(), let companyCount = count()
        else { return nil }
        var companies: [Company] = []
        for _ in 0..<companyCount {
            guard let c = string(), let name = string(), let english = string(), let part = string() else { return nil }
            companies.append(Company(code: c, name: name, englishName: english, part: part))
        }
        guard let grades = strings() else { return nil }
        return Movie(
            code: code, title: title, englishTitle: englishTitle, originalTitle: originalTitle, runtimeMinutes: runtime,
            productionYear: year, openDate: openDate, productionStatus: status, type: type, nations: nations,
            genres: genres,
            directors: directors, actors: actors, showTypes: showTypes, companies: companies, watchGrades: grades)
    }
}

extension MemoWriter {
    /// A memo file: its header and identity lines, the films the rows of `body` name (so they go
    /// first), `body`, then a checksum of all of it.
    package static func file(header: String, identity: String, body: MemoWriter, tag: String) -> Data {
        var out = MemoWriter(capacity: body.count + 64 * body.films.count + 256)
        defer { out.free() }
        var head = "\(header)\n\(identity)\n"
        head.withUTF8 { out.raw(UnsafeRawBufferPointer($0)) }
        out.int(body.films.count)
        for film in body.films { out.string(film.code); out.string(film.title); out.string(film.raw) }
        out.raw(body.bytes)
        out.int64(Int64(bitPattern: MemoChecksum.of(out.bytes, tag: tag)))
        return Data(out.bytes)
    }
}

extension MemoReader {
    /// Reads what follows the film table of a memo file `MemoWriter.file` wrote with this header
    /// and identity, the checksum left out; nil (and `read` not called) for any other file.
    package static func file<T>(
        _ data: Data, header: String, identity: String, tag: String, read: (inout MemoReader) -> T?
    ) -> T? {
        let head = Array("\(header)\n\(identity)\n".utf8)
        guard data.count >= head.count + 8, data.prefix(head.count).elementsEqual(head) else { return nil }
        return data.withUnsafeBytes { whole -> T? in
            let raw = UnsafeRawBufferPointer(rebasing: whole[..<(whole.count - 8)])
            let sum = UInt64(littleEndian: whole.loadUnaligned(fromByteOffset: whole.count - 8, as: UInt64.self))
            guard sum == MemoChecksum.of(raw, tag: tag) else { return nil }
            var r = MemoReader(raw, at: head.count)
            guard let filmCount = r.count() else { return nil }
            for _ in 0..<filmCount {
                guard let code = r.string(), let title = r.string(), let rawTitle = r.string() else { return nil }
                r.films.append((code, title, rawTitle))
            }
            guard let value = read(&r), r.atEnd else { return nil }
            return value
        }
    }
}
