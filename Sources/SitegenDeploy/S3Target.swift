import Foundation

/// Where a deploy goes: a bucket, a prefix inside it, and the endpoint and region that reach it.
public struct S3Target: Sendable, Equatable {
    public var bucket: String
    /// "" or a folder-like prefix ending in '/': every key the deploy writes, lists or deletes starts with it.
    public var prefix: String
    /// Nil for AWS itself (`https://s3.REGION.amazonaws.com`, the bucket as a subdomain).
    public var endpoint: URL?
    public var region: String

    public static let defaultRegion = "us-east-1"

    public init(bucket: String, prefix: String = "", endpoint: URL? = nil, region: String = defaultRegion) {
        self.bucket = bucket
        self.prefix = prefix
        self.endpoint = endpoint
        self.region = region
    }

    /// `s3://BUCKET` or `s3://BUCKET/some/prefix`; why not, as a line to follow "deploy ", when it is not one.
    public static func parse(_ text: String) -> Result<(bucket: String, prefix: String), TargetProblem> {
        guard text.hasPrefix("s3://") else {
            return .failure(
                TargetProblem("'\(text)' is not \"github-pages\" or a bucket like s3://my-bucket/optional/prefix"))
        }
        let rest = text.dropFirst("s3://".count)
        let bucket = String(rest.prefix { $0 != "/" })
        // S3's own rule for names (3-63 of lowercase letters, digits, '.', '-'), which R2 and B2 share.
        guard bucket.count >= 3, bucket.count <= 63,
            bucket.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." }),
            bucket.first != "-", bucket.first != ".", bucket.last != "-", bucket.last != "."
        else {
            return .failure(
                TargetProblem(
                    "'\(bucket)' is not a bucket name (3 to 63 lowercase letters, digits, '.' and '-')"))
        }
        let parts = rest.dropFirst(bucket.count).split(separator: "/", omittingEmptySubsequences: true)
        if let bad = parts.first(where: { $0 == "." || $0 == ".." }) {
            return .failure(TargetProblem("the prefix may not hold '\(bad)'"))
        }
        if parts.contains(where: {
            $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || "\\?#".unicodeScalars.contains($0) }
        }) {
            return .failure(TargetProblem("the prefix may hold no control character, '\\', '?' or '#'"))
        }
        return .success((bucket, parts.isEmpty ? "" : parts.joined(separator: "/") + "/"))
    }

    /// Why `text` cannot be an S3 endpoint, or nil. Never repeats a URL that carries a password.
    public static func endpointProblem(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil,
            url.path.isEmpty || url.path == "/"
        else {
            let shown = text.contains("@") ? "" : "'\(text)' "
            return shown + "must be an http(s) URL with no path, like https://ACCOUNT.r2.cloudflarestorage.com"
        }
        if url.user != nil || url.password != nil {
            return
                "holds a user name or password; credentials come only from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"
        }
        return nil
    }

    /// Why `text` cannot be a region ("us-east-1", "auto" for R2), or nil.
    public static func regionProblem(_ text: String) -> String? {
        let plain =
            !text.isEmpty && text.count <= 40
            && text.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        return plain ? nil : "'\(text)' is not a region like us-east-1 (or auto, for Cloudflare R2)"
    }

    /// "s3://bucket/prefix/" for messages (never an endpoint's query or user part: there is none).
    public var description: String { "s3://\(bucket)/\(prefix)" }

    /// The URL of `key` (already under the prefix; "" for the bucket itself), and the host the signature names.
    func url(key: String) -> URL {
        let path = SigV4.encode(key, keepSlash: true)
        if let endpoint {
            // Path style (endpoint/bucket/key): what R2, B2, MinIO and other S3-compatible servers all take.
            var base = endpoint.absoluteString
            while base.hasSuffix("/") { base.removeLast() }
            return URL(string: key.isEmpty ? "\(base)/\(bucket)" : "\(base)/\(bucket)/\(path)")!
        }
        // AWS: the bucket as a subdomain of its region's endpoint, unless its name has dots
        // (which a wildcard certificate does not cover).
        if bucket.contains(".") { return URL(string: "https://s3.\(region).amazonaws.com/\(bucket)/\(path)")! }
        return URL(string: "https://\(bucket).s3.\(region).amazonaws.com/\(path)")!
    }

    /// Where the endpoint is, for errors: the endpoint as given, or AWS's.
    var endpointText: String { endpoint.map { $0.absoluteString } ?? "AWS S3 (\(region))" }
}

public struct TargetProblem: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ text: String) { description = text }
}
