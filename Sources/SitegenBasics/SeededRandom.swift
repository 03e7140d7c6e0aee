/// SplitMix64: tiny, fast and identical on every platform, so the demo data (and a test's
/// replayed faults) are the same everywhere.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(_ seeds: Int...) { self.init(seeds: seeds) }

    public init(seeds: [Int]) {
        var s = SeededRandom.origin
        for v in seeds { s = SeededRandom.fold(s, v) }
        state = s
    }

    /// The same generator as `init(a, b, c, d)` through the variadic form, without allocating
    /// its array: the demo seeds two of these for every film on every day it plays.
    public init(_ a: Int, _ b: Int, _ c: Int, _ d: Int) {
        state = SeededRandom.fold(
            SeededRandom.fold(SeededRandom.fold(SeededRandom.fold(SeededRandom.origin, a), b), c), d)
    }

    static let origin: UInt64 = 0x5EED_5173_B0C5_0FF1
    static func fold(_ s: UInt64, _ v: Int) -> UInt64 { mix(s ^ UInt64(bitPattern: Int64(v))) }

    static func mix(_ x0: UInt64) -> UInt64 {
        var z = x0 &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        return SeededRandom.mix(state)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    public mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    public mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
    public mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
}
