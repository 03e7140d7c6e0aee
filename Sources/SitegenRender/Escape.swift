import SitegenBasics
import SitegenModel

/// XML text and attribute escaping for the feed, sitemap and SVG (templates escape HTML themselves).
enum XML {
    static func escape(_ s: String) -> String {
        // Most text has nothing to escape or drop: printable ASCII but & < > " ', and Hangul
        // and other three-byte characters before U+F000 (so never a noncharacter). Such text is
        // returned as it is instead of rebuilt scalar by scalar.
        if s.utf8.allSatisfy({ b in
            switch b {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): false
            case 0x20...0x7E, 0x80...0xBF, 0xE0...0xEE: true
            default: false
            }
        }) { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // Control characters and noncharacters are not allowed in XML 1.0 at all.
            case _ where ForbiddenCharacters.contains(scalar) || scalar == "\r": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
