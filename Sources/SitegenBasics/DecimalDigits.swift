/// An integer's decimal digits appended to a byte buffer, as `String(n)` spells them, without
/// making a `String` first: data files and pages write hundreds of thousands of figures.
public enum DecimalDigits {
    @inlinable
    public static func append(_ n: Int64, to out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        var m = n.magnitude
        if m < 10 {
            out.append(UInt8(ascii: "0") &+ UInt8(m))
            return
        }
        // 20 digits at most (UInt64.max); the tuple is stack room for them.
        var room: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &room) { digits in
            var i = digits.count
            repeat {
                i -= 1
                digits[i] = UInt8(ascii: "0") &+ UInt8(m % 10)
                m /= 10
            } while m > 0
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: digits[i...]))
        }
    }

    @inlinable
    public static func append(_ n: Int, to out: inout [UInt8]) { append(Int64(n), to: &out) }
}
