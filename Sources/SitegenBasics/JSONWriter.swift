import Foundation

/// The one JSON writer: compact, keys in the order the caller writes them, straight into bytes.
/// Foundation's JSONEncoder took more time than rendering the pages, and neither it nor
/// JSONSerialization promises an order, so the site's data files and the demo's API answers
/// (keys in KOBIS's order) could not be the same bytes run after run.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = [false]

    public init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    /// A value built up front, for callers that assemble a document before writing it.
    public enum Value {
        case string(String)
        case int(Int)
        case bool(Bool)
        case object([(String, Value)])
        case array([Value])
    }

    /// The document as text, without a trailing newline.
    public static func text(_ value: Value) -> String {
        var w = JSONWriter(capacity: 1024)
        w.value(value)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    public mutating func value(_ value: Value) {
        switch value {
        case .string(let s): string(s)
        case .int(let i): raw(String(i))
        case .bool(let b): raw(b ? "true" : "false")
        case .array(let items): array { a in for item in items { a.value(item) } }
        case .object(let pairs): object { o in for (k, v) in pairs { o.key(k); o.value(v) } }
        }
    }

    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "{")); body(&self); close(UInt8(ascii: "}"))
    }
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "[")); body(&self); close(UInt8(ascii: "]"))
    }

    private mutating func open(_ c: UInt8) { separate(); bytes.append(c); needsComma.append(false) }
    private mutating func close(_ c: UInt8) { bytes.append(c); needsComma.removeLast() }
    private mutating func separate() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    /// Writes a key; the next value written is its value. A nil `field` value leaves the key out.
    public mutating func key(_ k: String) {
        separate()
        string(k, separated: false)
        bytes.append(UInt8(ascii: ":"))
        needsComma[needsComma.count - 1] = false
    }

    public mutating func field(_ k: String, _ v: String?) { if let v { key(k); string(v) } }
    public mutating func field(_ k: String, _ v: Int64?) { if let v { key(k); number(v) } }
    public mutating func field(_ k: String, _ v: Int?) { if let v { key(k); number(Int64(v)) } }
    public mutating func field(_ k: String, _ v: Double?) {
        if let v, v.isFinite { key(k); raw(v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)) }
    }
    public mutating func field(_ k: String, _ v: Bool) { key(k); raw(v ? "true" : "false") }
    public mutating func field(_ k: String, _ v: [String]) { key(k); array { a in for s in v { a.string(s) } } }

    /// A number or literal, as it is.
    public mutating func raw(_ text: String) { separate(); bytes.append(contentsOf: text.utf8) }

    public mutating func number(_ n: Int64) { separate(); DecimalDigits.append(n, to: &bytes) }

    public mutating func string(_ s: String) { string(s, separated: true) }

    private mutating func string(_ s: String, separated: Bool) {
        if separated { separate() }
        bytes.append(UInt8(ascii: "\""))
        // Runs that need no escape (nearly all text) are copied whole: byte by byte, this was a
        // twentieth of a cold build.
        var text = s
        text.withUTF8 { utf8 in
            var start = 0
            for i in 0..<utf8.count {
                let b = utf8[i]
                if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                start = i + 1
                switch b {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
                case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(b >> 4)], hex[Int(b & 15)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The document as a file: one trailing newline.
    public var data: Data { Data(bytes + [0x0A]) }
}
