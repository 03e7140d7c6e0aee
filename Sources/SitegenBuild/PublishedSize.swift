import Foundation
import SitegenBasics
import SitegenModel
import SitegenWrite

/// What a site of a range will weigh as published, before a call is spent: `init --since`,
/// `sitegen fetch` and the build's summary say it, with the hosts it fits, so a whole history too
/// big for GitHub Pages is known on the first day and not when the workflow's size stop fires
/// weeks into the backfill.
///
/// A sum of parts measured on the real-sized world (KOBIS's scale: about 410 films a year on the
/// charts the site publishes, each with its own poster; docs/performance.md gives the builds),
/// each part a rate per day, per film or per card. Good to about 15% for a year or more
/// (`aRealSizedYearBuildsToWhatThePlanSaid` holds it); a few days weigh mostly the fixed part.
public struct PublishedSize: Sendable, Equatable {
    public var bytes: Int64
    public var files: Int

    public init(bytes: Int64, files: Int) { self.bytes = bytes; self.files = files }

    /// One part's weight: bytes and files per unit.
    struct Rate: Sendable {
        let bytes: Double
        let files: Double
        func times(_ n: Double) -> (Double, Double) { (bytes * n, files * n) }
    }

    // The rates, from builds of the real-sized world with posters, cards and a base URL, the
    // Korean edition and the English one measured apart (Tests/Benchmarks/footprint.py prints them).
    /// Files every site has whatever its length: the theme's assets, the home page, search, the feeds.
    static let fixed = Rate(bytes: 450_000, files: 40)
    /// A day of charts: its page, the week's and weekend's pages a seventh of the time, the year's
    /// data files, the archive: the Korean edition's, and what the market view's filter pages add.
    static let day = Rate(bytes: 27_000, files: 1.6)
    static let dayMarket = Rate(bytes: 20_000, files: 1.6)
    /// A film with a page: its page, its JSON, its drawn placeholder and its people's pages.
    static let film = Rate(bytes: 60_000, files: 6)
    /// A film's poster copies, served from the site.
    static let poster = Rate(bytes: 60_000, files: 2)
    /// A share card (a PNG or JPEG of 1200×630).
    static let card = Rate(bytes: 16_000, files: 1)
    /// The English edition's pages over the Korean ones': most of a page is its figures, which
    /// both editions carry.
    static let englishShare = 0.85

    /// The films a year of history brings, on any chart the site publishes (the national top 10
    /// alone: about 270), where nothing better is known.
    public static let filmsPerYear = 410.0
    public static let nationalFilmsPerYear = 270.0

    /// `films`: the films with a page (nil: the rate a year brings). Cards are counted as the site
    /// keeps them (`ShareCards`): a month of days, a year of weeks and weekends, the films of the
    /// last year and every top 3.
    public static func estimate(days: Int, films: Int? = nil, config: SiteConfig) -> PublishedSize {
        let years = Double(days) / 365.25
        let filmCount = Double(films ?? Int((years * (config.market ? filmsPerYear : nationalFilmsPerYear)).rounded()))
        var parts: [(Double, Double)] = [
            fixed.times(1), day.times(Double(days)), film.times(filmCount),
        ]
        if config.market { parts.append(dayMarket.times(Double(days))) }
        let pages = parts.reduce((0.0, 0.0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        var total = pages
        if config.english { total = (total.0 + pages.0 * englishShare, total.1 + pages.1) }
        if config.posters == .download {
            let p = poster.times(filmCount)
            total = (total.0 + p.0, total.1 + p.1)
        }
        if config.drawsCards {
            let weeks = Double(days) / 7
            let filmCards = min(filmCount, filmsPerYear) + 12 * max(0, years - 1)
            let n = (min(Double(days), 31) + 2 * min(weeks, 53) + filmCards) * (config.english ? 2 : 1)
            let c = card.times(n)
            total = (total.0 + c.0, total.1 + c.1)
        }
        return PublishedSize(bytes: Int64(total.0.rounded()), files: Int(total.1.rounded()))
    }

    /// A host and what stops a site there.
    public struct Host: Sendable {
        public let name: String
        public let maxBytes: Int64?
        public let maxFiles: Int?
    }

    public static let hosts: [Host] = [
        Host(name: "GitHub Pages and GitLab Pages (1 GB)", maxBytes: 1_000_000_000, maxFiles: nil),
        Host(name: "Cloudflare Pages free (20,000 files)", maxBytes: nil, maxFiles: 20_000),
        Host(name: "Cloudflare Pages paid (100,000 files)", maxBytes: nil, maxFiles: 100_000),
    ]

    public func fits(_ host: Host) -> Bool {
        (host.maxBytes.map { bytes <= $0 } ?? true) && (host.maxFiles.map { files <= $0 } ?? true)
    }

    /// 「about 1.7 GB in 48,000 files」: an estimate, rounded as one.
    public var text: String {
        let roundedFiles = files >= 10_000 ? (files + 500) / 1_000 * 1_000 : (files + 50) / 100 * 100
        return "about \(Footprint.size(bytes)) in \(Count.grouped(max(roundedFiles, files > 0 ? 100 : 0))) files"
    }

    /// 「fits GitHub Pages and GitLab Pages (1 GB), …」 or what it is over, and what to do then.
    public var hostsText: String {
        let fit = Self.hosts.filter(fits).map(\.name) + ["a bucket (no ceiling)"]
        let over = Self.hosts.filter { !fits($0) }.map(\.name)
        func list(_ names: [String]) -> String {
            names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        }
        return (over.isEmpty ? "" : "over " + list(over) + "; ") + "fits " + list(fit)
    }

    /// The line `init --since` and `sitegen fetch` say: the range's size as published, the hosts
    /// it fits, and when it will not fit GitHub Pages, what to do about it now rather than weeks on.
    public static func planLine(days: [Day], config: SiteConfig) -> String? {
        guard let last = days.max() else { return nil }
        let size = estimate(days: days.count, config: config)
        var line = "published, the range will be \(size.text) (with posters"
            + (config.drawsCards ? " and share cards" : "") + (config.english ? ", both editions" : "") + "): "
            + size.hostsText
        if !size.fits(hosts[0]) {
            let later = latestFittingSince(until: last, config: config)
            line += "; for GitHub Pages, "
                + (later.map { "start later (since = \($0.iso) fits), " } ?? "")
                + (config.english ? "drop the English edition, " : "")
                + "or publish to a bucket with `sitegen deploy` (docs/deploy.md)"
        }
        return line
    }

    /// Over GitHub Pages: the latest first day whose range fits it, to suggest (nil when even a
    /// year does not).
    public static func latestFittingSince(until: Day, config: SiteConfig) -> Day? {
        let limit = hosts[0]
        var days = 365
        guard estimate(days: days, config: config).fits(limit) else { return nil }
        while days < 40 * 365, estimate(days: days + 365, config: config).fits(limit) { days += 365 }
        return Day.januaryFirst(of: until.adding(days: -(days - 1)).year + 1)
    }
}
