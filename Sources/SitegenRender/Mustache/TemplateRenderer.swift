/// Renders parsed templates into one growing buffer: no intermediate strings, no casts.
struct TemplateRenderer {
    let templates: [String: [TemplateNode]]
    var out: [UInt8] = []
    private var stack: [TemplateValue] = []

    init(templates: [String: [TemplateNode]], reserving capacity: Int = 32_768) {
        self.templates = templates
        out.reserveCapacity(capacity)
    }

    /// Renders into `out`; false when there is no such template.
    mutating func render(_ name: String, _ context: TemplateValue) -> Bool {
        guard let nodes = templates[name] else { return false }
        stack = [context]
        render(nodes, blocks: [:], depth: 0)
        return true
    }

    private func lookup(_ path: [String]) -> TemplateValue? {
        if path.count == 1 && path[0] == "." { return stack.last }
        // The first name is searched from the innermost context outwards; the rest descend.
        var found: TemplateValue?
        for frame in stack.reversed() {
            if let value = frame[path[0]] { found = value; break }
        }
        guard var value = found else { return nil }
        for key in path.dropFirst() {
            guard let next = value[key] else { return nil }
            value = next
        }
        return value
    }

    private mutating func render(_ nodes: [TemplateNode], blocks: [String: [TemplateNode]], depth: Int) {
        guard depth < 64 else { return } // a partial that includes itself
        for node in nodes {
            switch node.kind {
            case .text(let text):
                out.append(contentsOf: text.utf8)
            case .variable(let path, let escaped):
                guard let value = lookup(path) else { continue }
                switch value {
                case .text(let s): escaped ? Self.escape(s, into: &out) : out.append(contentsOf: s.utf8)
                case .int(let n): out.append(contentsOf: String(n).utf8)
                case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
                case .list, .object, .null: continue
                }
            case .section(let path, let children):
                guard let value = lookup(path), !value.isFalsy else { continue }
                switch value {
                case .list(let items):
                    for item in items {
                        stack.append(item)
                        render(children, blocks: blocks, depth: depth)
                        stack.removeLast()
                    }
                case .bool:
                    render(children, blocks: blocks, depth: depth)
                default:
                    stack.append(value)
                    render(children, blocks: blocks, depth: depth)
                    stack.removeLast()
                }
            case .inverted(let path, let children):
                if lookup(path)?.isFalsy ?? true { render(children, blocks: blocks, depth: depth) }
            case .partial(let name):
                if let partial = templates[name] { render(partial, blocks: blocks, depth: depth + 1) }
            case .parent(let name, let overrides):
                guard let parent = templates[name] else { continue }
                // The outermost definition of a block wins, as in the inheritance spec.
                render(parent, blocks: overrides.merging(blocks) { _, outer in outer }, depth: depth + 1)
            case .block(let name, let defaults):
                render(blocks[name] ?? defaults, blocks: blocks, depth: depth)
            }
        }
    }

    /// HTML-escapes `& < > " '`, copying runs of plain bytes at once.
    static func escape(_ s: String, into out: inout [UInt8]) {
        var utf8 = s.utf8
        utf8.withContiguousStorageIfAvailable { bytes in
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
        } ?? {
            var copy = s
            copy.makeContiguousUTF8()
            utf8 = copy.utf8
            escape(copy, into: &out)
        }()
    }
}
