/// Writes JSON with keys in the order given, as KOBIS does, so demo bytes look like the API's
/// and are identical run after run.
struct JSONText {
    private(set) var text = ""

    enum Value {
        case string(String)
        case int(Int)
        case bool(Bool)
        case object([(String, Value)])
        case array([Value])
    }

    static func render(_ value: Value) -> String {
        var w = JSONText()
        w.write(value)
        return w.text
    }

    private mutating func write(_ value: Value) {
        switch value {
        case .string(let s): writeString(s)
        case .int(let i): text += String(i)
        case .bool(let b): text += b ? "true" : "false"
        case .array(let items):
            text += "["
            for (i, item) in items.enumerated() { if i > 0 { text += "," }; write(item) }
            text += "]"
        case .object(let pairs):
            text += "{"
            for (i, (k, v)) in pairs.enumerated() { if i > 0 { text += "," }; writeString(k); text += ":"; write(v) }
            text += "}"
        }
    }

    private mutating func writeString(_ s: String) {
        // Nearly every string needs no escape: copied whole, not appended scalar by scalar.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            text += "\""; text += s; text += "\""
            return
        }
        text += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
