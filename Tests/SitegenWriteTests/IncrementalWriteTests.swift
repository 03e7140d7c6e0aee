import Foundation
import Testing
import SitegenSiteSupport
import SitegenModel
@testable import SitegenWrite

/// A deploy that syncs by modification time or hash should upload only what changed.
@Suite struct IncrementalWriteTests {
    struct Stamp: Equatable { let inode: UInt64; let modified: Date }

    func stamps(_ root: URL) throws -> [String: Stamp] {
        var out: [String: Stamp] = [:]
        let prefix = root.resolvingSymlinksInPath().path + "/"
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)! {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            out[String(url.resolvingSymlinksInPath().path.dropFirst(prefix.count))] =
                Stamp(inode: (attributes[.systemFileNumber] as! NSNumber).uint64Value, modified: attributes[.modificationDate] as! Date)
        }
        return out
    }

    @Test func aRebuildWithNothingChangedRewritesNoFile() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 10)
        let before = try stamps(out)
        try await SiteFixture.build(into: out, days: 10)
        let after = try stamps(out)
        #expect(after.keys.sorted() == before.keys.sorted())
        let rewritten = after.filter { before[$0.key] != $0.value }.map(\.key).sorted()
        #expect(rewritten.isEmpty, "rewritten: \(rewritten.prefix(5))")
    }

    @Test func aRebuildWithOneMoreDayRewritesOnlyThePagesThatChanged() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        // Monday 2024-02-12 completes no week or weekend (see the next test for a Sunday).
        try await SiteFixture.build(into: out, days: 20, until: "2024-02-11")
        let oldFiles = try SiteFixture.files(out)
        let before = try stamps(out)
        try await SiteFixture.build(into: out, days: 20, until: "2024-02-12")
        let newFiles = try SiteFixture.files(out)
        let after = try stamps(out)
        var rewritten: [String] = []
        for (path, stamp) in after {
            if let old = oldFiles[path], old == newFiles[path] {
                #expect(before[path] == stamp, "\(path) is unchanged but was rewritten")
            } else {
                #expect(before[path] != stamp, "\(path) changed but kept its old stamp")
                rewritten.append(path)
            }
        }
        #expect(newFiles["date/2024-02-12/index.html"] != nil && newFiles["date/2024-01-23/index.html"] == nil)
        // Of the days, only the new one, its neighbour (a "next" link), the new first day (no "previous")
        // and the day a week after the one that left (its rows lose their same-weekday change).
        // (The filters' pages of other days change only where a film lost its page.)
        let national = rewritten.filter { path in path.hasPrefix("date/") && !path.contains("/filters/") }
        let days = Set(national.map { $0.split(separator: "/")[1] })
        #expect(days == ["2024-02-12", "2024-02-11", "2024-01-24", "2024-01-30"])
        let left = String(decoding: oldFiles["date/2024-01-30/index.html"] ?? Data(), as: UTF8.self)
        let now = String(decoding: newFiles["date/2024-01-30/index.html"] ?? Data(), as: UTF8.self)
        #expect(left.contains("<small class=\"wk ") && !now.contains("<small class=\"wk "))
    }

    /// The day that completes a week changes the pages of that week's days (their own week and
    /// weekend are out now, where they linked the latest), and no older day's: every day page
    /// linked the latest week once, 8,000 files rewritten and sent each Sunday on a whole history.
    @Test func aDayCompletingAWeekChangesOnlyThatWeeksDays() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 20, until: "2024-02-10")
        let oldFiles = try SiteFixture.files(out)
        try await SiteFixture.build(into: out, days: 20, until: "2024-02-11")
        let newFiles = try SiteFixture.files(out)
        #expect(newFiles["week/2024-02-05/index.html"] != nil && oldFiles["week/2024-02-05/index.html"] == nil)
        for day in 5...10 {
            let path = "date/2024-02-\(Day.pad(day, 2))/index.html"
            let page = String(decoding: newFiles[path] ?? Data(), as: UTF8.self)
            #expect(page.contains(#"href="../../week/2024-02-05/index.html">이 주 주간"#), "\(path) links its week")
            #expect(!page.contains("최신 주간"), "\(path)")
        }
        // The week before is as it was but for its Monday, a week after the day that left the range
        // (its rows lose their same-weekday change). (The week before that left the range whole, so
        // its days lose their week's link.)
        for day in 30...35 {
            let path = "date/\(Day(iso: "2024-01-30")!.adding(days: day - 30).iso)/index.html"
            #expect(oldFiles[path] != nil && oldFiles[path] == newFiles[path], "\(path) changed")
        }
    }
}
