/// The store's one wholeness rule (`KeptFiles`, and the memos' trailer): a 64-bit checksum of a
/// kept file's bytes and the name it is kept under, checked before anything kept is used.
package enum MemoChecksum {
    /// Four independent multiply-add lanes over the words (about a tenth of a millisecond a MB):
    /// any change to the bytes changes the sum, short of a 1 in 2⁶⁴ coincidence. Not a defence
    /// against anyone forging a file, only against a disk or a copy that damaged one.
    package static func of(_ bytes: UnsafeRawBufferPointer, tag: String) -> UInt64 {
        let k: UInt64 = 0x9e37_79b9_7f4a_7c15
        var (a, b, c, d): (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        var i = 0
        while i + 32 <= bytes.count {
            a = (a &+ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* k
            b = (b &+ bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)) &* k
            c = (c &+ bytes.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)) &* k
            d = (d &+ bytes.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) &* k
            i += 32
        }
        var f = Fingerprint(tag)
        f.add(raw: UnsafeRawBufferPointer(rebasing: bytes[i...]))
        for lane in [a, b, c, d, UInt64(bytes.count)] { f.add(lane) }
        return f.value
    }
}
