import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Exponential backoff with jitter, honouring Retry-After, a bounded number of times.
public struct RetryPolicy: Sendable {
    public var attempts: Int
    public var baseDelay: Double
    public var maxDelay: Double

    public init(attempts: Int = 4, baseDelay: Double = 0.5, maxDelay: Double = 30) {
        self.attempts = max(1, attempts); self.baseDelay = baseDelay; self.maxDelay = maxDelay
    }

    /// Seconds to wait before attempt `attempt + 1` (attempt counts from 1).
    public func delay(after attempt: Int, retryAfter: String?) -> Double {
        if let retryAfter, let seconds = Self.parseRetryAfter(retryAfter) { return min(seconds, maxDelay) }
        let exponential = min(maxDelay, baseDelay * pow(2, Double(attempt - 1)))
        return exponential * Double.random(in: 0.5...1.0)
    }

    /// Retry-After is either delta-seconds or an HTTP date.
    static func parseRetryAfter(_ value: String, now: Date = Date()) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    public static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    /// Network failures are worth another try (Linux reports a cut-off body as `.unknown`);
    /// a malformed URL, a cancelled task or a bad certificate is not.
    public static func isRetryable(_ error: URLError) -> Bool {
        ![.badURL, .unsupportedURL, .cancelled, .userAuthenticationRequired, .secureConnectionFailed,
          .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
          .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired,
          .appTransportSecurityRequiresSecureConnection].contains(error.code)
    }
}
