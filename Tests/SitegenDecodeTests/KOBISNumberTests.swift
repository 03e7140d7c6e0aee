@testable import SitegenDecode
import Testing

@Suite struct KOBISNumberTests {
    @Test func parsesKOBISNumbersStrictly() {
        #expect(KOBISNumber.integer("-2885") == -2885)
        #expect(KOBISNumber.integer(" 132252055460 ") == 132_252_055_460)
        #expect(KOBISNumber.integer("12,000") == nil)
        #expect(KOBISNumber.integer("+5") == nil)
        #expect(KOBISNumber.integer("") == nil)
        #expect(KOBISNumber.integer(" ") == nil)
        #expect(KOBISNumber.decimal("122279.3") == 122_279.3)
        #expect(KOBISNumber.decimal("-69.0") == -69)
        #expect(KOBISNumber.decimal("-13") == -13)
        #expect(KOBISNumber.decimal("1.") == nil)
        #expect(KOBISNumber.decimal("abc") == nil)
        #expect(KOBISNumber.decimal("NaN") == nil)
    }
}
