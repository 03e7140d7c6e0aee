/// The `_headers` file a build writes (Netlify's and Cloudflare Pages' format: a path pattern on
/// its own line, then indented `Name: value` lines) read as the rules a bucket's objects carry:
/// what a file gets there is what those hosts would send for it. Only the headers an object can
/// store are used: `Cache-Control` and `Content-Type`.
public struct HeaderRules: Sendable {
    struct Rule: Sendable {
        let pattern: String
        var headers: [(name: String, value: String)]
    }

    private var rules: [Rule] = []

    /// What a file no rule gives a `Cache-Control` gets: pages, feeds and data revalidated on every
    /// request, so a morning's update is seen at once (what the hosts that read `_headers` do by default).
    public static let defaultCacheControl = "no-cache"

    public init(text: String) {
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if raw.first == " " || raw.first == "\t" {
                guard !rules.isEmpty, let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                rules[rules.count - 1].headers.append((name, value))
            } else {
                rules.append(Rule(pattern: line, headers: []))
            }
        }
    }

    /// The headers for the site's file at `key` (no leading '/'). As those hosts do, the values of
    /// every rule that matches are joined for `Cache-Control`; for `Content-Type` the last one stands.
    public func headers(for key: String) -> (cacheControl: String, contentType: String) {
        let path = "/" + key
        var cache: [String] = []
        var type: String?
        for rule in rules where Self.matches(rule.pattern, path) {
            for (name, value) in rule.headers {
                switch name.lowercased() {
                case "cache-control": if !cache.contains(value) { cache.append(value) }
                case "content-type": type = value
                default: break
                }
            }
        }
        return (cache.isEmpty ? Self.defaultCacheControl : cache.joined(separator: ", "), type ?? ContentTypes.of(key))
    }

    /// `*` stands for any run of characters ('/' included), `:name` for one path segment; all else is literal.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        matches(Substring(pattern), Substring(path))
    }

    private static func matches(_ pattern: Substring, _ path: Substring) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "*" {
            let rest = pattern.dropFirst()
            var tail = path
            while true {
                if matches(rest, tail) { return true }
                if tail.isEmpty { return false }
                tail = tail.dropFirst()
            }
        }
        if first == ":", pattern.count > 1 {
            let rest = pattern.drop { $0 != "/" }
            let segment = path.prefix { $0 != "/" }
            return !segment.isEmpty && matches(rest, path.dropFirst(segment.count))
        }
        return path.first == first && matches(pattern.dropFirst(), path.dropFirst())
    }
}
