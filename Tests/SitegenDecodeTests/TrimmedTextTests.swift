import Foundation
import Testing
@testable import SitegenDecode
@testable import SitegenModel
import SitegenBasics

/// The scalar-level trimming that replaced `CharacterSet` in decoding must agree with Foundation
/// exactly, or a title would gain or lose a character.
@Suite struct TrimmedTextTests {
    @Test func blanksAreFoundationsWhitespaceSetsScalarForScalar() {
        var mismatches: [String] = []
        for v in UInt32(0)...0x10FFFF {
            guard let s = Unicode.Scalar(v) else { continue }
            if TrimmedText.isWhitespace(s) != CharacterSet.whitespaces.contains(s) { mismatches.append("ws U+\(String(v, radix: 16))") }
            if TrimmedText.isWhitespaceOrNewline(s) != CharacterSet.whitespacesAndNewlines.contains(s) {
                mismatches.append("wsnl U+\(String(v, radix: 16))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    static func scalar(_ v: UInt32) -> String { String(Unicode.Scalar(v)!) }

    static let hostile: [String] = [
        "", " ", "\t", "\u{3000}", "오픈 더 도어 ", " 2022-MF01001 ", "\u{200B}파묘\u{200B}", "a\r\nb\r\n", "\r\n 제목 \n",
        "\u{0}\u{1}x\u{7F}\u{85}\u{9F}", "\u{FEFF}title" + Self.scalar(0xFFFE), "\u{1F600} 😀 ", "\u{20}\u{301}x", "e\u{301} ", "\u{2028}줄\u{2029}",
        "\u{A0}\u{1680}\u{2000}\u{200A}\u{202F}\u{205F}mid\u{00A0}dle\u{3000}", Self.scalar(0xFDD0) + Self.scalar(0x10FFFF) + Self.scalar(0x1FFFE) + "ok", "\u{85}\u{85}",
        "\u{202E}abc\u{202C} \u{2066}x\u{2069}\u{200F}", "\u{202A}\u{202B}\u{202D}\u{2067}\u{2068} ",
    ]

    @Test func cleanedTrimsAndDropsAsBefore() {
        for text in Self.hostile {
            // The definition it replaced: drop CR, forbidden code points and bidi controls, then Foundation's trim.
            var kept = String.UnicodeScalarView()
            for s in text.unicodeScalars where s != "\r" && !ForbiddenCharacters.contains(s) && !BidiControls.contains(s) {
                kept.append(s)
            }
            let expected = String(kept).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(Array(text.cleaned.utf8) == Array(expected.utf8), "\(text.unicodeScalars.map(\.value))")
            #expect(Array(text.trimmingBlanks().utf8) == Array(text.trimmingCharacters(in: .whitespaces).utf8))
        }
    }

    @Test func integersParseAsTheCharacterLevelRuleDid() {
        let cases = ["-2885", " 132252055460 ", "\u{3000}42\u{200B}", "12,000", "+5", "", " ", "-", "--5", "- 5", "-0", "007",
                     "999999999999999", "1000000000000000", "-999999999999999", "5\u{301}", "-\u{301}5", "٣", "５", "1\n", "\t-12\t",
                     "12 34", "0x10", "1e3"]
        for text in cases {
            // The definition it replaced.
            let t = text.trimmingCharacters(in: .whitespaces)
            var digits = Substring(t)
            if digits.first == "-" { digits = digits.dropFirst() }
            let expected: Int64? = !digits.isEmpty && digits.count <= 15 && digits.allSatisfy({ $0.isASCII && $0.isNumber }) ? Int64(t) : nil
            #expect(KOBISNumber.integer(text) == expected, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func decimalsParseAsTheCharacterLevelRuleDid() {
        let cases = ["34.2", "-13", "-69.0", "1.", ".5", "-.5", "abc", "NaN", "", " ", "-", " 0.3 ", "122279.3", "1.2.3", "1..2",
                     "--1", "- 1", "1e3", "+1", "٣.١", "5\u{301}.0", "-\u{301}5", "123456789012345.123456789012345",
                     "1234567890123456", "0.1234567890123456", "\u{3000}-0.0\u{200B}", "1,5", "12 .5"]
        for text in cases {
            let t = text.trimmingCharacters(in: .whitespaces)
            var body = Substring(t)
            if body.first == "-" { body = body.dropFirst() }
            let parts = body.split(separator: ".", omittingEmptySubsequences: false)
            let ok = (1...2).contains(parts.count) && parts.allSatisfy({ !$0.isEmpty && $0.count <= 15 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
            let expected: Double? = ok ? Double(t) : nil
            #expect(KOBISNumber.decimal(text) == expected, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func movieCodesAreASCIILettersAndDigits() {
        #expect(MovieCode.isValid("20231011"))
        #expect(MovieCode.isValid("K2024abZ"))
        #expect(MovieCode.isValid(String(repeating: "9", count: 32)))
        for bad in ["", String(repeating: "9", count: 33), "../x", "2023 1011", "２０２３", "영화", "a\r\n", "é1"] {
            #expect(!MovieCode.isValid(bad), "\(bad)")
        }
    }
}
