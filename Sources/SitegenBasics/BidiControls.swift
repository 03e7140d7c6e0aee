/// The bidirectional formatting characters that open a scope: embeddings and overrides
/// (U+202A–U+202E, closed by U+202C) and isolates (U+2066–U+2069). One in a title reorders what
/// follows it wherever the title is shown unbalanced, and a title is shown in many places that
/// close nothing (`<title>`, `og:` tags, feeds, CSV, a share card): U+202E turns the rest of
/// the line around. They are dropped from text that comes from the network.
///
/// Kept: the marks U+200E/U+200F (LRM, RLM) and U+061C (ALM). They have no scope, only steer
/// the neutral characters beside them, and a mixed Hebrew or Arabic title may need one to read
/// right.
public enum BidiControls {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    public static func strip(_ text: String) -> String { text.removingScalars(where: contains) }
}

extension String {
    /// The string itself, uncopied, when there is nothing to remove.
    public func removingScalars(where drop: (Unicode.Scalar) -> Bool) -> String {
        guard unicodeScalars.contains(where: drop) else { return self }
        var scalars = String.UnicodeScalarView()
        for s in unicodeScalars where !drop(s) { scalars.append(s) }
        return String(scalars)
    }
}
