import Foundation
import SitegenBasics
import SitegenDecode
import SitegenModel

/// Reads KOBIS's film list (`movie/searchMovieList`) of the years a week's openings fall in. The
/// list has no date filter finer than the year and no documented order, so every page of the year
/// is read (about 20 at 100 a page: KOBIS lists some 1,800 films a year) and the week is picked
/// from their `openDt`; pages are cached for the day, so a second build that morning costs none.
public enum FilmList {
    /// KOBIS's largest page.
    public static let pageSize = 100
    /// A year listing more than 3,000 films is not what this list has ever held: read no further,
    /// so a changed API cannot spend a morning's quota on one page.
    public static let maxPages = 30
    /// Read again after this: openings are added and moved through the day before a weekend.
    static let lifetime: TimeInterval = 6 * 3_600

    /// Every film listed under `years`, page by page, at most `jobs` pages at a time. Throws the
    /// first page's error, named by the page ("fetch film list 2026 page 3: …").
    public static func read(years: [Int], client: any APIClient, jobs: Int, monitor: FetchMonitor)
        async throws -> ([ListedFilm], [DataWarning])
    {
        var films: [ListedFilm] = [], warnings: [DataWarning] = []
        for year in years {
            monitor.plan(1)
            let first = try await page(year, 1, client: client, monitor: monitor)
            let pages = pages(listing: first.0.total)
            if first.0.total > maxPages * pageSize {
                warnings.append(DataWarning(
                    context: "fetch film list \(year)",
                    message: "KOBIS lists \(Count.grouped(first.0.total)) films; only the first "
                        + "\(Count.grouped(maxPages * pageSize)) were read"))
            }
            monitor.plan(max(0, pages - 1))
            let rest = pages > 1
                ? try await boundedMap(Array(2...pages), limit: jobs) {
                    try await page(year, $0, client: client, monitor: monitor)
                }
                : []
            for (page, notes) in [first] + rest {
                films += page.films
                warnings += notes
            }
        }
        // A film moved between pages while they were read can be listed twice.
        var seen = Set<String>()
        return (films.filter { seen.insert($0.code).inserted }, warnings)
    }

    /// The pages a year listing `total` films takes, within the cap (at least the first).
    public static func pages(listing total: Int) -> Int {
        max(1, min(maxPages, (total + pageSize - 1) / pageSize))
    }

    static func page(_ year: Int, _ number: Int, client: any APIClient, monitor: FetchMonitor)
        async throws -> (FilmListPage, [DataWarning])
    {
        let request = SourceRequest.movieList(year: year, page: number)
        do {
            guard case .filmList(let page, let notes) = try await client.fetch(request).value else {
                throw ResponseMismatchError(reason: "the answer to a film list request is not a film list")
            }
            monitor.finished()
            return (page, notes)
        } catch {
            monitor.finished(failed: !(error is FetchStopped))
            if error is FetchStopped || error is CacheMiss || APISource.isFatal(error) { throw error }
            throw FetchError(item: request.label, cause: error)
        }
    }
}
