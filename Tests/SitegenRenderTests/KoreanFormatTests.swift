import Foundation
import Testing
@testable import SitegenModel
@testable import SitegenRender

@Suite struct KoreanFormatTests {
    @Test(arguments: [
        (0, "0"), (8_000, "8,000"), (9_999, "9,999"), (10_000, "1만"), (14_205, "1.4만"), (97_095, "9.7만"),
        (99_999, "9.9만"), (194_682, "19.4만"), (999_999, "99.9만"), (1_000_000, "100만"), (8_177_230, "817만"),
        (9_996_000, "999만"), (9_999_999, "999만"), (10_000_000, "1,000만"), (45_680_000, "4,568만"),
        (99_995_000, "9,999만"), (100_000_000, "1억"), (1_282_744_925, "12.8억"), (15_939_999_999, "159.3억"),
        (78_790_000_000, "787.9억"), (1_130_000_000_000, "1.1조"),
        (-1_200, "\u{2212}1,200"), (-97_095, "\u{2212}9.7만"), (-10_000, "\u{2212}1만"), (-1_999_999, "\u{2212}199만"),
    ] as [(Int64, String)])
    func compactsInManAndEokFlooredNeverRounded(_ value: Int64, _ expected: String) {
        #expect(KoreanFormat.compact(value) == expected)
    }

    /// Whatever the figure, its compact form never reads as more than it is.
    @Test func compactFormNeverOverstates() {
        var value: Int64 = 1
        while value < 5_000_000_000_000 {
            for n in [value - 1, value, value + 1, value * 3 - 1, value * 7 + 13] where n >= 0 {
                #expect(parseCompact(KoreanFormat.compact(n)) <= Double(n), "\(n) → \(KoreanFormat.compact(n))")
            }
            value *= 10
        }
    }

    private func parseCompact(_ text: String) -> Double {
        let units: [(String, Double)] = [("조", 1e12), ("억", 1e8), ("만", 1e4)]
        let plain = text.replacingOccurrences(of: ",", with: "")
        for (suffix, scale) in units where plain.hasSuffix(suffix) { return Double(plain.dropLast())! * scale }
        return Double(plain)!
    }

    @Test func attachesUnitsTheWayTheNationalInstituteDescribes() {
        #expect(KoreanFormat.people(8_000) == "8,000명")
        #expect(KoreanFormat.people(8_177_230, compact: true) == "817만 명")
        #expect(KoreanFormat.people(8_000, compact: true) == "8,000명")
        #expect(KoreanFormat.won(1_282_744_925, compact: true) == "12.8억 원")
        #expect(KoreanFormat.won(1_502_114_078) == "1,502,114,078원")
    }

    @Test func groupsAndSignsFigures() {
        #expect(KoreanFormat.grouped(Int64(1_234_567)) == "1,234,567")
        #expect(KoreanFormat.grouped(Int64(132_252_055_460)) == "132,252,055,460")
        #expect(KoreanFormat.signed(3_226) == "+3,226")
        #expect(KoreanFormat.signed(-1_200) == "\u{2212}1,200")
        #expect(KoreanFormat.signed(0) == "0")
        #expect(KoreanFormat.percent(67) == "67.0%")
        #expect(KoreanFormat.signedPercent(17) == "+17.0%")
        #expect(KoreanFormat.signedPercent(-4.1) == "\u{2212}4.1%")
        #expect(KoreanFormat.signedPercent(0) == "0.0%")
    }

    @Test func writesDatesAsKoreanReadersExpect() {
        let d = Day(iso: "2024-02-10")!
        #expect(KoreanFormat.longDate(d) == "2024년 2월 10일 (토)")
        #expect(KoreanFormat.shortDate(d) == "2024.02.10")
        #expect(KoreanFormat.monthDay(d) == "2월 10일")
        #expect(KoreanFormat.dayOfRun(open: Day(iso: "2024-01-31"), on: d) == "개봉 11일차")
        #expect(KoreanFormat.dayOfRun(open: d, on: d) == "개봉 1일차")
        #expect(KoreanFormat.dayOfRun(open: Day(iso: "2024-02-14"), on: d) == "개봉 4일 전")
        #expect(KoreanFormat.dayOfRun(open: nil, on: d) == nil)
    }

    @Test func saysRankChangesInWordsAsWellAsArrows() {
        func entry(_ change: Int, _ status: RankStatus) -> ChartEntry {
            ChartEntry(rank: 1, rankChange: change, status: status, movieCode: "1", title: "t", rawTitle: "t", openDate: nil,
                       sales: 0, salesShare: nil, salesChange: nil, salesChangeRate: nil, salesTotal: 0, audience: 0,
                       audienceChange: nil, audienceChangeRate: nil, audienceTotal: 0, screens: 0, showings: 0)
        }
        #expect(KoreanFormat.rankChange(entry(3, .old)) == .init(kind: "up", symbol: "▲3", spoken: "전일 대비 3계단 상승"))
        #expect(KoreanFormat.rankChange(entry(-2, .old)) == .init(kind: "down", symbol: "▼2", spoken: "전일 대비 2계단 하락"))
        #expect(KoreanFormat.rankChange(entry(0, .old)) == .init(kind: "same", symbol: "–", spoken: "변동 없음"))
        #expect(KoreanFormat.rankChange(entry(0, .new)) == .init(kind: "new", symbol: "신작", spoken: "신규 진입"))
    }

    /// 이 after a final consonant, 가 after a vowel, what is in brackets at the end read too; a name
    /// ending in Latin letters gets 「이(가)」 (「(주)한빛픽처스이 배급한」 was in four descriptions of six).
    @Test(arguments: [("(주)한빛픽처스", "가"), ("청람시네마(주)", "가"), ("(주)미리내필름", "이"), ("오름스튜디오", "가"),
                      ("(주)별빛배급", "이"), ("CJ ENM", "이(가)"), ("", "이(가)")])
    func theSubjectParticleFollowsTheLastSyllable(_ name: String, _ particle: String) {
        #expect(KoreanFormat.subjectParticle(after: name) == particle)
    }
}
