import Foundation
import SitegenFetch
import SitegenBasics
import SitegenModel

/// Posters served from the site: each chosen poster downloaded once through the source (so through
/// the disk cache, with its retries and fault rules), checked, and resized with libvips into the
/// widths the pages show, as WebP named by its bytes. A poster that fails is one warning and the
/// drawn placeholder. Runs between fetch and render, so render stays pure.
public struct PosterCopies: Sendable {
    public let source: any BoxOfficeSource
    public let jobs: Int
    public let monitor: FetchMonitor
    /// Seconds the stage may take: each download has its own deadline, but a hundred slow hosts
    /// one after another would still hold the morning build for an hour.
    public let deadline: Double
    /// Why no image can be made here (libvips missing or too old), asked once there are posters.
    let imagesUnavailable: @Sendable () -> String?
    /// The copies earlier builds made (`<cache>/posters/`); nil resizes every poster.
    public let store: PosterStore?

    public init(
        source: any BoxOfficeSource, jobs: Int, monitor: FetchMonitor, deadline: Double = 120,
        store: PosterStore? = nil
    ) {
        self.init(
            source: source, jobs: jobs, monitor: monitor, deadline: deadline, store: store,
            imagesUnavailable: { PosterImages.unavailable })
    }

    init(
        source: any BoxOfficeSource, jobs: Int, monitor: FetchMonitor, deadline: Double = 120,
        store: PosterStore? = nil, imagesUnavailable: @escaping @Sendable () -> String?
    ) {
        self.source = source; self.jobs = max(1, jobs); self.monitor = monitor; self.deadline = deadline
        self.store = store
        self.imagesUnavailable = imagesUnavailable
    }

    /// WebP: every browser the site is checked in (Chromium, and Safari, Firefox, Samsung
    /// Internet since 2020) shows it, at about two thirds of a JPEG's bytes, so no JPEG copy.
    static let quality = 80
    /// Smaller than this on either side is an icon or a tracking pixel, not a poster.
    static let minimumSide = 50
    /// Past this a decoder would need hundreds of MB; no real poster comes close.
    static let maximumPixels = 60_000_000

    /// The dataset with each copied poster's sizes and paths, the warnings, and the copies' bytes by path.
    public func run(_ dataset: Dataset) async throws -> (Dataset, [DataWarning], [String: Data]) {
        // Newest first (a film code starts with its year): when the deadline stops a first build
        // of a long history, what is left for the next build are old films, not this week's.
        let chosen = dataset.posters.sorted { $0.key > $1.key }
        guard !chosen.isEmpty else { return (dataset, [], [:]) }
        var out = dataset
        out.postersServedFromSite = true
        if let reason = imagesUnavailable() {
            // One warning for the build instead of one per poster, and nothing downloaded that
            // could not be used. Not a hotlink either: the site keeps the choice it was built with.
            return (
                out,
                [
                    DataWarning(
                        context: "posters",
                        message:
                            "\(reason); install libvips42 to copy posters, or build with --hotlink-posters. The drawn "
                                + "placeholders are shown"
                    )
                ],
                [:]
            )
        }
        monitor.plan(chosen.count)
        let source = self.source, monitor = self.monitor, seconds = deadline, store = self.store
        let closes = Date().addingTimeInterval(seconds)
        let results = try await boundedMap(chosen, limit: jobs) {
            code, poster -> (String, Result<Copies, PosterFailure>) in
            do {
                // Copies kept from an earlier build cost nothing: taken even past the deadline.
                if let kept = store?.copies(of: poster.url) {
                    monitor.finished()
                    return (code, .success(kept))
                }
                guard Date() < closes else { throw PosterFailure(.late) }
                let sized = try await Self.copy(poster, source: source, store: store)
                monitor.finished()
                return (code, .success(sized))
            } catch let failure as PosterFailure {
                monitor.finished(failed: true)
                return (code, .failure(failure))
            } catch {
                monitor.finished(failed: true)
                if error is CancellationError { throw error }
                return (code, .failure(PosterFailure(ErrorText.describe(error))))
            }
        }
        var warnings: [DataWarning] = []
        var bytes: [String: Data] = [:]
        var late = 0, notCached = 0
        let settled = Self.settledFilms(dataset)
        // Said oldest first (the results come in the order asked: newest first).
        for (code, result) in results.reversed() {
            switch result {
            case .success(let all):
                let copies = settled.contains(code) ? all.single : all
                out.sizedPosters[code] = copies.poster
                bytes.merge(copies.bytes) { first, _ in first }
            case .failure(let failure) where failure.kind == .late: late += 1
            case .failure(let failure) where failure.kind == .notCached: notCached += 1
            case .failure(let failure):
                warnings.append(
                    DataWarning(context: "poster \(code)", message: "\(failure.reason); the drawn placeholder is shown")
                )
            }
        }
        // What a long history's first build (or an offline one) leaves out is said in one line each,
        // not a line a film: a whole history's first build left a thousand.
        if late > 0 {
            warnings.append(DataWarning(
                context: "posters",
                message: "\(Count.of(late, "poster")) not copied yet: the posters took longer than the "
                    + "\(Int(seconds)) s allowed; the next build copies more, newest films first, and the drawn "
                    + "placeholders are shown"))
        }
        if notCached > 0 {
            warnings.append(DataWarning(
                context: "posters",
                message: "\(Count.of(notCached, "poster")) not in the cache; run without --offline to download "
                    + "\(notCached == 1 ? "it" : "them"); the drawn placeholders are shown"))
        }
        return (out, warnings, bytes)
    }

    /// A poster's sized copies, and their bytes by path.
    struct Copies: Sendable {
        let poster: SizedPoster
        let bytes: [String: Data]

        /// One copy for both places: the film page's largest (2× its width, 2.6× the grid card's),
        /// laid out at each place's width. What a film off the charts for a year is served as: its
        /// grid and page are rarely shown, and four copies of 9,000 posters were most of a real-sized
        /// site's bytes (docs/performance.md, the real-sized world).
        var single: Copies {
            guard let big = poster.page.last, poster.files.count > 1 else { return self }
            func at(_ css: Int) -> PosterFile {
                let width = min(css, big.width)
                return PosterFile(
                    path: big.path, width: width,
                    height: Int((Double(big.height) * Double(width) / Double(big.width)).rounded()))
            }
            return Copies(
                poster: SizedPoster(card: [at(SizedPoster.cardWidth)], page: [at(SizedPoster.pageWidth)]),
                bytes: bytes.filter { $0.key == big.path })
        }
    }

    /// Films off every chart the site publishes for more than `settledAfter` days before its
    /// latest day: their posters are served as one copy (`Copies.single`).
    static let settledAfter = 365

    static func settledFilms(_ dataset: Dataset) -> Set<String> {
        guard let latest = dataset.days.last?.date else { return [] }
        var last: [String: Day] = [:]
        func seen(_ code: String, _ day: Day) { if last[code].map({ $0 < day }) ?? true { last[code] = day } }
        for chart in dataset.days { for e in chart.entries { seen(e.movieCode, chart.date) } }
        for chart in dataset.periods { for e in chart.entries { seen(e.movieCode, chart.end) } }
        for scope in ChartScope.market {
            let charts = dataset.scoped[scope]
            for chart in charts?.days ?? [] { for e in chart.entries { seen(e.movieCode, chart.date) } }
            for chart in charts?.periods ?? [] { for e in chart.entries { seen(e.movieCode, chart.end) } }
        }
        return Set(last.filter { latest.ordinal - $0.value.ordinal > settledAfter }.keys)
    }

    struct PosterFailure: Error, Sendable {
        /// The two that befall many posters at once, said in one line each; the rest a line a poster.
        enum Kind { case late, notCached, other }
        let kind: Kind
        let reason: String
        init(_ reason: String) { kind = .other; self.reason = reason }
        init(_ kind: Kind) { self.kind = kind; reason = "" }
    }

    static func copy(_ poster: Poster, source: any BoxOfficeSource, store: PosterStore?) async throws -> Copies {
        guard let url = URL(string: poster.url), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host != nil
        else {
            throw PosterFailure("its address is not an http(s) URL")
        }
        let bytes: Data
        do { bytes = try await source.posterImage(url: poster.url) }
        catch is CacheMiss { throw PosterFailure(.notCached) }
        catch let refused as PosterRefused { throw PosterFailure(refused.description) }
        catch { throw PosterFailure("download failed: \(ErrorText.describe(error))") }
        let copies = try resized(bytes)
        if let store {
            store.keep(copies, of: poster.url)
            source.keptCopies(ofPosterAt: poster.url)
        }
        return copies
    }

    static func resize(_ bytes: Data) throws -> SizedPoster { try resized(bytes).poster }

    /// The card and page copies, 1× and 2×; a copy that would be no wider than the one below it
    /// (a small original is never enlarged) is left out.
    static func resized(_ bytes: Data) throws -> Copies {
        do {
            let (width, height) = try PosterImages.size(bytes)
            guard width >= minimumSide, height >= minimumSide else {
                throw PosterFailure("the image is \(width)×\(height) pixels, too small to be a poster")
            }
            guard width * height <= maximumPixels else {
                throw PosterFailure("the image is \(width)×\(height) pixels, too large to decode")
            }
            var encoded: [String: Data] = [:]
            func copies(_ css: Int) throws -> [PosterFile] {
                var files: [PosterFile] = []
                for scale in [1, 2] {
                    let image = try PosterImages.webp(bytes, width: css * scale, quality: quality)
                    if let last = files.last, image.width <= last.width { break }
                    let name = "\(FNV1a.hex(image.data, digits: 16))-\(image.width).webp"
                    let path = SizedPoster.folder + "/" + name
                    files.append(PosterFile(path: path, width: image.width, height: image.height))
                    encoded[path] = image.data
                }
                return files
            }
            let poster = SizedPoster(card: try copies(SizedPoster.cardWidth), page: try copies(SizedPoster.pageWidth))
            return Copies(poster: poster, bytes: encoded)
        } catch let error as ImageError {
            throw PosterFailure("the image could not be decoded (\(error.description))")
        }
    }
}
