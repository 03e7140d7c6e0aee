import Foundation
import Testing
@testable import SitegenModel
@testable import SitegenRender

@Suite struct MarkdownTests {
    @Test func rendersKoreanAndSmartPunctuation() {
        #expect(Markdown.html("한국어 *노트* ✓") == "<p>한국어 <em>노트</em> ✓</p>\n")
        #expect(Markdown.html("\"따옴표\" -- 그리고...") == "<p>“따옴표” – 그리고…</p>\n")
    }

    @Test func omitsRawHTMLAndDropsScriptLinks() {
        let html = Markdown.html("<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("javascript:"))
        #expect(html.contains("raw HTML omitted"))
    }
}
