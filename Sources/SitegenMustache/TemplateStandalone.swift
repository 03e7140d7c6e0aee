// Mustache's standalone-line rule, apart from the tokenizer and the tree: which tags take their
// whole line with them is the part of the spec with the most cases (inheritance tags pairing up
// on one line among them), read best on its own.
extension TemplateParser {
    /// A section, comment, partial, parent, block or set-delimiter tag alone on its line takes the
    /// line with it. Inheritance tags also pair up on one line: `{{<p}}{{/p}}`, `{{<p}}{{$b}}`,
    /// `{{/b}}{{/p}}` and `{{$b}}{{/b}}` (which keeps its line end, as the spec says).
    static func markStandalone(_ tokens: inout [Token], _ s: [UInt8]) {
        func tag(_ i: Int) -> Tag? {
            guard i >= 0, i < tokens.count, case .tag(let t) = tokens[i] else { return nil }
            return t
        }
        /// Where the line starts, when only blanks precede the tag on it.
        func blankBefore(_ i: Int) -> Int? {
            guard let t = tag(i) else { return nil }
            var p = t.start
            while p > 0 && (s[p - 1] == space || s[p - 1] == tab) { p -= 1 }
            guard p == 0 || s[p - 1] == newline else { return nil }
            if i == 0 { return p }
            guard case .text(let start, _) = tokens[i - 1], start <= p else { return nil }
            return p
        }
        /// Just after the line end, when only blanks follow the tag on its line.
        func blankAfter(_ i: Int) -> Int? {
            guard let t = tag(i) else { return nil }
            var p = t.end
            while p < s.count && (s[p] == space || s[p] == tab) { p += 1 }
            if p + 1 < s.count && s[p] == cr && s[p + 1] == newline { p += 2 }
            else if p < s.count && s[p] == newline { p += 1 }
            else if p != s.count { return nil }
            if i == tokens.count - 1 { return p }
            guard case .text(_, let end) = tokens[i + 1], end >= p else { return nil }
            return p
        }
        var openers: [UInt8] = []        // sigils of the open sections, to know what a "/" closes
        func passing(_ t: Tag) -> UInt8? {
            switch t.sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<"):
                openers.append(t.sigil); return nil
            case UInt8(ascii: "/"): return openers.popLast()
            default: return nil
            }
        }
        func take(_ i: Int, from start: Int?, to end: Int?) {
            guard var t = tag(i) else { return }
            t.standalone = true
            if let start { t.indent = Array(s[start..<t.start]); t.outerStart = start }
            if let end { t.outerEnd = end }
            tokens[i] = .tag(t)
        }
        let alone = Array("#^/!><$=".utf8)
        var i = 0
        while i < tokens.count {
            guard let t = tag(i) else { i += 1; continue }
            let closes = passing(t)
            if let next = tag(i + 1), next.start == t.end, let start = blankBefore(i) {
                let closesNext: UInt8? = next.sigil == UInt8(ascii: "/") ? (openers.last) : nil
                let keepsLineEnd: Bool? =
                    switch (t.sigil, next.sigil) {
                    case (UInt8(ascii: "<"), UInt8(ascii: "/")) where next.name == t.name: false
                    case (UInt8(ascii: "<"), UInt8(ascii: "$")): (false)
                    case (UInt8(ascii: "/"), UInt8(ascii: "/"))
                    where closes == UInt8(ascii: "$") && closesNext == UInt8(ascii: "<"): false
                    case (UInt8(ascii: "$"), UInt8(ascii: "/")) where next.name == t.name: true
                    default: nil
                    }
                if let keepsLineEnd, let end = blankAfter(i + 1) {
                    _ = passing(next)
                    take(i, from: start, to: nil)
                    take(i + 1, from: nil, to: keepsLineEnd ? nil : end)
                    i += 2
                    continue
                }
            }
            if alone.contains(t.sigil), let start = blankBefore(i), let end = blankAfter(i) {
                take(i, from: start, to: end)
            }
            i += 1
        }
    }
}
