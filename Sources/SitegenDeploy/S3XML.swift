/// The few elements sitegen reads from S3's XML answers (a listing's keys, ETags and sizes, an
/// error's code), found by tag. Not FoundationXML: on Linux it links libxml2 into the binary for
/// answers whose shape is fixed and flat. Text is unescaped (the five entities and &#…;).
enum S3XML {
    /// The text of every `<tag>…</tag>` in `xml`, in order.
    static func all(_ tag: String, in xml: Substring) -> [String] {
        var out: [String] = []
        var rest = xml
        while let range = element(tag, in: rest) {
            out.append(unescape(rest[range.content]))
            rest = rest[range.end...]
        }
        return out
    }

    static func first(_ tag: String, in xml: Substring) -> String? {
        element(tag, in: xml).map { unescape(xml[$0.content]) }
    }

    /// The inside of every `<tag>…</tag>` block, for reading several fields of each.
    static func blocks(_ tag: String, in xml: Substring) -> [Substring] {
        var out: [Substring] = []
        var rest = xml
        while let range = element(tag, in: rest) {
            out.append(rest[range.content])
            rest = rest[range.end...]
        }
        return out
    }

    private static func element(_ tag: String, in xml: Substring) -> (
        content: Range<Substring.Index>, end: Substring.Index
    )? {
        guard let open = xml.range(of: "<\(tag)>") else { return nil }
        guard let close = xml[open.upperBound...].range(of: "</\(tag)>") else { return nil }
        return (open.upperBound..<close.lowerBound, close.upperBound)
    }

    static func unescape(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var out = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                out += rest[amp...]
                return out
            }
            let name = rest[rest.index(after: amp)..<semi]
            switch name {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let scalar: UInt32? =
                    name.hasPrefix("#x")
                    ? UInt32(name.dropFirst(2), radix: 16)
                    : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
                if let scalar, let value = Unicode.Scalar(scalar) {
                    out.unicodeScalars.append(value)
                } else {
                    out += rest[amp...semi]
                }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
