import Foundation
import SitegenModel
import Testing
import SitegenSiteSupport

/// A fixed 3-day demo build compared file by file with the tree committed under
/// Tests/Golden/demo-3-days, so every change to the output shows in a review's diff: both
/// editions, the region pages, the share cards (as published, with a base URL) and the openings
/// page (the build's today the morning after its last day) included.
/// `SITEGEN_UPDATE_GOLDEN=1 swift test --filter GoldenTests` writes the tree anew.
@Suite struct GoldenTests {
    static let expected = SiteFixture.repo.appendingPathComponent("Tests/Golden/demo-3-days")

    @Test func aFixedDemoBuildWritesExactlyTheCommittedTree() async throws {
        let folder = try SiteFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("_site")
        try await SiteFixture.build(
            into: out, days: 3, until: "2024-02-11", baseURL: "https://example.org/", regions: true, cards: true,
            english: true, today: Day(iso: "2024-02-12"))
        let actual = try SiteFixture.files(out)

        if ProcessInfo.processInfo.environment["SITEGEN_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: Self.expected)
            for (path, data) in actual {
                let url = Self.expected.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            return
        }
        let expected = try SiteFixture.files(Self.expected)
        let report = Self.differences(expected: expected, actual: actual)
        #expect(report.isEmpty, "the build differs from Tests/Golden/demo-3-days (if the change is meant, run SITEGEN_UPDATE_GOLDEN=1 swift test --filter GoldenTests and commit the tree):\n\(report.joined(separator: "\n"))")
        #expect(expected.count > 50, "the golden tree is missing or nearly empty: \(expected.count) files")
    }

    /// One line per unexpected, missing or changed file; a changed text file names its first differing line.
    static func differences(expected: [String: Data], actual: [String: Data]) -> [String] {
        var lines: [String] = []
        for path in actual.keys.sorted() where expected[path] == nil { lines.append("unexpected: \(path)") }
        for path in expected.keys.sorted() where actual[path] == nil { lines.append("missing: \(path)") }
        for path in expected.keys.sorted() {
            guard let want = expected[path], let got = actual[path], want != got else { continue }
            // Pictures libvips drew (the app icons) are its bytes, which another libvips may
            // encode differently: their names and sizes are sitegen's, so those are compared.
            // The share cards are named by a hash of the picture's SVG, so a card whose words or
            // layout changed is a new name, caught above.
            if path.hasSuffix(".png") {
                let (a, b) = (ShareCardTests.pngSize(want), ShareCardTests.pngSize(got))
                if a == nil || b == nil || a! != b! { lines.append("changed: \(path) (a PNG of another size)") }
                continue
            }
            guard let wantText = String(data: want, encoding: .utf8), let gotText = String(data: got, encoding: .utf8) else {
                lines.append("changed: \(path) (binary, \(want.count) → \(got.count) bytes)")
                continue
            }
            let a = wantText.split(separator: "\n", omittingEmptySubsequences: false)
            let b = gotText.split(separator: "\n", omittingEmptySubsequences: false)
            let n = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            func show(_ lines: [Substring]) -> String { n < lines.count ? String(lines[n].prefix(160)) : "(end of file)" }
            lines.append("changed: \(path) line \(n + 1)\n  expected: \(show(a))\n  actual:   \(show(b))")
        }
        return lines
    }
}
