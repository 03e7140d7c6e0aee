import SitegenBasics
import SitegenModel

/// XML text and attribute escaping for the feed, sitemap and SVG (templates escape HTML themselves).
enum XML {
    static func escape(_ s: String) -> String {
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
