import Foundation

/// The access key the environment gives: never written to a file, a log or an error.
public struct S3Credentials: Sendable {
    public let accessKeyID: String
    public let secretAccessKey: String
    public let sessionToken: String?

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// From AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, or nil when a key is missing.
    public static func from(environment: [String: String]) -> S3Credentials? {
        func value(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap {
                $0.isEmpty ? nil : $0
            }
        }
        guard let id = value("AWS_ACCESS_KEY_ID"), let secret = value("AWS_SECRET_ACCESS_KEY") else { return nil }
        return S3Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: value("AWS_SESSION_TOKEN"))
    }
}

/// AWS Signature Version 4 for a request's headers: the canonical request, the string to sign,
/// the derived key, the `Authorization` header. Written here (about 80 lines over `SHA256`) rather
/// than taken from Soto, which is not in the package mirror and would bring SwiftNIO with it.
public struct SigV4: Sendable {
    public let credentials: S3Credentials
    public let region: String
    public let service: String

    public init(credentials: S3Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// What a request is signed over. `path` is already URI-encoded (S3 encodes each key segment
    /// once and keeps '/'); `query` holds raw names and values, encoded here.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var query: [(String, String)]
        /// Every header to sign, `host` and `x-amz-date` among them.
        public var headers: [(String, String)]
        public var payloadHash: String

        public init(
            method: String, path: String, query: [(String, String)], headers: [(String, String)], payloadHash: String
        ) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.payloadHash = payloadHash
        }
    }

    /// SHA-256 of no bytes: the payload hash of a request without a body.
    public static let emptyPayload = hex(SHA256.hash([UInt8]()))

    /// RFC 3986's unreserved characters stay; everything else is %XX in uppercase, as SigV4 requires.
    public static func encode(_ text: String, keepSlash: Bool = false) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepSlash: out.append("/")
            default: out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    public static func canonicalQuery(_ query: [(String, String)]) -> String {
        let encoded: [(name: String, value: String)] = query.map { (encode($0.0), encode($0.1)) }
        let sorted = encoded.sorted { left, right in
            left.name == right.name ? left.value < right.value : left.name < right.name
        }
        return sorted.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    public func canonicalRequest(_ request: Request) -> (text: String, signedHeaders: String) {
        var headers: [String: String] = [:]
        for (name, value) in request.headers {
            // Values are trimmed and inner runs of spaces made one, as the specification says.
            let trimmed = value.trimmingCharacters(in: .whitespaces).split(
                separator: " ", omittingEmptySubsequences: true
            )
            .joined(separator: " ")
            let key = name.lowercased()
            headers[key] = headers[key].map { $0 + "," + trimmed } ?? trimmed
        }
        let names = headers.keys.sorted()
        let signed = names.joined(separator: ";")
        let text = [
            request.method, request.path, Self.canonicalQuery(request.query),
            names.map { "\($0):\(headers[$0]!)\n" }.joined(), signed, request.payloadHash,
        ].joined(separator: "\n")
        return (text, signed)
    }

    /// `date` is `YYYYMMDD'T'HHMMSS'Z'`, the request's `x-amz-date`.
    public func stringToSign(canonicalRequest: String, date: String) -> String {
        "AWS4-HMAC-SHA256\n\(date)\n\(scope(date))\n" + hex(SHA256.hash(Array(canonicalRequest.utf8)))
    }

    func scope(_ date: String) -> String { "\(date.prefix(8))/\(region)/\(service)/aws4_request" }

    public func signingKey(day: String) -> [UInt8] {
        var key = hmacSHA256(key: Array("AWS4\(credentials.secretAccessKey)".utf8), message: Array(day.utf8))
        for part in [region, service, "aws4_request"] { key = hmacSHA256(key: key, message: Array(part.utf8)) }
        return key
    }

    /// The `Authorization` header's value for `request`, sent at `date`.
    public func authorization(_ request: Request, date: String) -> String {
        let (canonical, signed) = canonicalRequest(request)
        let signature = hex(
            hmacSHA256(
                key: signingKey(day: String(date.prefix(8))),
                message: Array(stringToSign(canonicalRequest: canonical, date: date).utf8)))
        return "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(date)), SignedHeaders=\(signed), "
            + "Signature=\(signature)"
    }

    /// `20150830T123600Z` for `date`, in UTC.
    public static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}
