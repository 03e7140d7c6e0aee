import Foundation
#if canImport(Glibc)
import Glibc
#endif
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
        RegularFile.mapped(file.path).flatMap { Self.decode($0, identity: identity) } ?? Contents()
    }

    /// Writes this build's charts and films when more than one in fifty had to be simulated: the
    /// morning after the file is written a build finds all but the new day in it, and simulating
    /// a few days costs less than writing the file (55 MB for a whole history with the market
    /// view) every morning, so on a ten-year site it is rewritten about every seventy days (and
    /// whenever it was missing or another binary's). Either way the build's values are let go: a
    /// `serve` session keeps none of them.
    ///
    /// Written before the build goes on: on another thread it measured within noise
    /// (docs/performance.md), and it made every command wait for it before it ended.
    /// `charts` and `movies` are made only when the memo is written (about one morning in
    /// seventy): a whole history's, made and dropped every morning, were a serial fiftieth of it.
    func save(charts: @autoclosure () -> [(ChartRequest, Chart)], movies: @autoclosure () -> [String: Movie?],
              answers: Int, simulated missing: Int) {
        lock.withLock { simulatedCount = missing }
        guard missing > 0, missing * 50 > answers else { return }
        write(charts: charts(), movies: movies())
    }

    private func write(charts: [(ChartRequest, Chart)], movies: [String: Movie?]) {
        // Written as the store writes (`StoreTemporaries`: temp file, then renamed over it, never
        // Foundation's atomic write, whose leftovers a killed build scattered beside it), so a
        // build reading it meanwhile sees the old one or the new one; a folder it cannot write is
        // found out before the file is encoded for nothing.
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
        var info = stat()
        guard lstat(file.path, &info) != 0 || (info.st_mode & S_IFMT) == S_IFREG else { return }
        try? StoreTemporaries(store: folder).write(Self.encode(contents, identity: identity), to: file)
    }

    // MARK: The file: a header line, the identity line, then little-endian binary values.

    static func encode(_ contents: Contents, identity: String) -> Data {
        var body = MemoWriter(capacity: 16 << 20)
        defer { body.free() }
        // Sorted, so the same values make the same file.
        let days = contents.days.keys.sorted()
        body.int(days.count)
        for ordinal in days { body.dayChart(contents.days[ordinal]!) }
        let periods = contents.periods.keys.sorted { ($0.kind, $0.start) < ($1.kind, $1.start) }
        body.int(periods.count)
        for key in periods { body.periodChart(contents.periods[key]!) }
        let codes = contents.movies.keys.sorted()
        body.int(codes.count)
        for code in codes {
            body.string(code)
            if let movie = contents.movies[code]! { body.flag(true); body.movie(movie) } else { body.flag(false) }
        }
        // The requests sorted with their order worked out once, not the charts: sorting 30,000
        // (request, chart) pairs copied a chart at every move, a fifth of a first build's fetch.
        let scoped = contents.scoped.keys.map { (request: $0, order: $0.memoKey) }.sorted { a, b in
            a.request.scope != b.request.scope ? a.request.scope < b.request.scope : a.order < b.order
        }
        body.int(scoped.count)
        for (request, _) in scoped {
            body.string(request.scope.slug)
            switch contents.scoped[request]! {
            case .day(let c): body.string("day"); body.dayChart(c)
            case .period(let c): body.periodChart(c)
            }
        }
        return MemoWriter.file(header: header, identity: identity, body: body, tag: "demo-memo")
    }

    /// nil for anything but a whole file this binary wrote.
    static func decode(_ data: Data, identity: String) -> Contents? {
        MemoReader.file(data, header: header, identity: identity, tag: "demo-memo") { r -> Contents? in
            var contents = Contents()
            guard let days = r.count() else { return nil }
            contents.days.reserveCapacity(r.room(days, each: 33))
            for _ in 0..<days {
                guard let chart = r.dayChart() else { return nil }
                contents.days[chart.date.ordinal] = chart
            }
            guard let periods = r.count() else { return nil }
            contents.periods.reserveCapacity(r.room(periods, each: 33))
            for _ in 0..<periods {
                guard let kind = r.string().flatMap(PeriodKind.init(rawValue:)), let chart = r.periodChart(kind: kind)
                else { return nil }
                contents.periods[DemoSource.PeriodKey(kind: kind, start: chart.start.ordinal)] = chart
            }
            guard let movies = r.count() else { return nil }
            contents.movies.reserveCapacity(r.room(movies, each: 9))  // a code's length and a flag at least
            for _ in 0..<movies {
                guard let code = r.string(), let movie = r.optional({ $0.movie() }) else { return nil }
                contents.movies[code] = .some(movie)
            }
            guard let scoped = r.count() else { return nil }
            contents.scoped.reserveCapacity(r.room(scoped, each: 33))
            for _ in 0..<scoped {
                guard let scope = r.string().flatMap(ChartScope.init(slug:)), let kind = r.string() else { return nil }
                if kind == "day" {
                    guard let chart = r.dayChart() else { return nil }
                    contents.scoped[.day(chart.date, scope: scope)] = .day(chart)
                } else {
                    guard let kind = PeriodKind(rawValue: kind), let chart = r.periodChart(kind: kind)
                    else { return nil }
                    contents.scoped[.period(kind, chart.start, scope: scope)] = .period(chart)
                }
            }
            return contents
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

