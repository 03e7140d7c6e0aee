import Foundation
import SitegenBasics

/// What a site's own settings may hold. Each is published in every page, and a share card hands
/// its text to libvips as markup, so a control character breaks every card and lands raw in
/// pages, and a password in the base URL is published 154 times.
enum SettingText {
    /// The first C0 or C1 control (tab and newline included: none belongs in a name or an
    /// address) or noncharacter (U+FFFE and U+FFFF failed the build at the share card), as
    /// U+XXXX; nil when there is none.
    static func control(in text: String) -> String? {
        text.unicodeScalars.first { $0.value < 0x20 || ForbiddenCharacters.contains($0) }
            .map { String(format: "U+%04X", $0.value) }
    }

    /// Why `text` cannot be the site's base URL, or nil. Never repeats the URL: it may hold a password.
    static func baseURLProblem(_ text: String) -> String? {
        // Said before the parse, which would take some of these in silently: Foundation encodes a
        // space, and an empty query or fragment (`?`, `#`) makes every page address end in one.
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace || "\\\"<>".unicodeScalars.contains($0) }) {
            return "has a space, backslash, quote or angle bracket in it; percent-encode it or leave it out"
        }
        if text.contains("?") || text.contains("#") {
            return "has a query or fragment (?…, #…), which no page's address can carry; leave it out"
        }
        if let authority = text.firstRange(of: "://").map({ text[$0.upperBound...].prefix { $0 != "/" } }),
            authority.contains("@")
        {
            return "holds a user name or password (user:…@), which every page would publish; leave it out"
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else {
            let shown = text.contains("@") ? "" : "'\(text)' "
            return shown + "must be an absolute http(s) URL, like https://example.com/boxoffice/"
        }
        if url.user != nil || url.password != nil {
            return "holds a user name or password (user:…@), which every page would publish; leave it out"
        }
        let decoded = (url.path.removingPercentEncoding ?? url.path) + (text.removingPercentEncoding ?? "")
        if let control = control(in: decoded) {
            return "has a control character (\(control)) in it; leave it out"
        }
        return nil
    }

    /// `name = "my site; touch x"` as the shell reads it back: single quotes unless nothing
    /// in it needs them. Hand-written: Foundation has no shell quoting.
    static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_-./+,:@%".unicodeScalars.contains($0))
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
