/// The project's one hash: 64-bit FNV-1a. It names people (so no name becomes a path), long cache
/// files, and published assets and posters by their contents. For cache busting a name only has to
/// change when the bytes do; a collision would need two versions of one file out of a handful to
/// agree on 32 bits (style.<8 hex>.css) or two posters on 64, and nobody gains by forging one — so
/// a cryptographic hash (not among the dependencies) would buy nothing here.
public enum ContentHash {
    public static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// The first `digits` of the hash as zero-padded lowercase hex.
    public static func hex<Bytes: Sequence>(_ bytes: Bytes, digits: Int) -> String where Bytes.Element == UInt8 {
        let hex = String(fnv1a64(bytes), radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(digits))
    }
}
