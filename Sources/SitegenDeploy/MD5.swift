import Foundation

/// MD5 (RFC 1321): what S3 puts in a single-part object's ETag and checks a `Content-MD5` against,
/// so comparing a file with its object costs no download. Not a security choice: the server's own.
///
/// Hand-written for the reasons `SHA256` is; unlike signing it runs over every byte of the site
/// each deploy, so blocks are read in place from the buffer (no copy a block) and files are read
/// in 1 MiB chunks (`file(at:)`), never whole.
public struct MD5: Sendable {
    private var a0: UInt32 = 0x6745_2301, b0: UInt32 = 0xefcd_ab89, c0: UInt32 = 0x98ba_dcfe, d0: UInt32 = 0x1032_5476
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    private static let s: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]
    /// floor(abs(sin(i + 1)) × 2^32), as the RFC tabulates it.
    private static let k: [UInt32] = (0..<64).map {
        UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296))
    }

    public init() {}

    public mutating func update(_ data: UnsafeRawBufferPointer) {
        var offset = 0
        length &+= UInt64(data.count)
        if !pending.isEmpty {
            let take = min(64 - pending.count, data.count)
            pending += data[0..<take]
            offset = take
            if pending.count == 64 {
                pending.withUnsafeBytes { block in Self.tables { compress(block, at: 0, $0, $1) } }
                pending.removeAll(keepingCapacity: true)
            }
        }
        Self.tables { k, s in
            while data.count - offset >= 64 {
                compress(data, at: offset, k, s)
                offset += 64
            }
        }
        if offset < data.count { pending += data[offset...] }
    }

    public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    public mutating func finish() -> [UInt8] {
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        while (pending.count + tail.count) % 64 != 56 { tail.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        let counted = length
        update(tail)
        length = counted
        return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
    }

    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var md5 = MD5()
        md5.update(bytes)
        return md5.finish()
    }

    /// The file's digest and size, read in 1 MiB chunks.
    public static func file(at url: URL) throws -> (digest: [UInt8], size: Int) {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var md5 = MD5()
        var size = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            size += chunk.count
            chunk.withUnsafeBytes { md5.update($0) }
        }
        return (md5.finish(), size)
    }

    /// The tables as plain buffers: a static array is checked for its one-time set-up at every read.
    private static func tables(_ body: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<UInt32>) -> Void) {
        k.withUnsafeBufferPointer { k in s.withUnsafeBufferPointer { s in body(k, s) } }
    }

    private mutating func compress(
        _ data: UnsafeRawBufferPointer, at offset: Int,
        _ k: UnsafeBufferPointer<UInt32>, _ s: UnsafeBufferPointer<UInt32>
    ) {
        // The block's words read in place (no array a block: that allocation was half the time).
        @inline(__always) func m(_ g: Int) -> UInt32 {
            UInt32(littleEndian: data.loadUnaligned(fromByteOffset: offset + 4 * g, as: UInt32.self))
        }
        var a = a0
        var b = b0
        var c = c0
        var d = d0
        for i in 0..<64 {
            var f: UInt32
            let g: Int
            switch i {
            case 0..<16:
                f = (b & c) | (~b & d)
                g = i
            case 16..<32:
                f = (d & b) | (~d & c)
                g = (5 * i + 1) % 16
            case 32..<48:
                f = b ^ c ^ d
                g = (3 * i + 5) % 16
            default:
                f = c ^ (b | ~d)
                g = (7 * i) % 16
            }
            f = f &+ a &+ k[i] &+ m(g)
            a = d
            d = c
            c = b
            b = b &+ f.rotatedLeft(s[i])
        }
        a0 = a0 &+ a
        b0 = b0 &+ b
        c0 = c0 &+ c
        d0 = d0 &+ d
    }
}
