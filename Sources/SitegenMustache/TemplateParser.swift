/// Mustache parsed once into a tree: variables, sections, inverted sections, comments, partials,
/// set-delimiter tags, and inheritance (`{{<parent}}` with `{{$block}}` overrides).
///
/// Works on UTF-8 bytes, not Characters: Swift makes "\r\n" one Character, which hid CRLF line
/// ends from the standalone-line rules and from line counting.
/// A tag's name split once at compile time: `.` (the current item) is a flag, not a string
/// compared on every lookup.
struct TemplatePath: Sendable {
    let keys: [String]
    let isDot: Bool

    init(_ name: String) {
        isDot = name == "."
        keys = isDot ? ["."] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    var name: String { keys.joined(separator: ".") }
}

struct TemplateNode: Sendable {
    enum Kind: Sendable {
        case text([UInt8])
        case variable(TemplatePath, escaped: Bool)
        case section(TemplatePath, [TemplateNode])
        case inverted(TemplatePath, [TemplateNode])
        /// `indent` is set when the tag stands alone on its line: every line it renders gets it.
        case partial(String, indent: [UInt8]?)
        case parent(String, blocks: [String: [TemplateNode]], indent: [UInt8]?)
        case block(String, [TemplateNode], indent: [UInt8]?)
    }
    let kind: Kind
    let line: Int
    let column: Int
}

struct TemplateSyntaxError: Error, Sendable {
    let line: Int
    let column: Int
    let message: String
}

enum TemplateParser {
    static func parse(_ text: String) throws -> [TemplateNode] {
        let source = Array(text.utf8)
        var tokens = try tokenize(source)
        markStandalone(&tokens, source)
        var index = 0
        return try build(tokens, source, &index, closing: nil, dedent: [], depth: 0)
    }

    struct Tag {
        let sigil: UInt8            // # ^ / ! > < $ & { =, or 0 for a variable
        let name: String
        let start: Int, end: Int    // the tag's bytes, delimiters included
        let line: Int, column: Int
        /// What the tag takes with it: its whole line when it stands alone.
        var outerStart: Int, outerEnd: Int
        var standalone = false
        /// The blanks before a standalone tag on its line.
        var indent: [UInt8] = []
    }

    enum Token {
        case text(start: Int, end: Int)
        case tag(Tag)
    }

    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n"),
        cr = UInt8(ascii: "\r")

    // MARK: Tokens

    private static func tokenize(_ s: [UInt8]) throws -> [Token] {
        var tokens: [Token] = []
        var open: [UInt8] = Array("{{".utf8), close: [UInt8] = Array("}}".utf8)
        var cursor = 0
        var scanned = 0, line = 1, column = 1
        func position(_ at: Int) -> (Int, Int) {
            while scanned < at {
                if s[scanned] == newline { line += 1; column = 1 }
                else if s[scanned] & 0xC0 != 0x80 { column += 1 } // characters, not UTF-8 bytes
                scanned += 1
            }
            return (line, column)
        }
        while let o = find(open, in: s, from: cursor) {
            if o > cursor { tokens.append(.text(start: cursor, end: o)) }
            let (line, column) = position(o)
            func fail(_ message: String) -> TemplateSyntaxError {
                TemplateSyntaxError(line: line, column: column, message: message)
            }
            var p = o + open.count
            var sigil: UInt8 = 0
            var closer = close
            if p < s.count, s[p] == UInt8(ascii: "{") {
                sigil = s[p]; p += 1; closer = [UInt8(ascii: "}")] + close
            } else if p < s.count, Array("#^/!><$&=".utf8).contains(s[p]) {
                sigil = s[p]; p += 1
            }
            let display = String(decoding: closer, as: UTF8.self)
            guard let c = find(closer, in: s, from: p) else { throw fail("unfinished tag: expected '\(display)'") }
            let content = s[p..<c]
            if sigil != UInt8(ascii: "!")
                && (content.contains(newline) || find(open, in: Array(content), from: 0) != nil)
            {
                throw fail("unfinished tag: expected '\(display)'")
            }
            cursor = c + closer.count
            if sigil == UInt8(ascii: "=") {
                guard content.last == UInt8(ascii: "=") else {
                    throw fail("a set-delimiter tag ends with '=', as in {{=<% %>=}}")
                }
                let parts = content.dropLast().split(whereSeparator: { $0 == space || $0 == tab }).map(Array.init)
                guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
                    throw fail("a set-delimiter tag names two delimiters separated by a space, as in {{=<% %>=}}")
                }
                (open, close) = (parts[0], parts[1])
            }
            let trimmed = content.drop(while: { $0 == space || $0 == tab }).reversed().drop(while: {
                $0 == space || $0 == tab
            }).reversed()
            let name = String(decoding: trimmed, as: UTF8.self)
            if sigil != UInt8(ascii: "!") && sigil != UInt8(ascii: "=") {
                if name.isEmpty { throw fail("empty tag") }
                if name.contains(where: { $0 == " " || $0 == "\t" }) {
                    throw fail("'\(name)' is not a name: names have no spaces")
                }
                if name.contains(where: { $0 == "{" || $0 == "}" }) {
                    throw fail("unfinished tag: expected '\(display)'")
                }
            }
            tokens.append(.tag(Tag(sigil: sigil, name: name, start: o, end: cursor, line: line, column: column,
                                   outerStart: o, outerEnd: cursor)))
        }
        if cursor < s.count { tokens.append(.text(start: cursor, end: s.count)) }
        return tokens
    }

    private static func find(_ needle: [UInt8], in s: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, s.count >= needle.count else { return nil }
        var i = from
        let last = s.count - needle.count
        while i <= last {
            if s[i] == first {
                var j = 1
                while j < needle.count && s[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    // MARK: Tree

    /// Deeper than any real template; a limit, so that a pathological one is an error, not a stack overflow.
    static let maxNesting = 100

    private static func build(
        _ tokens: [Token], _ s: [UInt8], _ index: inout Int, closing: Tag?, dedent: [UInt8], depth: Int
    ) throws -> [TemplateNode] {
        if let closing, depth > maxNesting {
            throw TemplateSyntaxError(
                line: closing.line, column: closing.column, message: "sections nested more than \(maxNesting) deep")
        }
        var nodes: [TemplateNode] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard case .tag(let tag) = token else {
                if case .text(let start, let end) = token {
                    let start = index >= 2 ? max(start, outerEnd(tokens[index - 2])) : start
                    let end = index < tokens.count ? min(end, outerStart(tokens[index])) : end
                    if start < end {
                        let text = removing(dedent, fromLinesOf: s, start, end)
                        if !text.isEmpty { nodes.append(TemplateNode(kind: .text(text), line: 0, column: 0)) }
                    }
                }
                continue
            }
            let path = TemplatePath(tag.name)
            let indent = tag.standalone ? Array(tag.indent.dropFirst(commonPrefix(tag.indent, dedent))) : nil
            switch tag.sigil {
            case 0, UInt8(ascii: "&"), UInt8(ascii: "{"):
                nodes.append(
                    TemplateNode(kind: .variable(path, escaped: tag.sigil == 0), line: tag.line, column: tag.column))
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "<"):
                let children = try build(tokens, s, &index, closing: tag, dedent: dedent, depth: depth + 1)
                let kind: TemplateNode.Kind
                switch tag.sigil {
                case UInt8(ascii: "#"): kind = .section(path, children)
                case UInt8(ascii: "^"): kind = .inverted(path, children)
                default:
                    // Only the blocks count inside a parent; other text and tags are ignored, as the spec says.
                    var blocks: [String: [TemplateNode]] = [:]
                    for child in children { if case .block(let name, let body, _) = child.kind { blocks[name] = body } }
                    kind = .parent(tag.name, blocks: blocks, indent: indent)
                }
                nodes.append(TemplateNode(kind: kind, line: tag.line, column: tag.column))
            case UInt8(ascii: "$"):
                // A standalone block's own indentation is removed here and the expansion site's added
                // when it renders, so a block lines up wherever it lands.
                var own: [UInt8] = dedent
                if tag.standalone, let close = closer(of: index - 1, in: tokens) {
                    own = commonIndent(s, tag.outerEnd, close.outerStart) ?? dedent
                }
                let children = try build(
                    tokens, s, &index, closing: tag, dedent: tag.standalone ? own : dedent, depth: depth + 1)
                var site: [UInt8]? = nil
                if tag.standalone {
                    let intrinsic = Array(own.dropFirst(commonPrefix(own, dedent)))
                    site = intrinsic.isEmpty ? indent : intrinsic
                }
                nodes.append(
                    TemplateNode(kind: .block(tag.name, children, indent: site), line: tag.line, column: tag.column))
            case UInt8(ascii: "/"):
                guard let open = closing else {
                    throw TemplateSyntaxError(
                        line: tag.line, column: tag.column, message: "closing tag '\(tag.name)' has no open section")
                }
                guard open.name == tag.name else {
                    throw TemplateSyntaxError(
                        line: tag.line, column: tag.column,
                        message: "closing tag '\(tag.name)' does not match the section '\(open.name)' it closes")
                }
                return nodes
            case UInt8(ascii: ">"):
                nodes.append(TemplateNode(kind: .partial(tag.name, indent: indent), line: tag.line, column: tag.column))
            default:
                continue // comments and set-delimiter tags
            }
        }
        if let open = closing {
            throw TemplateSyntaxError(
                line: open.line, column: open.column, message: "section '\(open.name)' is never closed")
        }
        return nodes
    }

    private static func outerStart(_ token: Token) -> Int {
        switch token { case .text(let start, _): start; case .tag(let t): t.outerStart }
    }
    private static func outerEnd(_ token: Token) -> Int {
        switch token { case .text(_, let end): end; case .tag(let t): t.outerEnd }
    }

    /// The tag that closes the section opened at `open`, if there is one.
    private static func closer(of open: Int, in tokens: [Token]) -> Tag? {
        var depth = 0
        for token in tokens[(open + 1)...] {
            guard case .tag(let t) = token else { continue }
            if [UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<")].contains(t.sigil) {
                depth += 1
            }
            if t.sigil == UInt8(ascii: "/") {
                if depth == 0 { return t }
                depth -= 1
            }
        }
        return nil
    }

    /// The blanks every non-blank line of `s[start..<end]` starts with.
    private static func commonIndent(_ s: [UInt8], _ start: Int, _ end: Int) -> [UInt8]? {
        var common: [UInt8]? = nil
        var lineStart = start
        while lineStart < end {
            var p = lineStart
            while p < end && (s[p] == space || s[p] == tab) { p += 1 }
            let blank = p == end || s[p] == newline || s[p] == cr
            if !blank {
                let lead = Array(s[lineStart..<p])
                common = common.map { Array($0.prefix(commonPrefix($0, lead))) } ?? lead
            }
            while p < end && s[p] != newline { p += 1 }
            lineStart = p + 1
        }
        return common
    }

    private static func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var n = 0
        while n < a.count && n < b.count && a[n] == b[n] { n += 1 }
        return n
    }

    /// The text, without `dedent` at the start of each of its lines.
    private static func removing(_ dedent: [UInt8], fromLinesOf s: [UInt8], _ start: Int, _ end: Int) -> [UInt8] {
        guard !dedent.isEmpty else { return Array(s[start..<end]) }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var p = start
        var atLineStart = start == 0 || s[start - 1] == newline
        while p < end {
            if atLineStart {
                var n = 0
                while n < dedent.count && p + n < end && s[p + n] == dedent[n] { n += 1 }
                p += n
                atLineStart = false
                continue
            }
            out.append(s[p])
            atLineStart = s[p] == newline
            p += 1
        }
        return out
    }

    /// Every partial and parent named, with where and whether it always renders (outside any
    /// section, inverted section, block default or parent's override), for checking they exist
    /// and that none includes itself.
    static func references(
        _ nodes: [TemplateNode], always: Bool = true
    ) -> [(name: String, line: Int, column: Int, always: Bool)] {
        var found: [(String, Int, Int, Bool)] = []
        for node in nodes {
            switch node.kind {
            case .partial(let name, _): found.append((name, node.line, node.column, always))
            case .parent(let name, let blocks, _):
                found.append((name, node.line, node.column, always))
                for name in blocks.keys.sorted() { found += references(blocks[name]!, always: false) }
            case .section(_, let children), .inverted(_, let children), .block(_, let children, _):
                found += references(children, always: false)
            default: break
            }
        }
        return found.sorted { ($0.1, $0.2) < ($1.1, $1.2) }
    }
}
