import Foundation
import Testing
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
        try await Task.sleep(nanoseconds: 20_000_000)
        try await SiteFixture.build(into: out, days: 10)
        let after = try stamps(out)
        #expect(after.keys.sorted() == before.keys.sorted())
        let rewritten = after.filter { before[$0.key] != $0.value }.map(\.key).sorted()
        #expect(rewritten.isEmpty, "rewritten: \(rewritten.prefix(5))")
    }

    @Test func aRebuildWithOneMoreDayRewritesOnlyThePagesThatChanged() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 20, until: "2024-02-10")
        let oldFiles = try SiteFixture.files(out)
        let before = try stamps(out)
        try await SiteFixture.build(into: out, days: 20, until: "2024-02-11")
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
        #expect(newFiles["date/2024-02-11/index.html"] != nil && newFiles["date/2024-01-22/index.html"] == nil)
        // Of the days, only the new one, its neighbour (a "next" link) and the new first day (no "previous").
        let days = Set(rewritten.filter { $0.hasPrefix("date/") }.map { $0.split(separator: "/")[1] })
        #expect(days == ["2024-02-11", "2024-02-10", "2024-01-23"])
    }
}
