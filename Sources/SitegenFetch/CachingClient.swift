import Foundation
import SitegenBasics
import SitegenModel

/// Asked for something `--offline` and the cache does not have it.
public struct CacheMiss: Error, Sendable, CustomStringConvertible {
    public let label: String
    public var description: String { "not in the cache (\(label))" }
}

/// Reads through the on-disk cache so a rebuild asks the network only for what may have changed:
/// charts until their figures settle (KOBIS corrects a day until the next morning, so a chart
/// fetched before the second day after it is refetched; after that it is final forever), movie
/// info and poster choices when older than 30 days, and anything not cached yet.
///
/// A struct, not an actor: it holds no mutable state, and as an actor it made every read and
/// check of six thousand cached files wait for the one before (0.5 s of a ten-year build).
public struct CachingClient: HeldAnswers {
    let cache: ResponseCache
    let upstream: (any APIClient)?
    let monitor: FetchMonitor
    let now: Date
    /// The durable copy a lost cache is refilled from (`--history`).
    let history: HistoryStore?
    public let budget: CallBudget
    /// The cached answers' decoded values from the last build (`AnswerMemo`); nil decodes each.
    let memo: AnswerMemo?
    static let detailsLifetime: TimeInterval = 30 * 86_400
    /// A film's details still change in its first months (cast, companies, grades); after this,
    /// details fetched are kept for good, so a whole history does not ask again for 8,000 old films
    /// every month.
    static let settledAfterOpening = 180

    /// `upstream` nil means `--offline`: only the cache (and the history) answers.
    public init(cache: ResponseCache, upstream: (any APIClient)?, monitor: FetchMonitor, now: Date,
                history: HistoryStore? = nil, budget: CallBudget = CallBudget(limit: nil), memo: AnswerMemo? = nil) {
        self.cache = cache; self.upstream = upstream; self.monitor = monitor; self.now = now
        self.history = history; self.budget = budget; self.memo = memo
    }

    /// The cached answer to `request`, decoded (or as the memo kept it); nil when there is none.
    /// Reading is checking: a corrupt or truncated file (or a fault someone saved) throws.
    func cachedAnswer(_ request: SourceRequest) throws -> APIAnswer? {
        // The entry's name made once: it is both its path and the memo's key (made twice, it was
        // a twentieth of a real site's morning, which reads 50,000 entries).
        let name = cache.name(of: request)
        // A file `stat` finds as the memo saw it is not read: its answer holds no bytes then, so
        // not when they are to be copied into the history folder (`taken`). Nothing else reads a
        // cached answer's bytes once it is decoded.
        if let memo, AnswerMemo.keeps(request), history.map({ $0.contains(request) }) ?? true,
            let (value, fetchedAt) = memo.unchanged(key: name, path: cache.path(named: name))
        {
            return APIAnswer(response: SourceResponse(body: Data(), fetchedAt: fetchedAt), value: value)
        }
        guard let (entry, info) = cache.entry(named: name) else { return nil }
        guard let memo else { return try APIAnswer(decoding: entry, for: request) }
        return try memo.answer(entry, for: request, key: name, file: info)
    }

    /// Keeps this build's decoded answers for the next (when enough of them were new).
    public func keepDecoded() { memo?.save() }

    /// Lets the memo's values go once the build reads no more answers (`AnswerMemo.letGo`).
    public func letGoOfDecoded() { memo?.letGo() }

    /// What `fetch` answers from the cache alone, without a task or a wait: nil for anything it
    /// would do more for (ask upstream or the history, or discard a file that does not decode).
    public func held(_ request: SourceRequest) -> APIAnswer? {
        guard let entry = try? cachedAnswer(request) else { return nil }
        return taken(request, entry)
    }

    /// Removes the cached answer to `request` (a poster's original once its copies are kept).
    public func forget(_ request: SourceRequest) { cache.remove(request) }

    public func fetch(_ request: SourceRequest) async throws -> APIAnswer {
        var cached: APIAnswer?
        // A corrupt or truncated file (or a fault someone saved) is discarded, never trusted.
        do { cached = try cachedAnswer(request) } catch {
            cache.remove(request)
            monitor.warn(
                "cache \(request.label): \(cache.url(for: request).lastPathComponent) was unreadable "
                    + "(\(ErrorText.describe(error))); discarded"
                    + (upstream == nil ? "" : " and fetched again"))
        }
        if let entry = cached, let taken = taken(request, entry) { return taken }
        if cached == nil, let history, let entry = fromHistory(request, history),
            upstream == nil || isFinal(request, entry)
        {
            monitor.cacheHit()
            do { try cache.write(request, entry.response) } catch {}
            return entry
        }
        guard let upstream else { throw CacheMiss(label: request.label) }
        if request.isKOBIS {
            try budget.take()
            monitor.kobisCall()
        }
        do {
            var answer = try await upstream.fetch(request)
            do {
                try cache.write(request, answer.response)
                // The answer as the next build reads it: its time the file's own, which keeps the
                // nanoseconds of the time it came, not every bit (this build's pages and keys, the
                // memo's and the next build's then agree). Kept for the memo with the value just
                // decoded: reading the file back to decode it again cost a second decode.
                if answer.response.fetchedAt != nil, let written = cache.fetchedAt(request) {
                    answer = answer.asWritten(at: written)
                    memo?.remember(answer, for: request, key: cache.name(of: request))
                }
            } catch {
                // A folder that cannot be written fails for every item: one line says it.
                monitor.warnOnce(
                    "cache save",
                    "cache: could not save \(request.label) in \(cache.folder.path) (\(ErrorText.describe(error))); "
                        + "nothing else is saved there either, and it is fetched again next time")
            }
            if let history, request.isKOBIS || request.isPosterSearch, isFinal(request, answer) {
                keep(request, answer, in: history)
            }
            return answer
        } catch let error as QuotaError {
            throw budget.quotaReached("\(error.fault.code) \(error.fault.message)")
        } catch let error as RequestError where error.transient && cached != nil {
            let when = cached!.response.fetchedAt.map { " from " + InstantText.iso8601($0) } ?? ""
            monitor.warn("fetch \(request.label): \(error.reason); using the cached copy\(when)")
            monitor.cacheHit()
            return cached!
        }
    }

    /// `entry`, the cache's answer, when `fetch` takes it without asking anyone (counted, and put
    /// in the history); nil when it must ask.
    func taken(_ request: SourceRequest, _ entry: APIAnswer) -> APIAnswer? {
        // Offline, an answer is used however old, but for today's film list: last week's openings
        // shown as today's would be wrong, where a missing page is only missing.
        guard (upstream == nil && !request.isTodays) || isFinal(request, entry) else { return nil }
        monitor.cacheHit()
        // A cache filled before the history folder existed moves into it as it is read.
        if let history, isFinal(request, entry), !history.contains(request) { keep(request, entry, in: history) }
        return entry
    }

    /// A history file that does not decode is dropped, as a cache file is: fetched again, never trusted.
    func fromHistory(_ request: SourceRequest, _ history: HistoryStore) -> APIAnswer? {
        guard let entry = history.read(request) else { return nil }
        do { return try APIAnswer(decoding: entry, for: request) } catch {
            history.remove(request)
            monitor.warn("history \(request.label): its file was unreadable (\(ErrorText.describe(error))); discarded")
            return nil
        }
    }

    func keep(_ request: SourceRequest, _ answer: APIAnswer, in history: HistoryStore) {
        do { try history.write(request, answer.response) } catch {
            monitor.warnOnce(
                "history save",
                "history: could not save \(request.label) in \(history.folder.path) (\(ErrorText.describe(error))); "
                    + "what is not saved there is fetched again if the cache is lost"
            )
        }
    }

    func isFinal(_ request: SourceRequest, _ entry: APIAnswer) -> Bool {
        guard let fetchedAt = entry.response.fetchedAt else { return false }
        switch request {
        case .dailyChart(let day, _): return fetchedAt >= day.adding(days: 2).startInstantKST
        // A week is the sum of its days, so it is final once its last day is.
        case .periodChart(let kind, let start, _):
            return fetchedAt >= start.adding(days: kind.length + 1).startInstantKST
        case .movieInfo:
            if case .movie(let movie?) = entry.value, let opened = movie.openDate,
               fetchedAt >= opened.adding(days: Self.settledAfterOpening).startInstantKST { return true }
            return now.timeIntervalSince(fetchedAt) < Self.detailsLifetime
        case .posterSearch, .regionCodes: return now.timeIntervalSince(fetchedAt) < Self.detailsLifetime
        // Films are added to the list and their dates moved every day: read again each morning.
        case .movieList: return now.timeIntervalSince(fetchedAt) < FilmList.lifetime
        // The bytes at a URL are taken as fixed; a new choice (every 30 days) is a new URL.
        case .posterImage: return true
        }
    }
}

extension APIAnswer {
    /// The answer with the time its cache file gives, which keeps the nanoseconds of the time it
    /// came, not every bit of it: as every later build decodes the file, and the memo keeps it.
    /// Kept as it came, a chart's time differed from its file's in the last bits, and so did every
    /// print of it (the offline worker's version changed when the memo was rebuilt, and again
    /// after a fetch).
    func asWritten(at written: Date) -> APIAnswer {
        let value: Decoded
        switch self.value {
        case .day(var chart, let notes):
            chart.fetchedAt = written
            value = .day(chart, notes)
        case .period(var chart, let notes):
            chart.fetchedAt = written
            value = .period(chart, notes)
        case .regions, .movie, .filmList, .poster, .image: value = self.value
        }
        return APIAnswer(response: SourceResponse(body: response.body, fetchedAt: written), value: value)
    }
}
