import Foundation

/// A reader for the plain JSON KOBIS sends (objects, arrays, strings, nulls; no escapes), several
/// times faster than `JSONDecoder` into `[String: LenientString]` rows. It declines (nil) anything
/// else: numbers, booleans, escapes, duplicate keys, invalid UTF-8, deep nesting, a non-object
/// root, trailing bytes. Whatever it declines goes through `JSONDecoder` exactly as before, so it
/// can only be faster, never decode differently.
enum FastJSON {
    indirect enum Value {
        case string(String)
        case null
        case object([String: Value])
        case array([Value])
    }

    static let maxDepth = 16

    static func object(_ data: Data) -> [String: Value]? {
        data.withUnsafeBytes { raw -> [String: Value]? in
            var reader = Reader(bytes: raw)
            reader.skipBlanks()
            guard reader.peek == UInt8(ascii: "{"), case .object(let root)? = reader.value(depth: 0) else { return nil }
            reader.skipBlanks()
            return reader.i == raw.count ? root : nil
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var i = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func skipBlanks() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x09, 0x0A, 0x0D: i += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) -> Value? {
            guard depth < FastJSON.maxDepth, let c = peek else { return nil }
            switch c {
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "n"):
                guard i + 4 <= bytes.count, bytes[i + 1] == UInt8(ascii: "u"), bytes[i + 2] == UInt8(ascii: "l"),
                      bytes[i + 3] == UInt8(ascii: "l") else { return nil }
                i += 4
                return .null
            case UInt8(ascii: "["):
                i += 1
                var items: [Value] = []
                skipBlanks()
                if peek == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    skipBlanks()
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipBlanks()
                    guard let next = peek else { return nil }
                    i += 1
                    if next == UInt8(ascii: "]") { return .array(items) }
                    guard next == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "{"):
                i += 1
                var fields: [String: Value] = [:]
                skipBlanks()
                if peek == UInt8(ascii: "}") { i += 1; return .object(fields) }
                while true {
                    skipBlanks()
                    guard peek == UInt8(ascii: "\""), let key = string() else { return nil }
                    skipBlanks()
                    guard peek == UInt8(ascii: ":") else { return nil }
                    i += 1
                    skipBlanks()
                    guard let item = value(depth: depth + 1) else { return nil }
                    // Which of two equal keys JSONDecoder keeps is its business: let it decide.
                    guard fields.updateValue(item, forKey: key) == nil else { return nil }
                    skipBlanks()
                    guard let next = peek else { return nil }
                    i += 1
                    if next == UInt8(ascii: "}") { return .object(fields) }
                    guard next == UInt8(ascii: ",") else { return nil }
                }
            default:
                return nil
            }
        }

        /// A string without escapes or control characters, as valid UTF-8; nil otherwise.
        mutating func string() -> String? {
            i += 1
            let start = i
            var ascii = true
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<i])
                    i += 1
                    if ascii { return String(decoding: slice, as: UTF8.self) }
                    return String(validating: slice, as: UTF8.self)
                }
                if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
                if b >= 0x80 { ascii = false }
                i += 1
            }
            return nil
        }
    }
}

extension FastJSON.Value {
    /// What `decodeIfPresent(LenientString.self)` gives for a string or null: `.some(nil)` for a
    /// null or missing field; nil (decline) for anything `LenientString` would have to coerce.
    static func lenient(_ value: FastJSON.Value?) -> LenientString?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .string(let s)?: return .some(LenientString(value: s))
        default: return nil
        }
    }

    /// A list of flat objects of strings and nulls, as `[[String: LenientString]]?` decodes it.
    static func rows(_ value: FastJSON.Value?) -> [[String: LenientString]]?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .array(let items)?:
            var rows: [[String: LenientString]] = []
            rows.reserveCapacity(items.count)
            for item in items {
                guard case .object(let fields) = item else { return nil }
                var row: [String: LenientString] = [:]
                row.reserveCapacity(fields.count)
                for (key, field) in fields {
                    switch field {
                    case .string(let s): row[key] = LenientString(value: s)
                    case .null: row[key] = LenientString(value: "")
                    default: return nil
                    }
                }
                rows.append(row)
            }
            return .some(rows)
        default: return nil
        }
    }
}
