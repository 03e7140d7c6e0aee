import Foundation
import Testing
@testable import SitegenDeploy

/// The hand-written digests against their standards' own vectors.
@Suite struct DigestTests {
    // FIPS 180-4's examples (NIST CSRC "SHA256.pdf"): "abc" and the 448-bit message.
    @Test func sha256MatchesNISTVectors() {
        #expect(hex(SHA256.hash([UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    // RFC 4231, test cases 1, 2 and 6 (a key longer than a block is hashed first).
    @Test func hmacSHA256MatchesRFC4231() {
        #expect(hex(hmacSHA256(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(hex(hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(hex(hmacSHA256(key: [UInt8](repeating: 0xaa, count: 131),
                               message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    // RFC 1321, appendix A.5.
    @Test func md5MatchesRFC1321() {
        let vectors = [
            "": "d41d8cd98f00b204e9800998ecf8427e", "a": "0cc175b9c0f1b6a831c399e269772661",
            "abc": "900150983cd24fb0d6963f7d28e17f72", "message digest": "f96b697d7cb7938d525a2f31aaf161d0",
            "abcdefghijklmnopqrstuvwxyz": "c3fcd3d76192e4007dfb496cca67e13b",
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789": "d174ab98d277d9f5a5611c2c9f419d9f",
            String(repeating: "1234567890", count: 8): "57edf4a22be3c955ac49da2e2107b67a",
        ]
        for (text, digest) in vectors { #expect(hex(MD5.hash(Array(text.utf8))) == digest, "\(text)") }
    }

    /// A file is hashed in chunks: any split of the bytes gives the digest of the whole.
    @Test func md5OfChunksEqualsMD5OfTheWhole() throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<300_001).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let whole = MD5.hash(bytes)
        for split in [1, 63, 64, 65, 127, 4096, 299_999] {
            var md5 = MD5()
            md5.update(Array(bytes[..<split]))
            md5.update(Array(bytes[split...]))
            #expect(md5.finish() == whole, "split at \(split)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("md5-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes + bytes + bytes + bytes).write(to: file)  // over a 1 MiB chunk
        let (digest, size) = try MD5.file(at: file)
        #expect(size == bytes.count * 4)
        #expect(digest == MD5.hash(bytes + bytes + bytes + bytes))
    }
}
