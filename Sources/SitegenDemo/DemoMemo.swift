import Foundation
import SitegenBasics
import SitegenFetch
import SitegenModel

/// The demo's charts and films from a recent build, kept in the cache folder (`demo-memo`), so a
/// later build simulates only the days the file lacks instead of ten years (most of a 0.13 s
/// daily rebuild).
///
/// Only a speed-up, and invisible: every value in it is the simulator's own (`DemoMemoTests`
/// compares them field by field); it names the binary that wrote it, and any other binary
/// simulates afresh; a file that is unreadable, cut short, damaged (a checksum covers it) or from
/// another version is ignored, and one that cannot be written is simply not kept. It holds what
/// the build that wrote it asked for, so it never grows past one site's data.
final class DemoMemo: @unchecked Sendable {
    let file: URL
    /// The binary that may read it: the simulator is its code.
    let identity: String
    private let lock = NSLock()
    private var simulatedCount = 0
    /// Requests and films the last build simulated, for tests: the memo must spare the rest.
    var simulated: Int { lock.withLock { simulatedCount } }

    static let header = "sitegen-demo-memo 2"

    init(file: URL, identity: String) { self.file = file; self.identity = identity }

    struct Contents: Equatable {
        var days: [Int: DayChart] = [:]
        var periods: [DemoSource.PeriodKey: PeriodChart] = [:]
        /// nil: the simulator has no film with that code.
        var movies: [String: Movie?] = [:]
        /// The filters' charts (한국, 외국, 다양성, regions), by the request that asked.
        var scoped: [ChartRequest: Chart] = [:]

        func chart(_ request: ChartRequest) -> Chart? {
            switch request {
            case .day(let day, .all): days[day.ordinal].map { .day($0) }
            case .period(let kind, let start, .all):
                periods[DemoSource.PeriodKey(kind: kind, start: start.ordinal)].map { .period($0) }
            default: scoped[request]
            }
        }
    }

    /// The last build's values (none when the file is not this binary's, whole and sound).
    func contents() -> Contents {
        // Mapped (it is large), once it is known to be a file: mapping a FIFO reads it, and waits.
        (RegularFile.exists(file.path) ? try? Data(contentsOf: file, options: .alwaysMapped) : nil)
            .flatMap { Self.decode($0, identity: identity) } ?? Contents()
    }

    /// Writes this build's charts and films when more than one in fifty had to be simulated: the
    /// morning after the file is written a build finds all but the new day in it, and simulating
    /// a few days costs less than writing 7 MB every morning, so on a ten-year site the file is
    /// rewritten about every seventy days (and whenever it was missing or another binary's).
    /// Either way the build's values are let go: a `serve` session keeps none of them.
    func save(charts: [(ChartRequest, Chart)], movies: [String: Movie?], simulated missing: Int) {
        lock.withLock { simulatedCount = missing }
        guard missing > 0, missing * 50 > charts.count + movies.count else { return }
        // Written as the response cache writes (temp file, then renamed over it), so a build
        // reading it meanwhile sees the old one or the new one; a folder it cannot write is
        // found out before 7 MB are encoded for nothing.
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard FileManager.default.isWritableFile(atPath: folder.path) else { return }
        var contents = Contents()
        for (request, chart) in charts {
            switch (request.scope, chart) {
            case (.all, .day(let c)): contents.days[c.date.ordinal] = c
            case (.all, .period(let c)):
                contents.periods[DemoSource.PeriodKey(kind: c.kind, start: c.start.ordinal)] = c
            default: contents.scoped[request] = chart
            }
        }
        contents.movies = movies
        try? Self.encode(contents, identity: identity).write(to: file, options: .atomic)
    }

    // MARK: The file: a header line, the identity line, then little-endian binary values.

    static func encode(_ contents: Contents, identity: String) -> Data {
        var body = MemoWriter(capacity: 16 << 20)
        defer { body.free() }
        // Sorted, so the same values make the same file.
        let days = contents.days.keys.sorted()
        body.int(days.count)
        for ordinal in days {
            let chart = contents.days[ordinal]!
            body.int(chart.date.ordinal); body.date(chart.fetchedAt); body.int(chart.rejectedRows);
            body.entries(chart.entries)
        }
        let periods = contents.periods.keys.sorted { ($0.kind, $0.start) < ($1.kind, $1.start) }
        body.int(periods.count)
        for key in periods {
            let chart = contents.periods[key]!
            body.string(chart.kind.rawValue); body.int(chart.start.ordinal); body.date(chart.fetchedAt);
            body.entries(chart.entries)
        }
        let codes = contents.movies.keys.sorted()
        body.int(codes.count)
        for code in codes {
            body.string(code)
            if let movie = contents.movies[code]! { body.flag(true); body.movie(movie) } else { body.flag(false) }
        }
        let scoped = contents.scoped.sorted { a, b in
            a.key.scope != b.key.scope ? a.key.scope < b.key.scope : a.key.memoKey < b.key.memoKey
        }
        body.int(scoped.count)
        for (request, chart) in scoped {
            body.string(request.scope.slug)
            switch chart {
            case .day(let c):
                body.string("day"); body.int(c.date.ordinal); body.date(c.fetchedAt); body.int(c.rejectedRows)
                body.entries(c.entries)
            case .period(let c):
                body.string(c.kind.rawValue); body.int(c.start.ordinal); body.date(c.fetchedAt); body.entries(c.entries)
            }
        }
        // The film table the rows refer to goes first.
        var out = MemoWriter(capacity: body.count + 64 * body.films.count + 256)
        defer { out.free() }
        var head = "\(header)\n\(identity)\n"
        head.withUTF8 { out.raw(UnsafeRawBufferPointer($0)) }
        out.int(body.films.count)
        for film in body.films { out.string(film.code); out.string(film.title); out.string(film.raw) }
        out.raw(body.bytes)
        out.int64(Int64(bitPattern: checksum(out.bytes)))
        return Data(out.bytes)
    }

    /// Four independent multiply-add lanes over the words (about a tenth of a millisecond a MB):
    /// any change to the bytes changes the sum, short of a 1 in 2⁶⁴ coincidence. Not a defence
    /// against anyone forging a file, only against a disk or a copy that damaged one.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let k: UInt64 = 0x9e37_79b9_7f4a_7c15
        var (a, b, c, d): (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        var i = 0
        while i + 32 <= bytes.count {
            a = (a &+ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* k
            b = (b &+ bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)) &* k
            c = (c &+ bytes.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)) &* k
            d = (d &+ bytes.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) &* k
            i += 32
        }
        var f = Fingerprint("demo-memo")
        f.add(raw: UnsafeRawBufferPointer(rebasing: bytes[i...]))
        for lane in [a, b, c, d, UInt64(bytes.count)] { f.add(lane) }
        return f.value
    }

    /// nil for anything but a whole file this binary wrote.
    static func decode(_ data: Data, identity: String) -> Contents? {
        let head = Array("\(header)\n\(identity)\n".utf8)
        guard data.count >= head.count + 8, data.prefix(head.count).elementsEqual(head) else { return nil }
        return data.withUnsafeBytes { whole -> Contents? in
            let raw = UnsafeRawBufferPointer(rebasing: whole[..<(whole.count - 8)])
            let sum = UInt64(littleEndian: whole.loadUnaligned(fromByteOffset: whole.count - 8, as: UInt64.self))
            guard sum == checksum(raw) else { return nil }
            var r = MemoReader(raw, at: head.count)
            guard let filmCount = r.count() else { return nil }
            for _ in 0..<filmCount {
                guard let code = r.string(), let title = r.string(), let rawTitle = r.string() else { return nil }
                r.films.append((code, title, rawTitle))
            }
            var contents = Contents()
            guard let days = r.count() else { return nil }
            contents.days.reserveCapacity(r.room(days, each: 33))
            for _ in 0..<days {
                guard let ordinal = r.ordinal(), let fetchedAt = r.date(), let rejected = r.int(),
                    let entries = r.entries()
                else { return nil }
                contents.days[ordinal] = DayChart(
                    date: Day(ordinal: ordinal), entries: entries, fetchedAt: fetchedAt, rejectedRows: rejected)
            }
            guard let periods = r.count() else { return nil }
            for _ in 0..<periods {
                guard let kind = r.string().flatMap(PeriodKind.init(rawValue:)), let start = r.ordinal(),
                    let fetchedAt = r.date(),
                    let entries = r.entries()
                else { return nil }
                contents.periods[DemoSource.PeriodKey(kind: kind, start: start)] = PeriodChart(
                    kind: kind, start: Day(ordinal: start), entries: entries, fetchedAt: fetchedAt)
            }
            guard let movies = r.count() else { return nil }
            for _ in 0..<movies {
                guard let code = r.string(), let present = r.flag() else { return nil }
                if present {
                    guard let movie = r.movie() else { return nil }
                    contents.movies[code] = .some(movie)
                } else {
                    contents.movies[code] = .some(nil)
                }
            }
            guard let scoped = r.count() else { return nil }
            for _ in 0..<scoped {
                guard let scope = r.string().flatMap(ChartScope.init(slug:)), let kind = r.string(),
                    let start = r.ordinal(), let fetchedAt = r.date()
                else { return nil }
                if kind == "day" {
                    guard let rejected = r.int(), let entries = r.entries() else { return nil }
                    let day = Day(ordinal: start)
                    contents.scoped[.day(day, scope: scope)] = .day(
                        DayChart(date: day, entries: entries, fetchedAt: fetchedAt, rejectedRows: rejected))
                } else {
                    guard let kind = PeriodKind(rawValue: kind), let entries = r.entries() else { return nil }
                    contents.scoped[.period(kind, Day(ordinal: start), scope: scope)] = .period(
                        PeriodChart(kind: kind, start: Day(ordinal: start), entries: entries, fetchedAt: fetchedAt))
                }
            }
            return r.atEnd ? contents : nil
        }
    }
}

extension ChartRequest {
    /// Orders a scope's charts in the file: by day, a day before the periods starting on it.
    var memoKey: (Int, String) {
        switch self {
        case .day(let day, _): (day.ordinal, "")
        case .period(let kind, let start, _): (start.ordinal, kind.rawValue)
        }
    }
}

/// Every stored field of the model types, in declaration order (`DemoMemoTests` counts them).
/// Values are stored straight into a raw buffer: appending them to an array one by one took
/// longer than simulating the days.
struct MemoWriter {
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count = 0
    /// The films chart rows name, each once (code, title, raw title), in the order first met:
    /// a row names its film by number, and its titles only where they differ from the film's.
    private(set) var films: [(code: String, title: String, raw: String)] = []
    private var filmNumbers: [String: Int] = [:]

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        buffer = .allocate(byteCount: self.capacity, alignment: 8)
    }

    func free() { buffer.deallocate() }
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: buffer, count: count) }

    private mutating func reserve(_ n: Int) {
        guard count + n > capacity else { return }
        let larger = max(capacity * 2, count + n)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 8)
        grown.copyMemory(from: buffer, byteCount: count)
        buffer.deallocate()
        buffer = grown
        capacity = larger
    }

    mutating func raw(_ source: UnsafeRawBufferPointer) {
        reserve(source.count)
        if let base = source.baseAddress { (buffer + count).copyMemory(from: base, byteCount: source.count) }
        count += source.count
    }
    mutating func int64(_ v: Int64) {
        reserve(8)
        buffer.storeBytes(of: v.littleEndian, toByteOffset: count, as: Int64.self)
        count += 8
    }
    mutating func int(_ v: Int) { int64(Int64(v)) }
    mutating func byte(_ v: UInt8) {
        reserve(1)
        buffer.storeBytes(of: v, toByteOffset: count, as: UInt8.self)
        count += 1
    }
    mutating func flag(_ v: Bool) { byte(v ? 1 : 0) }
    mutating func double(_ v: Double) { int64(Int64(bitPattern: v.bitPattern)) }
    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { int($0.count); raw(UnsafeRawBufferPointer($0)) }
    }
    mutating func strings(_ list: [String]) { int(list.count); list.forEach { string($0) } }
    mutating func int64(_ v: Int64?) { if let v { flag(true); int64(v) } else { flag(false) } }
    mutating func int(_ v: Int?) { int64(v.map(Int64.init)) }
    mutating func double(_ v: Double?) { if let v { flag(true); double(v) } else { flag(false) } }
    mutating func date(_ d: Date?) { double(d?.timeIntervalSinceReferenceDate) }
    mutating func day(_ d: Day?) { int(d?.ordinal) }

    static func status(_ s: RankStatus) -> UInt8 {
        switch s { case .old: 0; case .new: 1; case .unknown: 2 }
    }

    mutating func entries(_ list: [ChartEntry]) {
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
            if film.title == e.title { byte(1) } else { byte(0); string(e.title) }
            if film.raw == e.rawTitle { byte(1) } else { byte(0); string(e.rawTitle) }
            day(e.openDate); int64(e.sales); double(e.salesShare); int64(e.salesChange)
            double(e.salesChangeRate); int64(e.salesTotal); int64(e.audience)
            int64(e.audienceChange); double(e.audienceChangeRate); int64(e.audienceTotal)
            int(e.screens); int(e.showings)
        }
    }

    mutating func people(_ list: [Person]) {
        int(list.count)
        for p in list { string(p.name); string(p.englishName); string(p.role) }
    }

    mutating func movie(_ m: Movie) {
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
struct MemoReader {
    let raw: UnsafeRawBufferPointer
    var at: Int

    init(_ raw: UnsafeRawBufferPointer, at: Int) { self.raw = raw; self.at = at }

    var atEnd: Bool { at == raw.count }

    mutating func int64() -> Int64? {
        guard raw.count - at >= 8 else { return nil }
        defer { at += 8 }
        return Int64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int64.self))
    }
    mutating func int() -> Int? { int64().map { Int($0) } }
    /// A day between 1900 and 2200: a damaged ordinal never reaches the calendar's arithmetic.
    mutating func ordinal() -> Int? { int().flatMap { Self.days.contains($0) ? $0 : nil } }
    static let days = Day(year: 1900, month: 1, day: 1)!.ordinal...Day(year: 2200, month: 12, day: 31)!.ordinal
    /// What to reserve for `n` things of at least `each` bytes: never more than the bytes left
    /// could hold, whatever a damaged count says.
    func room(_ n: Int, each: Int) -> Int { min(n, (raw.count - at) / each) }
    /// A count of things that each take at least a byte: never more than the bytes left.
    mutating func count() -> Int? { int().flatMap { $0 >= 0 && $0 <= raw.count - at ? $0 : nil } }
    mutating func flag() -> Bool? {
        guard at < raw.count, raw[at] <= 1 else { return nil }
        defer { at += 1 }
        return raw[at] == 1
    }
    mutating func double() -> Double? { int64().map { Double(bitPattern: UInt64(bitPattern: $0)) } }
    mutating func string() -> String? {
        guard let n = count() else { return nil }
        defer { at += n }
        return String(decoding: UnsafeRawBufferPointer(rebasing: raw[at..<(at + n)]), as: UTF8.self)
    }
    mutating func strings() -> [String]? {
        guard let n = count() else { return nil }
        var list: [String] = []
        list.reserveCapacity(room(n, each: 8))
        for _ in 0..<n { guard let s = string() else { return nil }; list.append(s) }
        return list
    }
    /// `.some(nil)` for an absent value, nil for a file that ends.
    mutating func optional<T>(_ read: (inout MemoReader) -> T?) -> T?? {
        guard let present = flag() else { return nil }
        if !present { return .some(nil) }
        guard let v = read(&self) else { return nil }
        return .some(v)
    }
    mutating func date() -> Date?? { optional { $0.double().map(Date.init(timeIntervalSinceReferenceDate:)) } }
    mutating func day() -> Day?? { optional { $0.ordinal().map(Day.init(ordinal:)) } }

    mutating func entries() -> [ChartEntry]? {
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

    mutating func rankStatus() -> RankStatus? {
        guard at < raw.count else { return nil }
        defer { at += 1 }
        switch raw[at] { case 0: return .old; case 1: return .new; case 2: return .unknown; default: return nil }
    }

    /// The films the rows refer to by number (`MemoWriter.films`).
    var films: [(code: String, title: String, raw: String)] = []

    /// A row's title: its film's (one String shared by all its rows), or its own.
    mutating func rowTitle(_ film: String) -> String? {
        guard let same = flag() else { return nil }
        return same ? film : string()
    }

    mutating func people() -> [Person]? {
        guard let n = count() else { return nil }
        var list: [Person] = []
        list.reserveCapacity(room(n, each: 24))
        for _ in 0..<n {
            guard let name = string(), let english = string(), let role = string() else { return nil }
            list.append(Person(name: name, englishName: english, role: role))
        }
        return list
    }

    mutating func movie() -> Movie? {
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
