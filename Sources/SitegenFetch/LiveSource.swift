import Foundation
import SitegenDecode
import SitegenModel
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public struct LiveSettings: Sendable {
    public var kobisKey: String
    public var kakaoKey: String?
    public var kobisBase: URL
    public var kakaoBase: URL
    public var jobs: Int
    /// Whole seconds: Linux's URLSession rounds anything else (and fails at once below 1 s).
    public var timeoutSeconds: Int
    /// Seconds one download may take from asking to its last byte, however its host trickles.
    public var deadlineSeconds: Double { Double(timeoutSeconds * 3) }
    public var retry: RetryPolicy
    /// Where poster images may come from (public addresses, and what `--allow-poster-host` adds).
    public var posterHosts: PosterHosts

    /// HTTPS: the key travels in the query string. Plain HTTP only when KOBIS_BASE_URL says so.
    public static let defaultKOBISBase = URL(string: "https://www.kobis.or.kr/kobisopenapi/webservice/rest")!
    public static let defaultKakaoBase = URL(string: "https://dapi.kakao.com")!

    public init(
        kobisKey: String, kakaoKey: String?, kobisBase: URL = defaultKOBISBase, kakaoBase: URL = defaultKakaoBase,
        jobs: Int = 6, timeoutSeconds: Int = 10, retry: RetryPolicy = RetryPolicy(),
        posterHosts: PosterHosts = PosterHosts()
    ) {
        self.kobisKey = kobisKey; self.kakaoKey = kakaoKey; self.kobisBase = kobisBase; self.kakaoBase = kakaoBase
        self.jobs = jobs; self.timeoutSeconds = max(1, timeoutSeconds); self.retry = retry;
        self.posterHosts = posterHosts
    }
}

/// A request that failed for good, described without its URL (the KOBIS key is in the query).
public struct RequestError: Error, Sendable, CustomStringConvertible {
    public let reason: String
    public let transient: Bool
    public var description: String { reason }
}

/// KOBIS refused the key: nothing else can succeed, so the build stops at once.
public struct InvalidKeyError: Error, Sendable, CustomStringConvertible {
    public let fault: KOBISFault
    public var description: String {
        "KOBIS refused KOBIS_API_KEY (\(fault.code) \(fault.message)); check the key, or unset it to build the demo "
            + "site"
    }
}

/// The daily quota is spent: stop, keeping what was fetched (it is already cached).
public struct QuotaError: Error, Sendable, CustomStringConvertible {
    public let fault: KOBISFault
    public var description: String {
        "KOBIS says the key's daily quota is used up (\(fault.code) \(fault.message)); what was fetched is cached — "
            + "run again tomorrow"
    }
}

/// Kakao refused KAKAO_REST_API_KEY: posters are skipped for the rest of the build.
public struct PosterKeyError: Error, Sendable, CustomStringConvertible {
    public let detail: String
    public var description: String { "Kakao refused KAKAO_REST_API_KEY (\(detail)); pages show placeholders" }
}

/// The live KOBIS and Kakao APIs over HTTP, with retries: an answer that does not decode is a
/// server's hiccup and asked again. Its bytes are the APIs' own.
public actor LiveSource: APIClient {
    nonisolated let settings: LiveSettings
    nonisolated let session: URLSession
    nonisolated let answers: CappedDownloads
    /// Poster images only: their own session, whose delegate also checks where redirects lead.
    /// Each poster is downloaded in a session of its own (see `CappedDownloads.loadAlone`).
    nonisolated let posterConfiguration: URLSessionConfiguration
    nonisolated let posterDownloads: CappedDownloads
    let monitor: FetchMonitor
    let clock: @Sendable () -> Date
    /// The first KOBIS request runs alone, so a bad key costs exactly one request.
    private var probe: Task<Void, Error>?
    private var keyVerified = false
    private var posterKeyRefused: String?

    public init(settings: LiveSettings, monitor: FetchMonitor, clock: @escaping @Sendable () -> Date = Date.init) {
        self.settings = settings
        self.monitor = monitor
        self.clock = clock
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(1, settings.jobs)
        configuration.timeoutIntervalForRequest = TimeInterval(settings.timeoutSeconds)
        configuration.timeoutIntervalForResource = TimeInterval(settings.timeoutSeconds * 3)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        answers = CappedDownloads(
            cap: SourceRequest.maxAnswerBytes, noun: "answer", deadline: settings.deadlineSeconds)
        session = answers.session(configuration)
        posterDownloads = CappedDownloads(
            cap: SourceRequest.maxPosterBytes, noun: "poster", deadline: settings.deadlineSeconds,
            hosts: settings.posterHosts)
        posterConfiguration = configuration
    }

    public func fetch(_ request: SourceRequest) async throws -> APIAnswer {
        if case .posterSearch = request, let refused = posterKeyRefused { throw PosterKeyError(detail: refused) }
        guard request.isKOBIS, !keyVerified else { return try await perform(request) }
        if let probe {
            try await probe.value
            return try await perform(request)
        }
        let first = Task { try await self.perform(request) }
        // Only a refused key (or spent quota) speaks for every other request; any other failure
        // of the first one is its own, and the rest go ahead.
        probe = Task {
            do { _ = try await first.value } catch let error where error is InvalidKeyError || error is QuotaError {
                throw error
            } catch {}
        }
        let response = try await first.value
        keyVerified = true
        return response
    }

    /// KOBIS takes the key first and then the parameters in a fixed (sorted) order.
    nonisolated func urlRequest(_ request: SourceRequest) -> URLRequest {
        var components: URLComponents
        var items: [URLQueryItem] = []
        var headers: [String: String] = ["Accept": "application/json"]
        switch request {
        case .dailyChart, .periodChart, .movieInfo, .movieList, .regionCodes:
            components = URLComponents(
                url: settings.kobisBase.appendingPathComponent(request.endpoint + ".json"),
                resolvingAgainstBaseURL: false)!
            items.append(URLQueryItem(name: "key", value: settings.kobisKey))
        case .posterSearch:
            components = URLComponents(
                url: settings.kakaoBase.appendingPathComponent(request.endpoint), resolvingAgainstBaseURL: false)!
            headers["Authorization"] = "KakaoAK \(settings.kakaoKey ?? "")"
        case .posterImage(let url):
            // Another site entirely: no key goes with it, and the URL is asked for as found. One
            // that does not parse is refused in `perform` before this is reached.
            var plain = URLRequest(
                url: URL(string: url) ?? URL(string: "about:blank")!,
                timeoutInterval: TimeInterval(settings.timeoutSeconds))
            plain.setValue("image/webp,image/avif,image/*;q=0.8", forHTTPHeaderField: "Accept")
            return plain
        }
        items += request.parameters.map { URLQueryItem(name: $0.name, value: $0.value) }
        components.queryItems = items
        // '+' is a space to many servers; encode it so titles with '+' survive.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        var urlRequest = URLRequest(url: components.url!, timeoutInterval: TimeInterval(settings.timeoutSeconds))
        for (k, v) in headers { urlRequest.setValue(v, forHTTPHeaderField: k) }
        return urlRequest
    }

    private func perform(_ request: SourceRequest) async throws -> APIAnswer {
        if case .posterImage(let url) = request,
            URL(string: url)?.scheme.map({ ["http", "https"].contains($0.lowercased()) }) != true
        {
            throw RequestError(reason: "the poster's address is not an http(s) URL", transient: false)
        }
        if case .posterImage(let address) = request, let url = URL(string: address) {
            // Resolving blocks: off the actor, so other requests go on meanwhile.
            let hosts = settings.posterHosts
            if let refusal = await Task.detached(operation: { hosts.refusal(for: url) }).value {
                throw PosterRefused(description: refusal)
            }
        }
        let urlRequest = urlRequest(request)
        let service = request.isKOBIS ? "KOBIS" : (request.isPosterImage ? "the poster's host" : "Kakao")
        var attempt = 0
        while true {
            attempt += 1
            let canRetry = attempt < settings.retry.attempts
            var retryAfter: String?
            var failure = ""
            do {
                monitor.networkRequest()
                let (data, response) = request.isPosterImage
                    ? try await posterDownloads.loadAlone(urlRequest, configuration: posterConfiguration)
                    : try await answers.load(urlRequest, in: session)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                if case .posterSearch = request, status == 401 || status == 403 {
                    let detail = "HTTP \(status)" + (KakaoDecoder.errorMessage(data).map { ": " + $0 } ?? "")
                    posterKeyRefused = detail
                    throw PosterKeyError(detail: detail)
                }
                if !(200..<300).contains(status) {
                    let detail = request.isKOBIS || request.isPosterImage ? nil : KakaoDecoder.errorMessage(data)
                    failure = "\(service) answered HTTP \(status)" + (detail.map { " (\($0))" } ?? "")
                    guard RetryPolicy.isRetryable(status: status) else {
                        throw RequestError(reason: failure, transient: false)
                    }
                    retryAfter = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Retry-After")
                } else {
                    do {
                        return try APIAnswer(decoding: SourceResponse(body: data, fetchedAt: clock()), for: request)
                    } catch let fault as KOBISFault {
                        if fault.isInvalidKey { throw InvalidKeyError(fault: fault) }
                        if fault.isQuota { throw QuotaError(fault: fault) }
                        throw fault
                    } catch let error as ResponseFormatError {
                        failure = "\(service): \(error.reason)"
                    } catch let error as ResponseMismatchError {
                        throw RequestError(reason: "\(service): \(error.reason)", transient: false)
                    }
                }
            } catch let late as DeadlinePassed {
                // A poster's host this slow would be as slow again; an API's answer is worth another try.
                failure = "\(service) did not finish answering within \(Int(late.seconds)) s"
                if request.isPosterImage { throw RequestError(reason: failure, transient: false) }
            } catch let error as ResponseMismatchError where !request.isPosterImage {
                throw RequestError(reason: "\(service): \(error.reason)", transient: false)
            } catch let error as URLError {
                failure = Self.describe(error, service: service, timeout: settings.timeoutSeconds)
                guard RetryPolicy.isRetryable(error), !Self.isTLSFailure(error) else {
                    throw RequestError(reason: failure, transient: false)
                }
            }
            guard canRetry else {
                throw RequestError(reason: "\(failure) (gave up after \(attempt) attempts)", transient: true)
            }
            monitor.retried()
            try await Task.sleep(
                nanoseconds: UInt64(settings.retry.delay(after: attempt, retryAfter: retryAfter) * 1e9))
        }
    }

    /// Linux reports a failed handshake as `.unknown` with OpenSSL's text, so both are looked at.
    static func isTLSFailure(_ error: URLError) -> Bool {
        if [
            .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired
        ].contains(error.code) {
            return true
        }
        let text =
            (error as NSError).localizedDescription
            + ((error as NSError).userInfo[NSUnderlyingErrorKey].map { "\($0)" } ?? "")
        return text.contains("SSL") || text.contains("TLS")
    }

    /// URLError's own text carries the URL, and with it the key; say what happened instead.
    static func describe(_ error: URLError, service: String, timeout: Int) -> String {
        if isTLSFailure(error) {
            // Never retried over plain HTTP by itself: the key would travel in clear text.
            let variable = service == "KOBIS" ? "KOBIS_BASE_URL" : "KAKAO_BASE_URL"
            return
                "the TLS (https) connection to \(service) failed; to use plain HTTP knowingly, set \(variable) to an "
                    + "http:// URL"
        }
        switch error.code {
        case .timedOut: return "\(service) did not answer within \(timeout) s"
        case .cannotConnectToHost: return "could not connect to \(service)"
        case .networkConnectionLost: return "the connection to \(service) was lost"
        case .notConnectedToInternet: return "no network connection"
        case .cannotFindHost, .dnsLookupFailed: return "could not find \(service)'s host"
        case .badServerResponse: return "\(service) closed the connection without a proper answer"
        case .cancelled: return "the request to \(service) was cut off"
        default: return "network error talking to \(service) (URLError \(error.code.rawValue))"
        }
    }
}
