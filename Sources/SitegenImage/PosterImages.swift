import CVipsShim
import Foundation

/// An image libvips could not read or write, in its words.
public struct ImageError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// One encoded copy of an image and its size in pixels.
public struct EncodedImage: Sendable, Equatable {
    public let data: Data
    public let width: Int
    public let height: Int
}

/// Decoding, shrinking and encoding images with libvips, loaded on first use (see vips_shim.c).
public enum PosterImages {
    /// The soname of libvips 8's stable ABI (Debian's libvips42).
    static let library = "libvips.so.42"
    /// libvips must be started once per process before any call; this constant is that one start.
    static let started: ImageError? = start(library)

    /// Why images cannot be made here (libvips is not installed, or too old), or nil when they can.
    /// The first call loads libvips.
    public static var unavailable: String? { started?.description }

    /// Loads and starts libvips from `library`; nil on success, else why not, in one line.
    static func start(_ library: String) -> ImageError? {
        var reason = [CChar](repeating: 0, count: 512)
        guard sg_vips_start(library, CommandLine.arguments.first ?? "sitegen", &reason, reason.count) != 0 else {
            return nil
        }
        let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return ImageError(description: "libvips could not be loaded (\(text))")
    }
    /// libvips keeps its error text in one buffer per process, so calls take turns: each failure
    /// then reads its own message. A poster takes milliseconds; libvips uses every core inside a call.
    private static let turn = NSLock()

    /// The size its header declares, without decoding the pixels.
    public static func size(_ data: Data) throws -> (width: Int, height: Int) {
        try call { () -> (Int, Int)? in
            var width: Int32 = 0, height: Int32 = 0
            let ok = data.withUnsafeBytes { sg_vips_size($0.baseAddress, $0.count, &width, &height) } == 0
            return ok ? (Int(width), Int(height)) : nil
        }
    }

    /// `width` pixels wide at most (never enlarged), as WebP.
    public static func webp(_ data: Data, width: Int, quality: Int = 80) throws -> EncodedImage {
        try call { () -> EncodedImage? in
            var out: UnsafeMutableRawPointer?
            var length = 0
            var w: Int32 = 0, h: Int32 = 0
            let ok =
                data.withUnsafeBytes {
                    sg_vips_webp($0.baseAddress, $0.count, Int32(width), Int32(quality), &out, &length, &w, &h)
                } == 0
            guard ok, let out else { return nil }
            defer { sg_vips_free(out) }
            return EncodedImage(data: Data(bytes: out, count: length), width: Int(w), height: Int(h))
        }
    }

    /// A gradient (with noise that does not compress, if asked) as JPEG or PNG bytes, for tests.
    public static func testImage(width: Int, height: Int, noise: Bool = false, png: Bool = false) throws -> Data {
        try call { () -> Data? in
            var out: UnsafeMutableRawPointer?
            var length = 0
            guard sg_vips_test_image(Int32(width), Int32(height), noise ? 1 : 0, png ? 1 : 0, &out, &length) == 0,
                let out
            else { return nil }
            defer { sg_vips_free(out) }
            return Data(bytes: out, count: length)
        }
    }

    /// A photograph-like 700×1000 JPEG for tests and the local stand-in: every seed its own
    /// picture, made of noise fields so that it weighs and shrinks as a real poster does (about
    /// 190 KB, and 124 KB in four WebP copies), where the gradient of `testImage` weighs 50 KB and
    /// 9 KB in four copies.
    public static func testPhoto(seed: UInt32) throws -> Data {
        try call { () -> Data? in
            guard let bank = photoBank.pointer else { return nil }
            var out: UnsafeMutableRawPointer?
            var length = 0
            guard sg_vips_photo(bank, seed, &out, &length) == 0, let out else { return nil }
            defer { sg_vips_free(out) }
            return Data(bytes: out, count: length)
        }
    }

    /// The noise fields every test photo is cut from, drawn on the first (about a second).
    /// Never changed once drawn, and only read under `turn`.
    private static let photoBank = PhotoBank()

    private final class PhotoBank: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer?
        init() { pointer = started == nil ? sg_vips_photo_bank(700, 1000) : nil }
        deinit { sg_vips_photo_bank_free(pointer) }
    }

    static func call<T>(_ body: () -> T?) throws -> T {
        if let started { throw started }
        return try turn.withLock {
            if let value = body() { return value }
            throw ImageError(description: takeError())
        }
    }

    /// The first line of libvips's message, e.g. "VipsJpeg: Premature end of JPEG file".
    static func takeError() -> String {
        guard let text = sg_vips_take_error() else { return "unknown libvips error" }
        defer { free(text) }
        let message = String(cString: text).split(separator: "\n").first.map(String.init) ?? ""
        return message.isEmpty ? "unreadable image" : message
    }
}
