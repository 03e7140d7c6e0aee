import Foundation

/// Every template compiled once into one flat list of instructions, for the renderer to run.
///
/// Why not walk the node tree: the tree's arrays and strings are shared by every thread rendering
/// pages, and reading a node copies it, retaining and releasing its arrays. Those reference counts
/// sit on cache lines both cores write, and they were a third of the whole build's time. Here an
/// instruction is plain integers; texts, indents and names live in buffers allocated once and only
/// read after `init`, and partials, parents and blocks are resolved to numbers when compiling.
// The buffers are written in init only, freed in deinit; the spare hint tables change under their lock.
final class TemplateProgram: @unchecked Sendable {
    /// For each key of the program, where in its object the last lookup found it, plus one (0: not
    /// yet). Objects of one kind are built alike, so a row's `{{audience}}` is at the same place in
    /// every row, and `{{t.…}}` at the same place in the strings' few hundred on every page: tried
    /// first, it spares a search from the end of the object. One renderer at a time uses a table,
    /// borrowed and given back, so the places found carry from page to page. A class, so lookups
    /// stay non-mutating.
    final class Hints: @unchecked Sendable { // used by one renderer at a time
        let slots: UnsafeMutableBufferPointer<UInt16>
        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: 0)
        }
        deinit { slots.deallocate() }
    }

    private let spareHints = NSLock()
    private var spares: [Hints] = []

    func borrowHints() -> Hints {
        spareHints.withLock { spares.popLast() } ?? Hints(count: keys.count)
    }

    func giveBack(_ hints: Hints) {
        spareHints.withLock { spares.append(hints) }
    }

    struct Op {
        enum Code: UInt8 { case text, variable, unescaped, section, inverted, partial, parent, block }
        let code: Code
        /// text: first byte; variable, section, inverted: first key; partial, parent: template
        /// (-1 when there is none); block: the block's name.
        let a: Int32
        /// text: end byte; variable, section, inverted: number of keys (0 for `.`).
        let b: Int32
        /// section, inverted, parent, block: the instruction after the body.
        let next: Int32
        /// The indentation of a standalone partial, parent or block (bytes `indent..<indentEnd`);
        /// -1 when the tag does not stand alone.
        let indent: Int32, indentEnd: Int32
        let line: Int32, column: Int32
    }

    let ops: UnsafeMutableBufferPointer<Op>
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let keys: UnsafeMutableBufferPointer<String>
    /// Each key's UTF-8 length, compared before the key itself.
    let keyLengths: UnsafeMutableBufferPointer<Int>
    /// Template number → its name, and where its instructions are.
    let names: [String]
    let ranges: [Range<Int>]
    let numbers: [String: Int]

    init(_ templates: [String: [TemplateNode]]) {
        var builder = Builder()
        names = templates.keys.sorted()
        builder.numbers = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        var ranges: [Range<Int>] = []
        for name in names {
            let start = builder.ops.count
            builder.emit(templates[name]!)
            ranges.append(start..<builder.ops.count)
        }
        self.ranges = ranges
        numbers = builder.numbers
        ops = .allocate(capacity: builder.ops.count)
        _ = ops.initialize(from: builder.ops)
        bytes = .allocate(capacity: builder.bytes.count)
        _ = bytes.initialize(from: builder.bytes)
        keys = .allocate(capacity: builder.keys.count)
        _ = keys.initialize(from: builder.keys)
        keyLengths = .allocate(capacity: builder.keys.count)
        _ = keyLengths.initialize(from: builder.keys.map(\.utf8.count))
    }

    deinit {
        ops.deallocate()
        bytes.deallocate()
        keys.deinitialize().deallocate()
        keyLengths.deallocate()
    }

    /// A tag's name as written, for errors.
    func name(keys start: Int32, count: Int32) -> String {
        count == 0 ? "." : keys[Int(start)..<Int(start + count)].joined(separator: ".")
    }

    private struct Builder {
        var ops: [Op] = []
        var bytes: [UInt8] = []
        var keys: [String] = []
        var numbers: [String: Int] = [:]
        var blockNames: [String: Int32] = [:]

        mutating func store(_ b: [UInt8]) -> (Int32, Int32) {
            let start = Int32(bytes.count)
            bytes += b
            return (start, Int32(bytes.count))
        }

        mutating func path(_ path: TemplatePath) -> (Int32, Int32) {
            if path.isDot { return (0, 0) }
            let start = Int32(keys.count)
            keys += path.keys
            return (start, Int32(path.keys.count))
        }

        mutating func block(_ name: String) -> Int32 {
            if let n = blockNames[name] { return n }
            let n = Int32(blockNames.count)
            blockNames[name] = n
            return n
        }

        /// Appends an instruction whose `next` is filled in by `close` once its body is emitted.
        mutating func open(_ code: Op.Code, _ a: Int32, _ b: Int32, indent: [UInt8]?, at node: TemplateNode) -> Int {
            let (i, iEnd) = indent.map { store($0) } ?? (-1, -1)
            ops.append(
                Op(
                    code: code, a: a, b: b, next: 0, indent: i, indentEnd: iEnd, line: Int32(node.line),
                    column: Int32(node.column)))
            return ops.count - 1
        }

        mutating func close(_ at: Int) {
            let o = ops[at]
            ops[at] = Op(code: o.code, a: o.a, b: o.b, next: Int32(ops.count), indent: o.indent, indentEnd: o.indentEnd,
                         line: o.line, column: o.column)
        }

        mutating func emit(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node.kind {
                case .text(let text):
                    let (a, b) = store(text)
                    ops.append(Op(code: .text, a: a, b: b, next: 0, indent: -1, indentEnd: -1, line: 0, column: 0))
                case .variable(let p, let escaped):
                    let (a, b) = path(p)
                    ops.append(
                        Op(
                            code: escaped ? .variable : .unescaped, a: a, b: b, next: 0, indent: -1, indentEnd: -1,
                            line: Int32(node.line), column: Int32(node.column)))
                case .section(let p, let children):
                    let (a, b) = path(p)
                    let at = open(.section, a, b, indent: nil, at: node)
                    emit(children)
                    close(at)
                case .inverted(let p, let children):
                    let (a, b) = path(p)
                    let at = open(.inverted, a, b, indent: nil, at: node)
                    emit(children)
                    close(at)
                case .partial(let name, let indent):
                    close(open(.partial, Int32(numbers[name] ?? -1), 0, indent: indent, at: node))
                case .parent(let name, let blocks, let indent):
                    // The body holds only the overrides, in name order so the program is the same every build.
                    let at = open(.parent, Int32(numbers[name] ?? -1), 0, indent: indent, at: node)
                    for name in blocks.keys.sorted() {
                        let inner = open(.block, block(name), 0, indent: nil, at: node)
                        emit(blocks[name]!)
                        close(inner)
                    }
                    close(at)
                case .block(let name, let defaults, let indent):
                    let at = open(.block, block(name), 0, indent: indent, at: node)
                    emit(defaults)
                    close(at)
                }
            }
        }
    }
}
