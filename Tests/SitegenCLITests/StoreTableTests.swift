import Foundation
import Testing
import SitegenBasics
import SitegenSiteSupport

/// docs/architecture.md's "What a build keeps" names every partition the store declares, and
/// nothing else: a partition added in code without its row (key, rule, writer, pruning) fails.
@Suite struct StoreTableTests {
    @Test func theTableOfWhatABuildKeepsNamesEveryPartitionTheCodeDeclares() throws {
        let text = try String(
            contentsOf: SiteFixture.repo.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## What a build keeps").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let named = rows.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
        #expect(named == KeptStore.partitions)
        // Each row says all six things, and that the partition is safe to delete.
        for row in rows {
            #expect(row.split(separator: "|").count == 6, "\(row.prefix(40))")
            #expect(row.split(separator: "|").last?.trimmingCharacters(in: .whitespaces).hasPrefix("yes") == true)
        }
    }
}
