/// Code points XML 1.0 forbids (HTML too, as parse errors): C0 controls but tab, newline and
/// carriage return, and U+FFFE/U+FFFF. Also dropped: DEL, C1 controls and every other
/// noncharacter (U+FDD0–U+FDEF, U+xFFFE/U+xFFFF in every plane), which no title or note needs.
public enum ForbiddenCharacters {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 { return v != 0x09 && v != 0x0A && v != 0x0D }
        return (0x7F...0x9F).contains(v) || (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE
    }

    public static func strip(_ text: String) -> String { text.removingScalars(where: contains) }
}
