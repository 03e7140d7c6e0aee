/// KOBIS sends every number as a string: "-2885", "0.3", "122279.3", sometimes "" or " ".
/// Parsing is strict (no "+", no commas) so a garbled value is reported instead of misread.
public enum KOBISNumber {
    /// At most 15 digits (far above any real count or sum of won), so adding up a day can never overflow.
    public static func integer(_ text: String) -> Int64? {
        let t = text.trimmingCharacters(in: .whitespaces)
        var digits = Substring(t)
        if digits.first == "-" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(t)
    }

    /// A signed decimal with an optional fraction: "34.2", "-13", "-69.0".
    public static func decimal(_ text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces)
        var body = Substring(t)
        if body.first == "-" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 15 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        return Double(t)
    }
}

import Foundation
import SitegenModel
