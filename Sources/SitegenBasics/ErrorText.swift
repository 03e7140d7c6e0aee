import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One readable line for any error: our own errors describe themselves; Foundation's are reduced
/// to their POSIX cause ("Permission denied") instead of an NSError dump.
public enum ErrorText {
    public static func describe(_ error: Error) -> String {
        let isFoundation = type(of: error) is NSError.Type || error is CocoaError || error is URLError
        if !isFoundation { return oneLine(String(describing: error)) }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return oneLine(String(cString: strerror(Int32(underlying.code))))
        }
        if ns.domain == NSPOSIXErrorDomain { return oneLine(String(cString: strerror(Int32(ns.code)))) }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case 4, 260: return "No such file or directory"
            case 257, 513: return "Permission denied"
            case 516: return "File exists"
            case 640: return "No space left on device"
            case 642: return "Read-only file system"
            case 261, 264: return "the file is not valid UTF-8 text"
            default: break
            }
        }
        return oneLine(ns.localizedDescription)
    }

    public static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// Text safe to print on one terminal line: control characters (C0, DEL, C1), line and
    /// paragraph separators and bidirectional overrides become visible `\u{…}` escapes, so a
    /// file name cannot move the cursor, recolour the terminal or forge an `error:` line.
    public static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v)
            {
                out += "\\u{" + String(v, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
