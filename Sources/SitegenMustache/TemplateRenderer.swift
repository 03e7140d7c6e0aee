/// A problem found while rendering: a missing value in strict mode, or partials nested without end.
struct TemplateRenderError: Error, Sendable {
    /// The library name of the template holding the tag.
    let template: String
    let line: Int
    let column: Int
    let message: String
}

/// What one page may take to render. A theme's template is code the site runs: nine nested loops
/// in 400 bytes rendered without end, with nothing written, so the time is bounded as well as
/// the bytes. Far above any real page (a ten-year site's largest is a few MB, rendered in
/// milliseconds).
public struct RenderLimits: Sendable {
    public var bytes: Int
    public var seconds: Double
    public init(bytes: Int = 64 << 20, seconds: Double = 20) { self.bytes = bytes; self.seconds = seconds }
}

/// Runs a compiled `TemplateProgram` into one growing buffer: no intermediate strings, no casts.
struct TemplateRenderer {
    /// Deeper than any sensible tree of partials; only a partial that keeps including itself (through
    /// a section, since direct cycles are refused when compiling) gets here.
    static let maxDepth = 64

    let program: TemplateProgram
    /// A name found nowhere is an error instead of nothing.
    let strict: Bool
    var out: [UInt8] = []
    private var stack: [TemplateValue] = []
    /// Added to every line rendered by a standalone partial or block; tracked only while not empty.
    private var indent: [UInt8] = []
    private var atLineStart = true
    /// The template whose tags are rendering (its number), for naming it in errors.
    private var file = 0
    /// The block overrides in force, outermost first (the outermost definition of a block wins, as in
    /// the inheritance spec). A parent adds its own and takes them away when it is done.
    private var blocks: [Block] = []
    /// Borrowed from the program for one render (`TemplateProgram.Hints`).
    let hints: TemplateProgram.Hints
    let limits: RenderLimits
    /// Tags run so far; the clock is read every 65,536 of them.
    private var steps = 0
    private var deadline: ContinuousClock.Instant = .now

    private struct Block {
        let name: Int32
        let body: Range<Int>
        let file: Int
    }

    init(
        program: TemplateProgram, strict: Bool = false, limits: RenderLimits = RenderLimits(),
        reserving capacity: Int = 32_768
    ) {
        self.program = program
        self.strict = strict
        self.limits = limits
        hints = program.borrowHints()
        out.reserveCapacity(capacity)
    }

    init(templates: [String: [TemplateNode]], strict: Bool = false, reserving capacity: Int = 32_768) {
        self.init(program: TemplateProgram(templates), strict: strict, reserving: capacity)
    }

    /// Renders into `out`; false when there is no such template.
    mutating func render(_ name: String, _ context: TemplateValue) throws -> Bool {
        guard let number = program.numbers[name] else { return false }
        stack = [context]
        file = number
        blocks = []
        steps = 0
        deadline = .now + .milliseconds(Int(limits.seconds * 1000))
        try run(program.ranges[number], depth: 0)
        return true
    }

    /// Reads the stack through an unsafe buffer, so frames are borrowed instead of retained and
    /// released per frame searched.
    private func lookup(_ op: TemplateProgram.Op) -> TemplateValue? {
        if op.b == 0 { return stack.last }
        let first = Int(op.a), end = Int(op.a + op.b)
        return stack.withUnsafeBufferPointer { frames -> TemplateValue? in
            // The first name is searched from the innermost context outwards; the rest descend.
            var i = frames.count - 1
            while i >= 0 {
                if case .object(let fields) = frames[i], let found = find(first, in: fields) {
                    var value = found
                    var k = first + 1
                    while k < end {
                        guard case .object(let inner) = value, let next = find(k, in: inner) else { return nil }
                        value = next
                        k += 1
                    }
                    return value
                }
                i -= 1
            }
            return nil
        }
    }

    /// Key `k` of the program in `fields`: where it was found last, else searched (see `Hints`).
    @inline(__always)
    private func find(_ k: Int, in fields: TemplateFields) -> TemplateValue? {
        let key = program.keys[k], length = program.keyLengths[k]
        let hint = Int(hints.slots[k])
        if hint > 0, let value = fields.value(at: hint - 1, named: key, utf8Count: length) { return value }
        guard let index = fields.index(of: key, utf8Count: length) else { return nil }
        if index < Int(UInt16.max) { hints.slots[k] = UInt16(index + 1) }
        return fields.pairs[index].1 ?? .null
    }

    private func value(_ op: TemplateProgram.Op) throws -> TemplateValue? {
        if let value = lookup(op) { return value }
        if strict { throw error(at: op, "no value '\(program.name(keys: op.a, count: op.b))'") }
        return nil
    }

    private func error(at op: TemplateProgram.Op, _ message: String) -> TemplateRenderError {
        TemplateRenderError(template: program.names[file], line: Int(op.line), column: Int(op.column), message: message)
    }

    private func indentation(of op: TemplateProgram.Op) -> UnsafeBufferPointer<UInt8>? {
        op.indent < 0 ? nil : UnsafeBufferPointer(rebasing: program.bytes[Int(op.indent)..<Int(op.indentEnd)])
    }

    private mutating func run(_ range: Range<Int>, depth: Int) throws {
        let ops = program.ops
        var pc = range.lowerBound
        while pc < range.upperBound {
            let op = ops[pc]
            steps &+= 1
            if out.count > limits.bytes {
                throw error(at: op, "the page is over \(limits.bytes >> 20) MB here; a loop without end?")
            }
            if steps & 0xFFFF == 0, ContinuousClock.now > deadline {
                throw error(at: op, "the page took over \(Int(limits.seconds)) s to render here; a loop without end?")
            }
            // Only meaningful for the tags that have a body; the others `continue` before using it.
            let body = pc + 1..<max(pc + 1, Int(op.next))
            switch op.code {
            case .text:
                let text = UnsafeBufferPointer(rebasing: program.bytes[Int(op.a)..<Int(op.b)])
                if indent.isEmpty { out.append(contentsOf: text) } else { appendIndented(text) }
                pc += 1
                continue
            case .variable, .unescaped:
                pc += 1
                guard let value = try value(op) else { continue }
                let escaped = op.code == .variable
                if indent.isEmpty { append(value, escaped: escaped); continue }
                // Indented only when the value puts something on the line.
                let start = out.count
                if atLineStart { out.append(contentsOf: indent) }
                let mark = out.count
                append(value, escaped: escaped)
                if out.count == mark { out.removeSubrange(start...) } else { atLineStart = false }
                continue
            case .section:
                guard let value = try value(op), !value.isFalsy else { break }
                switch value {
                case .list(let items):
                    for item in items {
                        stack.append(item)
                        try run(body, depth: depth)
                        stack.removeLast()
                    }
                case .bool:
                    try run(body, depth: depth)
                default:
                    stack.append(value)
                    try run(body, depth: depth)
                    stack.removeLast()
                }
            case .inverted:
                if try value(op)?.isFalsy ?? true { try run(body, depth: depth) }
            case .partial:
                if op.a >= 0 { try include(op, depth: depth) }
            case .parent:
                guard op.a >= 0 else { break }
                let outer = blocks.count
                var child = body.lowerBound
                while child < body.upperBound {
                    let block = ops[child]
                    if !blocks[..<outer].contains(where: { $0.name == block.a }) {
                        blocks.append(Block(name: block.a, body: child + 1..<Int(block.next), file: file))
                    }
                    child = Int(block.next)
                }
                try include(op, depth: depth)
                blocks.removeSubrange(outer...)
            case .block:
                let chosen = blocks.first { $0.name == op.a } ?? Block(name: op.a, body: body, file: file)
                let saved = (indent, file)
                let lineIndent = indentation(of: op)
                if let lineIndent { indent += lineIndent; atLineStart = true }
                file = chosen.file
                try run(chosen.body, depth: depth)
                (indent, file) = saved
                if lineIndent != nil { atLineStart = true }
            }
            pc = body.upperBound
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

    /// Renders the partial or parent `op` names.
    private mutating func include(_ op: TemplateProgram.Op, depth: Int) throws {
        let number = Int(op.a)
        guard depth < Self.maxDepth else {
            throw error(
                at: op, "partial '\(program.names[number])' nested \(Self.maxDepth) deep: it keeps including itself")
        }
        let saved = (indent, file)
        let lineIndent = indentation(of: op)
        // A partial inside a line is not re-indented: its lines are not the including template's lines.
        if let lineIndent { indent += lineIndent; atLineStart = true } else { indent = [] }
        file = number
        try run(program.ranges[number], depth: depth + 1)
        (indent, file) = saved
        atLineStart = lineIndent != nil
    }

    /// Text with the current indentation at the start of each line that has something on it.
    private mutating func appendIndented(_ text: UnsafeBufferPointer<UInt8>) {
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
