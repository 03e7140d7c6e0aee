/// The one check of a film's code, in the model: the decoder rejects rows with it, and the build
/// and the fetch plan check a code from a file name or a film list before it becomes a path.
public enum MovieCode {
    /// A `movieCd` becomes a path component; anything else is rejected before it can.
    public static func isValid(_ code: String) -> Bool {
        // ASCII letters and digits are exactly the ASCII part of `CharacterSet.alphanumerics`.
        // Every row of a history is checked on every build: the bytes first, and the reserved
        // names (CON, LPT1…) only for a code that starts with a letter, as they all do; a KOBIS
        // code is eight digits.
        let bytes = code.utf8
        guard !bytes.isEmpty, bytes.count <= 32, let first = bytes.first else { return false }
        let alphanumeric = bytes.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A)
        }
        return alphanumeric && (first <= 0x39 || !PortableNames.isReserved(code))
    }
}
