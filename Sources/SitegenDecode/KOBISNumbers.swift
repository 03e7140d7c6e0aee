/// KOBIS sends every number as a string: "-2885", "0.3", "122279.3", sometimes "" or " ".
/// Parsing is strict (no "+", no commas) so a garbled value is reported instead of misread.
public enum KOBISNumber {
    /// At most 15 digits (far above any real count or sum of won), so adding up a day can never overflow.
    public static func integer(_ text: String) -> Int64? {
        // Scalar by scalar: every figure of every row comes through here.
        let scalars = text.unicodeScalars
        var i = scalars.startIndex, end = scalars.endIndex
        while i < end && TrimmedText.isWhitespace(scalars[i]) { i = scalars.index(after: i) }
        while end > i, TrimmedText.isWhitespace(scalars[scalars.index(before: end)]) {
            end = scalars.index(before: end)
        }
        let negative = i < end && scalars[i] == "-"
        if negative { i = scalars.index(after: i) }
        var value: Int64 = 0, count = 0
        while i < end {
            let v = scalars[i].value
            guard v >= 0x30 && v <= 0x39, count < 15 else { return nil }
            value = value * 10 + Int64(v - 0x30)
            count += 1
            i = scalars.index(after: i)
        }
        guard count > 0 else { return nil }
        return negative ? -value : value
    }

    /// A signed decimal with an optional fraction: "34.2", "-13", "-69.0".
    public static func decimal(_ text: String) -> Double? {
        let t = text.trimmingBlanks()
        // Checked scalar by scalar: one or two runs of 1–15 ASCII digits around one ".".
        var digits = 0, parts = 1
        for (k, scalar) in t.unicodeScalars.enumerated() {
            if k == 0 && scalar == "-" { continue }
            if scalar == "." {
                guard digits > 0, parts == 1 else { return nil }
                parts = 2; digits = 0
                continue
            }
            guard scalar.value >= 0x30 && scalar.value <= 0x39, digits < 15 else { return nil }
            digits += 1
        }
        guard digits > 0 else { return nil }
        return Double(t)
    }
}

import Foundation
import SitegenModel
