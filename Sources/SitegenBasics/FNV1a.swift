/// The project's one hash, FNV-1a: a tiny, stable hash for names (cache files, folders, person
/// ids, poster colours) and for naming published assets and posters by their bytes. Swift's
/// `Hasher` is seeded per process, so it could never name anything that must last. For cache
/// busting a name only has to change when the bytes do; a collision would need two versions of
/// one file to agree on 32 bits (style.<8 hex>.css) or two posters on 64, and nobody gains by
/// forging one, so a cryptographic hash (not among the dependencies) would buy nothing here.
public enum FNV1a {
    // Inlinable, so a caller's bytes (a buffer, a lazy map) are hashed by code made for them
    // rather than through a generic sequence's witness for each byte.
    @inlinable
    public static func hash64<Bytes: Sequence>(bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        continued(0xcbf2_9ce4_8422_2325, bytes: bytes)
    }

    /// The hash of what `hash` covered followed by `bytes`: one key hashed from its parts.
    @inlinable
    public static func continued<Bytes: Sequence>(_ hash: UInt64, bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash = hash
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    public static func hash64(_ text: String) -> UInt64 { hash64(bytes: text.utf8) }

    public static func hash32(_ text: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for b in text.utf8 { hash = (hash ^ UInt32(b)) &* 16_777_619 }
        return hash
    }

    /// The first `digits` of the 64-bit hash as zero-padded lowercase hex.
    public static func hex<Bytes: Sequence>(_ bytes: Bytes, digits: Int) -> String where Bytes.Element == UInt8 {
        let hex = String(hash64(bytes: bytes), radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(digits))
    }
}
