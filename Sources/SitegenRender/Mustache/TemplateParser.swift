/// Mustache parsed once into a tree: variables, sections, inverted sections, comments, partials,
/// and inheritance (`{{<parent}}` with `{{$block}}` overrides). Standalone tags take their line
/// with them, as the spec says. Errors carry the tag's line and column.
struct TemplateNode: Sendable {
    enum Kind: Sendable {
        case text(String)
        case variable([String], escaped: Bool)
        case section([String], [TemplateNode])
        case inverted([String], [TemplateNode])
        case partial(String)
        case parent(String, blocks: [String: [TemplateNode]])
        case block(String, [TemplateNode])
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
    private struct Tag {
        let sigil: Character?      // # ^ / ! > < $ & { or nil for a variable
        let name: String
        let start: String.Index    // of "{{"
        let end: String.Index      // after "}}"
        let line: Int
        let column: Int
    }

    static func parse(_ text: String) throws -> [TemplateNode] {
        let tokens = try tokenize(text)
        var index = 0
        let nodes = try parseNodes(tokens, &index, closing: nil)
        return nodes
    }

    private enum Token {
        case text(String)
        case tag(Tag)
    }

    private static func tokenize(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        var cursor = text.startIndex
        var line = 1
        var lineStart = text.startIndex
        func advanceLines(to target: String.Index) {
            var i = cursor
            while i < target {
                if text[i] == "\n" { line += 1; lineStart = text.index(after: i) }
                i = text.index(after: i)
            }
        }
        while let open = text.range(of: "{{", range: cursor..<text.endIndex) {
            advanceLines(to: open.lowerBound)
            if open.lowerBound > cursor { tokens.append(.text(String(text[cursor..<open.lowerBound]))) }
            let column = text.distance(from: lineStart, to: open.lowerBound) + 1
            let triple = text[open.upperBound...].hasPrefix("{")
            let closer = triple ? "}}}" : "}}"
            let contentStart = triple ? text.index(after: open.upperBound) : open.upperBound
            guard let close = text.range(of: closer, range: contentStart..<text.endIndex) else {
                throw TemplateSyntaxError(line: line, column: column, message: "unfinished tag: expected '\(closer)'")
            }
            var content = text[contentStart..<close.lowerBound]
            if content.contains("{{") || content.contains("\n") && !content.hasPrefix("!") {
                throw TemplateSyntaxError(line: line, column: column, message: "unfinished tag: expected '\(closer)'")
            }
            var sigil: Character? = triple ? "{" : nil
            if !triple, let first = content.first, "#^/!><$&=".contains(first) {
                sigil = first
                content = content.dropFirst()
            }
            if sigil == "=" {
                throw TemplateSyntaxError(line: line, column: column, message: "set-delimiter tags are not supported")
            }
            let name = content.trimmingCharacters(in: .whitespaces)
            if sigil != "!" {
                guard !name.isEmpty, !name.contains(where: { $0 == "{" || $0 == "}" || $0 == " " }) else {
                    throw TemplateSyntaxError(line: line, column: column, message: name.isEmpty ? "empty tag" : "unfinished tag: expected '\(closer)'")
                }
            }
            let tag = Tag(sigil: sigil, name: name, start: open.lowerBound, end: close.upperBound, line: line, column: column)
            advanceLines(to: close.upperBound)
            cursor = close.upperBound
            tokens.append(.tag(tag))
        }
        if cursor < text.endIndex { tokens.append(.text(String(text[cursor...]))) }
        return stripStandalone(tokens)
    }

    /// A section, comment, partial or block tag alone on its line leaves no blank line behind.
    /// Decided on the original text; the trims of neighbouring tags then compose.
    private static func stripStandalone(_ tokens: [Token]) -> [Token] {
        var dropPrefix = [Int](repeating: 0, count: tokens.count)
        var dropSuffix = [Int](repeating: 0, count: tokens.count)
        func text(_ i: Int) -> String? { if case .text(let t) = tokens[i] { return t } else { return nil } }
        for i in tokens.indices {
            guard case .tag(let tag) = tokens[i], let sigil = tag.sigil, "#^/!><$".contains(sigil) else { continue }
            var suffix = 0, prefix = 0
            if i > 0 {
                guard let before = text(i - 1) else { continue }
                let tail = before.reversed().prefix { $0 != "\n" }
                guard tail.allSatisfy({ $0 == " " || $0 == "\t" }), before.contains("\n") || i - 1 == 0 else { continue }
                suffix = tail.count
            }
            if i < tokens.count - 1 {
                guard let after = text(i + 1) else { continue }
                if let newline = after.firstIndex(of: "\n") {
                    let head = after[..<newline]
                    guard head.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { continue }
                    prefix = head.count + 1
                } else {
                    guard i + 1 == tokens.count - 1, after.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
                    prefix = after.count
                }
            }
            if i > 0 { dropSuffix[i - 1] = suffix }
            if i < tokens.count - 1 { dropPrefix[i + 1] = prefix }
        }
        return tokens.enumerated().map { i, token in
            guard case .text(let t) = token, dropPrefix[i] + dropSuffix[i] > 0 else { return token }
            return .text(String(t.dropFirst(dropPrefix[i]).dropLast(dropSuffix[i])))
        }
    }

    private static func parseNodes(_ tokens: [Token], _ index: inout Int, closing: Tag?) throws -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard case .tag(let tag) = token else {
                if case .text(let text) = token, !text.isEmpty { nodes.append(TemplateNode(kind: .text(text), line: 0, column: 0)) }
                continue
            }
            let path = tag.name == "." ? ["."] : tag.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            switch tag.sigil {
            case nil, "&", "{":
                nodes.append(TemplateNode(kind: .variable(path, escaped: tag.sigil == nil), line: tag.line, column: tag.column))
            case "!":
                continue
            case "#", "^", "$", "<":
                let children = try parseNodes(tokens, &index, closing: tag)
                let kind: TemplateNode.Kind
                switch tag.sigil {
                case "#": kind = .section(path, children)
                case "^": kind = .inverted(path, children)
                case "$": kind = .block(tag.name, children)
                default:
                    var blocks: [String: [TemplateNode]] = [:]
                    for child in children {
                        switch child.kind {
                        case .block(let name, let body): blocks[name] = body
                        case .text(let t) where t.allSatisfy(\.isWhitespace): continue
                        default:
                            // Text has no position of its own; the parent tag's is the useful one.
                            throw TemplateSyntaxError(line: child.line == 0 ? tag.line : child.line, column: child.line == 0 ? tag.column : child.column,
                                                      message: "only {{$block}} overrides may appear inside {{<\(tag.name)}}")
                        }
                    }
                    kind = .parent(tag.name, blocks: blocks)
                }
                nodes.append(TemplateNode(kind: kind, line: tag.line, column: tag.column))
            case "/":
                guard let open = closing else {
                    throw TemplateSyntaxError(line: tag.line, column: tag.column, message: "closing tag '\(tag.name)' has no open section")
                }
                guard open.name == tag.name else {
                    throw TemplateSyntaxError(line: tag.line, column: tag.column,
                                              message: "closing tag '\(tag.name)' does not match the section '\(open.name)' it closes")
                }
                return nodes
            case ">":
                nodes.append(TemplateNode(kind: .partial(tag.name), line: tag.line, column: tag.column))
            default:
                continue
            }
        }
        if let open = closing {
            throw TemplateSyntaxError(line: open.line, column: open.column, message: "section '\(open.name)' is never closed")
        }
        return nodes
    }

    /// Every partial and parent named, with where, for checking they exist.
    static func references(_ nodes: [TemplateNode]) -> [(name: String, line: Int, column: Int)] {
        var found: [(String, Int, Int)] = []
        for node in nodes {
            switch node.kind {
            case .partial(let name): found.append((name, node.line, node.column))
            case .parent(let name, let blocks):
                found.append((name, node.line, node.column))
                for body in blocks.values { found += references(body) }
            case .section(_, let children), .inverted(_, let children), .block(_, let children): found += references(children)
            default: break
            }
        }
        return found.sorted { ($0.1, $0.2) < ($1.1, $1.2) }
    }
}

import Foundation
