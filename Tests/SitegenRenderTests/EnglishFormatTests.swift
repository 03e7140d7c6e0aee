import Testing
import SitegenModel
@testable import SitegenRender

/// The English edition's figures and dates.
@Suite struct EnglishFormatTests {
    @Test(arguments: [
        (Int64(0), "0"), (977, "977"), (8_000, "8K"), (1_650, "1.6K"), (97_195, "97.1K"), (878_487, "878K"),
        (999_999, "999K"), (1_000_000, "1M"),
        (1_299_999, "1.29M"), (9_999_999, "9.99M"), (1_805_000, "1.8M"), (6_019_000_000, "6.01B"),
        (6_009_000_000, "6B"), (10_000_000, "10M"), (12_850_000, "12.8M"),
        (999_999_999, "999.9M"), (3_190_000_000, "3.19B"), (1_000_000_000_000, "1T"),
        (-1_250_000, "\u{2212}1.25M"),
    ])
    func compactFiguresAreFlooredNeverRoundedUp(_ n: Int64, _ text: String) {
        #expect(EnglishFormat.compact(n) == text)
    }

    @Test func salesAreInWon() {
        #expect(EnglishFormat.won(1_502_114_078) == "₩1,502,114,078")
        #expect(EnglishFormat.won(3_190_000_000, compact: true) == "₩3.19B")
        #expect(EnglishFormat.won(-2_500_000, compact: true) == "\u{2212}₩2.5M")
    }

    @Test func datesReadAsEnglishReadersWriteThem() {
        let day = Day(iso: "2025-12-31")!
        #expect(EnglishFormat.longDate(day) == "Wed, Dec 31, 2025")
        #expect(EnglishFormat.monthDay(day) == "Dec 31")
        #expect(EnglishFormat.month(day) == "December 2025")
        #expect(EnglishFormat.longDate(Day(iso: "2024-02-10")!) == "Sat, Feb 10, 2024")
        #expect(EnglishFormat.dayOfRun(0) == "Day 1" && EnglishFormat.dayOfRun(-3) == "3 days before opening")
    }
}
