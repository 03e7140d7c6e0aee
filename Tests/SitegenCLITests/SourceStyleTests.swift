import Foundation
import Testing
import SitegenSiteSupport

/// The sources read whole in an ordinary editor window and in a side-by-side diff.
@Suite struct SourceStyleTests {
    static let width = 120

    @Test func noSourceLineIsWiderThan120Columns() throws {
        let repo = SiteFixture.repo
        var files = [repo.appendingPathComponent("Package.swift")]
        for folder in ["Sources", "Plugins"] {
            let walker = try #require(FileManager.default.enumerator(at: repo.appendingPathComponent(folder),
                                                                     includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "swift" { files.append(url) }
        }
        #expect(files.count > 50, "the sources were found")
        var wide: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() where line.count > Self.width {
                wide.append("\(file.path.dropFirst(repo.path.count + 1)):\(i + 1) is \(line.count) columns")
            }
        }
        let listed = wide.prefix(10).joined(separator: "; ")
        #expect(wide.isEmpty, "\(wide.count) lines wider than \(Self.width): \(listed)")
    }
}
