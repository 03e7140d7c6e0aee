/// FNV-1a: a tiny, stable hash for names (cache files, folders, person ids, poster colours).
/// Swift's `Hasher` is seeded per process, so it could never name anything that must last.
public enum FNV1a {
    public static func hash64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    public static func hash32(_ text: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for b in text.utf8 { hash = (hash ^ UInt32(b)) &* 16_777_619 }
        return hash
    }
}
