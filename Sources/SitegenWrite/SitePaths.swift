import Foundation
#if canImport(Glibc)
import Glibc
#endif

// A generated file's path inside the site, checked and split by bytes: every one of sixty
// thousand files passes through here, and none may name a place outside the output.
extension SiteWriter {
    static func checkRelative(_ path: String) throws {
        guard isInside(path) else { throw WriteError("refusing to write outside the site: '\(path)'") }
    }

    /// One pass over the bytes (it runs for each of sixty thousand files): no empty, "." or ".."
    /// segment, no leading "/", no NUL.
    static func isInside(_ path: String) -> Bool {
        var segment = 0, dots = 0, safe = !path.isEmpty
        for byte in path.utf8 where safe {
            switch byte {
            case UInt8(ascii: "/"):
                safe = segment > 0 && !(dots == segment && dots <= 2)
                segment = 0; dots = 0
            case 0: safe = false
            case UInt8(ascii: "."): segment += 1; dots += 1
            default: segment += 1
            }
        }
        return safe && segment > 0 && !(dots == segment && dots <= 2)
    }

    /// "date/2024-02-10/index.html" → "date/2024-02-10"; a top-level name → "". By bytes, not
    /// through NSString, which bridged every path of a site.
    static func parentFolder(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }
}
