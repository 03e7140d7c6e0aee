import Foundation
import Testing
@testable import SitegenWrite

/// An update's renames publish what a page uses before the page: a build killed between two
/// renames never leaves a new page linking a poster copy or card that is not in yet.
@Suite struct PublishingOrderTests {
    @Test func whatAPageUsesIsRenamedInBeforeThePageAndPagesBeforeTheFeeds() {
        let files = [
            "index.html", "date/2024-02-11/index.html", "feed.xml", "poster/img/0123abcd-200.webp",
            "card/89ab.png", "movie/20240001/index.html", "data/2024-02-11.json", "sitemap.xml",
        ]
        let order = SiteWriter.publishingOrder(files).map(\.1)
        func at(_ path: String) -> Int { order.firstIndex(of: path)! }
        for page in files where page.hasSuffix(".html") {
            for used in ["poster/img/0123abcd-200.webp", "card/89ab.png", "data/2024-02-11.json"] {
                #expect(at(used) < at(page), "\(used) after \(page)")
            }
            #expect(at(page) < at("feed.xml") && at(page) < at("sitemap.xml"))
        }
        #expect(at("date/2024-02-11/index.html") < at("index.html"), "the home page links the new day's")
        // Each file keeps the number it was staged under.
        #expect(SiteWriter.publishingOrder(files).allSatisfy { files[$0.0] == $0.1 })
    }
}
