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
    // Korean edition and the English one measured apart (`Tests/Benchmarks/footprint.py` prints
    // each part; docs/performance.md, "The real-sized world", gives the builds).
    /// Files every site has whatever its length: the theme's assets, the home page, the feeds.
    static let fixed = Rate(bytes: 500_000, files: 25)
    /// A day of charts: its page and its filters' page, its share of the week's and weekend's
    /// pages (theirs too), of the year's data files, the archive and the year pages.
    static let day = Rate(bytes: 52_600, files: 2.62)
    /// A day without the market view: no filters' pages or data (about three fifths of the above).
    static let dayNational = Rate(bytes: 30_000, files: 1.4)
    /// A film with a page: its page, its JSON, its share of its people's pages and its
    /// distributor's, and its line in the search index.
    static let film = Rate(bytes: 29_900, files: 3.43)
    /// A film's poster served as its four copies (grid and page, 1× and 2×: on the charts in the
    /// site's latest year), or as one (off every chart for a year: `PosterCopies.single`).
    static let recentPoster = Rate(bytes: 123_000, files: 4)
    static let settledPoster = Rate(bytes: 64_000, files: 1)
    /// A share card: a day's, week's or person's text card (a 16-colour PNG), a film's with its
    /// poster (a JPEG).
    static let textCard = Rate(bytes: 20_000, files: 1)
    static let filmCard = Rate(bytes: 76_000, files: 1)
    /// The English edition's pages (the data files and posters are shared), per day and per film.
    static let englishDay = Rate(bytes: 42_500, files: 2.58)
    static let englishFilm = Rate(bytes: 26_300, files: 2.43)
    /// Films that reach the national top 3 in a year: their cards are kept for good.
    static let topFilmsPerYear = 90.0

    /// The films a year of history brings, on any chart the site publishes (the national top 10
    /// alone: about 210; the real-sized world's, calibrated in docs/data.md), where nothing better is known.
    public static let filmsPerYear = 410.0
    public static let nationalFilmsPerYear = 210.0

    /// `films`: the films with a page (nil: the rate a year brings). Cards are counted as the site
    /// keeps them (`ShareCards`): a month of days, a year of weeks and weekends, the films of the
    /// last year and every top 3.
    public static func estimate(days: Int, films: Int? = nil, config: SiteConfig) -> PublishedSize {
        let years = Double(days) / 365.25
        let perYear = config.market ? filmsPerYear : nationalFilmsPerYear
        let filmCount = Double(films ?? Int((years * perYear).rounded()))
        // The films of the latest year: all of them in a site of a year or less.
        let recent = min(filmCount, perYear * min(years, 1))
        let editions = config.english ? 2.0 : 1.0
        var parts: [(Double, Double)] = [
            fixed.times(editions),
            (config.market ? day : dayNational).times(Double(days)),
            film.times(filmCount),
        ]
        if config.english {
            let share = config.market ? 1 : dayNational.files / day.files
            parts.append(englishDay.times(Double(days) * share))
            parts.append(englishFilm.times(filmCount))
        }
        if config.posters == .download {
            parts.append(recentPoster.times(recent))
            parts.append(settledPoster.times(filmCount - recent))
        }
        if config.drawsCards {
            let periods = 2 * min(Double(days) / 7, 53)
            parts.append(textCard.times((min(Double(days), 31) + periods) * editions))
            let filmCards = recent + topFilmsPerYear * max(0, years - 1)
            parts.append((config.posters == .download ? filmCard : textCard).times(filmCards * editions))
        }
        let total = parts.reduce((0.0, 0.0)) { ($0.0 + $1.0, $0.1 + $1.1) }
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
    public static func planLine(days: [Day], config site: SiteConfig) -> String? {
        guard let last = days.max() else { return nil }
        // As published: the workflow builds with the host's address, so cards are drawn when on.
        var config = site
        if config.baseURL == nil { config.baseURL = URL(string: "https://example.org/") }
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
