import Foundation

/// A 64-bit FNV-1a fingerprint fed field by field: what a page is made from, so a rebuild can tell
/// which pages could have changed without rendering them. Stable across runs (Swift's `Hasher` is
/// seeded per process). Every field ends in a byte that cannot occur inside it, so "ab" + "c" and
/// "a" + "bc" differ. A collision would need two different versions of one page's inputs to agree
/// on 64 bits; nobody gains by forging one.
public struct Fingerprint: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}
    public init(_ tag: String) { add(tag) }

    @inline(__always) public mutating func byte(_ b: UInt8) { value = (value ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }

    public mutating func add(_ text: String) {
        for b in text.utf8 { byte(b) }
        byte(0xFF)  // never part of UTF-8
    }

    public mutating func add(_ number: Int64) {
        var v = UInt64(bitPattern: number)
        for _ in 0..<8 { byte(UInt8(truncatingIfNeeded: v)); v >>= 8 }
    }

    public mutating func add(_ number: Int) { add(Int64(number)) }
    public mutating func add(_ number: UInt64) { add(Int64(bitPattern: number)) }
    public mutating func add(_ flag: Bool) { byte(flag ? 1 : 2) }
    public mutating func add(_ number: Double) { add(Int64(bitPattern: number.bitPattern)) }
    public mutating func add(_ date: Date) { add(date.timeIntervalSince1970) }
    public mutating func add(_ text: String?) { if let text { byte(1); add(text) } else { byte(0) } }
    public mutating func add(_ number: Int64?) { if let number { byte(1); add(number) } else { byte(0) } }
    public mutating func add(_ number: Int?) { if let number { byte(1); add(number) } else { byte(0) } }
    public mutating func add(_ number: Double?) { if let number { byte(1); add(number) } else { byte(0) } }
    public mutating func add(_ date: Date?) { if let date { byte(1); add(date) } else { byte(0) } }
    public mutating func add(_ texts: [String]) { add(texts.count); texts.forEach { add($0) } }
    public mutating func add(_ other: Fingerprint) { add(other.value) }
    public mutating func add(bytes: Data) { add(bytes.count); for b in bytes { byte(b) } }
}
