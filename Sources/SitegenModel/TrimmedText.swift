/// Foundation's `.whitespaces` and `.whitespacesAndNewlines`, tested scalar for scalar against
/// `CharacterSet` (DecodingTests). Decoding trims every field of every row: through `CharacterSet`
/// and `NSString` that was a tenth of a 3,650-day build; on scalars it is a few compares.
public enum TrimmedText {
    public static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return v == 0x20 || v == 0x09 }
        return v == 0xA0 || v == 0x1680 || (0x2000...0x200B).contains(v) || v == 0x202F || v == 0x205F || v == 0x3000
    }

    public static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return v == 0x20 || (0x09...0x0D).contains(v) }
        return v == 0x85 || v == 0x2028 || v == 0x2029 || isWhitespace(scalar)
    }
}

extension String {
    /// `trimmingCharacters(in: .whitespaces)`, or `.whitespacesAndNewlines` with `newlines`;
    /// the string itself, uncopied, when there is nothing to trim.
    public func trimmingBlanks(newlines: Bool = false) -> String {
        let test = newlines ? TrimmedText.isWhitespaceOrNewline : TrimmedText.isWhitespace
        let scalars = unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end && test(scalars[start]) { start = scalars.index(after: start) }
        while end > start, test(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        if start == scalars.startIndex && end == scalars.endIndex { return self }
        return String(scalars[start..<end])
    }
}
