/// A problem found while rendering: a missing value in strict mode, or partials nested without end.
struct TemplateRenderError: Error, Sendable {
    /// The library name of the template holding the tag.
    let template: String
    let line: Int
    let column: Int
    let message: String
}

/// Renders parsed templates into one growing buffer: no intermediate strings, no casts.
struct TemplateRenderer {
    /// Deeper than any sensible tree of partials; only a partial that keeps including itself (through
    /// a section, since direct cycles are refused when compiling) gets here.
    static let maxDepth = 64

    let templates: [String: [TemplateNode]]
    /// A name found nowhere is an error instead of nothing.
    let strict: Bool
    var out: [UInt8] = []
    private var stack: [TemplateValue] = []
    /// Added to every line rendered by a standalone partial or block; tracked only while not empty.
    private var indent: [UInt8] = []
    private var atLineStart = true
    /// The template whose tags are rendering, for naming it in errors.
    private var file = ""

    private struct Block {
        let nodes: [TemplateNode]
        let file: String
    }

    init(templates: [String: [TemplateNode]], strict: Bool = false, reserving capacity: Int = 32_768) {
        self.templates = templates
        self.strict = strict
        out.reserveCapacity(capacity)
    }

    /// Renders into `out`; false when there is no such template.
    mutating func render(_ name: String, _ context: TemplateValue) throws -> Bool {
        guard let nodes = templates[name] else { return false }
        stack = [context]
        file = name
        try render(nodes, blocks: [:], depth: 0)
        return true
    }

    /// Reads the stack and the path through unsafe buffers, so frames and keys are borrowed instead
    /// of retained and released per frame searched (retain/release is most of rendering's time).
    private func lookup(_ path: TemplatePath) -> TemplateValue? {
        if path.isDot { return stack.last }
        return stack.withUnsafeBufferPointer { frames in
            path.keys.withUnsafeBufferPointer { keys -> TemplateValue? in
                // The first name is searched from the innermost context outwards; the rest descend.
                var i = frames.count - 1
                while i >= 0 {
                    if case .object(let fields) = frames[i], let found = fields[keys[0]] {
                        guard keys.count > 1 else { return found }
                        var value = found
                        for k in 1..<keys.count {
                            guard case .object(let inner) = value, let next = inner[keys[k]] else { return nil }
                            value = next
                        }
                        return value
                    }
                    i -= 1
                }
                return nil
            }
        }
    }

    private func value(_ path: TemplatePath, at node: TemplateNode) throws -> TemplateValue? {
        if let value = lookup(path) { return value }
        if strict { throw error(at: node, "no value '\(path.name)'") }
        return nil
    }

    private func error(at node: TemplateNode, _ message: String) -> TemplateRenderError {
        TemplateRenderError(template: file, line: node.line, column: node.column, message: message)
    }

    private mutating func render(_ nodes: [TemplateNode], blocks: [String: Block], depth: Int) throws {
        for node in nodes {
            switch node.kind {
            case .text(let text):
                if indent.isEmpty { out.append(contentsOf: text) } else { appendIndented(text) }
            case .variable(let path, let escaped):
                guard let value = try value(path, at: node) else { continue }
                if indent.isEmpty { append(value, escaped: escaped); continue }
                // Indented only when the value puts something on the line.
                let start = out.count
                if atLineStart { out.append(contentsOf: indent) }
                let mark = out.count
                append(value, escaped: escaped)
                if out.count == mark { out.removeSubrange(start...) } else { atLineStart = false }
            case .section(let path, let children):
                guard let value = try value(path, at: node), !value.isFalsy else { continue }
                switch value {
                case .list(let items):
                    for item in items {
                        stack.append(item)
                        try render(children, blocks: blocks, depth: depth)
                        stack.removeLast()
                    }
                case .bool:
                    try render(children, blocks: blocks, depth: depth)
                default:
                    stack.append(value)
                    try render(children, blocks: blocks, depth: depth)
                    stack.removeLast()
                }
            case .inverted(let path, let children):
                if try value(path, at: node)?.isFalsy ?? true { try render(children, blocks: blocks, depth: depth) }
            case .partial(let name, let lineIndent):
                guard let partial = templates[name] else { continue }
                try include(name, partial, at: node, indent: lineIndent, blocks: blocks, depth: depth)
            case .parent(let name, let overrides, let lineIndent):
                guard let parent = templates[name] else { continue }
                // The outermost definition of a block wins, as in the inheritance spec.
                var merged = blocks
                for (block, body) in overrides where merged[block] == nil { merged[block] = Block(nodes: body, file: file) }
                try include(name, parent, at: node, indent: lineIndent, blocks: merged, depth: depth)
            case .block(let name, let defaults, let lineIndent):
                let body = blocks[name] ?? Block(nodes: defaults, file: file)
                let saved = (indent, file)
                if let lineIndent { indent += lineIndent; atLineStart = true }
                file = body.file
                try render(body.nodes, blocks: blocks, depth: depth)
                (indent, file) = saved
                if lineIndent != nil { atLineStart = true }
            }
        }
    }

    private mutating func append(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .text(let s): escaped ? Self.escape(s, into: &out) : out.append(contentsOf: s.utf8)
        case .int(let n): out.append(contentsOf: String(n).utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .list, .object, .null: break
        }
    }

    private mutating func include(_ name: String, _ nodes: [TemplateNode], at node: TemplateNode, indent lineIndent: [UInt8]?,
                                  blocks: [String: Block], depth: Int) throws {
        guard depth < Self.maxDepth else {
            throw error(at: node, "partial '\(name)' nested \(Self.maxDepth) deep: it keeps including itself")
        }
        let saved = (indent, file)
        // A partial inside a line is not re-indented: its lines are not the including template's lines.
        if let lineIndent { indent += lineIndent; atLineStart = true } else { indent = [] }
        file = name
        try render(nodes, blocks: blocks, depth: depth + 1)
        (indent, file) = saved
        atLineStart = lineIndent != nil
    }

    /// Text with the current indentation at the start of each line that has something on it.
    private mutating func appendIndented(_ text: [UInt8]) {
        let newline = UInt8(ascii: "\n")
        var i = 0
        while i < text.count {
            if atLineStart && text[i] != newline { out.append(contentsOf: indent) }
            atLineStart = false
            var j = i
            while j < text.count && text[j] != newline { j += 1 }
            if j < text.count {
                out.append(contentsOf: text[i...j])
                atLineStart = true
                i = j + 1
            } else {
                out.append(contentsOf: text[i..<j])
                i = j
            }
        }
    }

    /// HTML-escapes `& < > " '`, copying runs of plain bytes at once.
    static func escape(_ s: String, into out: inout [UInt8]) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { bytes in
            var runStart = 0
            for i in 0..<bytes.count {
                let replacement: StaticString
                switch bytes[i] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default: continue
                }
                out.append(contentsOf: bytes[runStart..<i])
                replacement.withUTF8Buffer { out.append(contentsOf: $0) }
                runStart = i + 1
            }
            out.append(contentsOf: bytes[runStart..<bytes.count])
        }
        if done == nil {
            var copy = s
            copy.makeContiguousUTF8()
            escape(copy, into: &out)
        }
    }
}
