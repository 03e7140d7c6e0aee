import Foundation
import SitegenFetch

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// S3's REST API over the fetch stage's hardened URLSession (`CappedDownloads`: answers capped in
/// size, each request under a deadline of sitegen's own), signed with `SigV4`, retried with
/// backoff on 5xx, 429 and dropped connections, and all of it under one deadline for the run.
public final class S3Client: Sendable {
    public struct Response: Sendable {
        public let status: Int
        public let headers: [String: String]
        public let body: Data
        public func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    let target: S3Target
    let signer: SigV4
    let session: URLSession
    let downloads: CappedDownloads
    let retry: RetryPolicy
    let timeoutSeconds: Int
    /// When the whole run must be over, however the server behaves.
    let deadline: Date
    let runSeconds: Int
    let clock: @Sendable () -> Date
    /// How many requests were retried (for tests and the summary's honesty), counted under a lock.
    let retries = Counter()

    /// The largest answer read: a listing page of 1,000 keys is about 300 KB, the deploy's own
    /// manifest of a 100,000-file site about 15 MB.
    static let maxAnswerBytes = 64 << 20

    public init(
        target: S3Target, credentials: S3Credentials, retry: RetryPolicy = RetryPolicy(),
        timeoutSeconds: Int = 30, runSeconds: Int = 3600, jobs: Int = 8,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.target = target
        self.signer = SigV4(credentials: credentials, region: target.region)
        self.retry = retry
        self.timeoutSeconds = max(1, timeoutSeconds)
        self.runSeconds = runSeconds
        self.clock = clock
        self.deadline = clock().addingTimeInterval(TimeInterval(runSeconds))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(1, jobs)
        configuration.timeoutIntervalForRequest = TimeInterval(self.timeoutSeconds)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        // Each request's deadline: a body of a few MB at a slow 100 KB/s, then the answer.
        downloads = CappedDownloads(cap: Self.maxAnswerBytes, noun: "answer", deadline: Double(self.timeoutSeconds * 4))
        session = downloads.session(configuration)
    }

    /// One request for `key` (under the prefix already; "" for the bucket), retried as needed.
    /// Statuses in `accept` come back as answers; any other failure is thrown as one line.
    public func send(
        _ method: String, key: String, query: [(String, String)] = [], headers extra: [String: String] = [:],
        body: Data? = nil, accept: Set<Int> = []
    ) async throws -> Response {
        var attempt = 0
        while true {
            attempt += 1
            guard clock() < deadline else { throw DeployFailure.deadline(seconds: runSeconds) }
            var failure: String
            var retryAfter: String?
            do {
                let (data, urlResponse) = try await downloads.load(
                    request(method, key: key, query: query, headers: extra, body: body), in: session)
                let http = urlResponse as? HTTPURLResponse
                let status = http?.statusCode ?? 0
                var headers: [String: String] = [:]
                for (name, value) in http?.allHeaderFields ?? [:] { headers["\(name)"] = "\(value)" }
                let response = Response(status: status, headers: headers, body: data)
                if (200..<300).contains(status) || accept.contains(status) { return response }
                let error = S3ErrorAnswer(response)
                failure = "HTTP \(status)" + (error.code.map { " (\($0))" } ?? "")
                // Some servers say SlowDown or InternalError with 503 or 500; the status decides.
                guard RetryPolicy.isRetryable(status: status) else {
                    throw DeployFailure.refused(error, method: method, key: key, target: target)
                }
                retryAfter = response.header("Retry-After")
            } catch let late as DeadlinePassed {
                failure = "no answer within \(Int(late.seconds)) s"
            } catch let error as URLError {
                failure = Self.describe(error)
                guard RetryPolicy.isRetryable(error) else {
                    throw DeployFailure.network(failure, target: target)
                }
            }
            guard attempt < retry.attempts else {
                throw DeployFailure.gaveUp(
                    "\(key.isEmpty ? "listing the bucket" : "\(method) \(key)"): \(failure)", attempts: attempt,
                    target: target)
            }
            retries.add()
            let wait = retry.delay(after: attempt, retryAfter: retryAfter)
            try await Task.sleep(nanoseconds: UInt64(min(wait, max(0, deadline.timeIntervalSince(clock()))) * 1e9))
        }
    }

    /// The request, signed now. Bodies go as `UNSIGNED-PAYLOAD` with a `Content-MD5` the server
    /// checks (S3 refuses a body whose digest differs), so a file is read once, to hash it.
    func request(_ method: String, key: String, query: [(String, String)], headers extra: [String: String], body: Data?)
        -> URLRequest
    {
        var url = target.url(key: key)
        if !query.isEmpty {
            url = URL(string: url.absoluteString + "?" + SigV4.canonicalQuery(query))!
        }
        let date = SigV4.timestamp(clock())
        var headers = extra
        headers["x-amz-date"] = date
        headers["x-amz-content-sha256"] = body == nil ? SigV4.emptyPayload : "UNSIGNED-PAYLOAD"
        if let token = signer.credentials.sessionToken { headers["x-amz-security-token"] = token }
        var host = url.host ?? ""
        if let port = url.port, port != (url.scheme == "https" ? 443 : 80) { host += ":\(port)" }
        let signed = SigV4.Request(
            method: method, path: url.path.isEmpty ? "/" : Self.encodedPath(url), query: query,
            headers: headers.map { ($0.key, $0.value) } + [("host", host)],
            payloadHash: headers["x-amz-content-sha256"]!)
        var request = URLRequest(url: url, timeoutInterval: TimeInterval(timeoutSeconds))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue(signer.authorization(signed, date: date), forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = body
            request.setValue(String(body.count), forHTTPHeaderField: "Content-Length")
        }
        return request
    }

    /// The path exactly as sent (percent-escapes kept): what the server signs over.
    static func encodedPath(_ url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
    }

    /// URLError's own text carries the URL; say what happened instead.
    static func describe(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: return "no answer in time"
        case .cannotConnectToHost: return "connection refused"
        case .networkConnectionLost: return "the connection was lost"
        case .cannotFindHost, .dnsLookupFailed: return "the endpoint's host name does not resolve"
        case .notConnectedToInternet: return "no network connection"
        case .badServerResponse: return "the connection closed without a proper answer"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid:
            return "the TLS (https) connection failed"
        default: return "network error (URLError \(error.code.rawValue))"
        }
    }
}

/// A count several tasks add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add(_ n: Int = 1) { lock.withLock { count += n } }
    var value: Int { lock.withLock { count } }
}
