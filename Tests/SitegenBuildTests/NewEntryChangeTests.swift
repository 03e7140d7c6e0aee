import Foundation
import Testing
import SitegenSiteSupport

/// A film new to a chart was not on it the day (or week) before: KOBIS gives its whole audience
/// as the change (「+6,382 (+100.0%)」). KOBIS's own pages leave that blank, and so do ours.
@Suite struct NewEntryChangeTests {
    @Test func aNewEntryShowsNoChangeAgainstAChartItWasNotOn() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 14)
        var new = 0, moved = 0
        for (path, data) in try SiteFixture.files(out) where path.hasSuffix("index.html")
            && ["date/", "week/", "weekend/"].contains(where: path.hasPrefix)
        {
            for row in String(decoding: data, as: UTF8.self).components(separatedBy: "<tr>").dropFirst() {
                let row = row.components(separatedBy: "</tr>")[0]
                if row.contains("badge-new") {
                    new += 1
                    #expect(!row.contains("<small class=\"up\">") && !row.contains("100.0%"), "\(path): \(row)")
                } else if row.contains("<small class=") {
                    moved += 1
                }
            }
        }
        #expect(new > 5 && moved > 50, "\(new) new rows, \(moved) with a change")
    }
}
