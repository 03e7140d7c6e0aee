import Foundation
import Testing
@testable import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

/// The store's partitions: one checksum rule for "still whole?", and pruning of what a build did
/// not ask for.
@Suite struct KeptFilesTests {
    func store() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })

    @Test func aKeptFileIsTakenBackWhole() throws {
        let kept = KeptFiles(store: try store(), partition: "cards")
        kept.keep(Self.bytes, as: "a.png")
        #expect(KeptFiles(store: kept.folder.deletingLastPathComponent(), partition: "cards").take("a.png") == Self.bytes)
    }

    /// A byte flipped in the middle (where no format's own ending shows it), a list that lost its
    /// last lines, a file without its checksum: never taken, so never published.
    @Test(arguments: ["a byte flipped in the middle", "lines lost", "no checksum", "its checksum another file's"])
    func aDamagedKeptFileIsNeverTaken(_ damage: String) throws {
        let root = try store()
        let kept = KeptFiles(store: root, partition: "posters")
        kept.keep(Self.bytes, as: "x.list")
        kept.keep(Data("other".utf8), as: "y.list")
        let file = URL(fileURLWithPath: kept.path("x.list"))
        switch damage {
        case "a byte flipped in the middle":
            var data = try Data(contentsOf: file)
            data[data.count / 2] ^= 0x01
            try data.write(to: file)
        case "lines lost": try Self.bytes.prefix(60_000).write(to: file)
        case "no checksum": try FileManager.default.removeItem(atPath: kept.path("x.list") + ".sum")
        default:
            try FileManager.default.removeItem(atPath: kept.path("x.list") + ".sum")
            try FileManager.default.copyItem(atPath: kept.path("y.list") + ".sum", toPath: kept.path("x.list") + ".sum")
        }
        #expect(KeptFiles(store: root, partition: "posters").take("x.list") == nil)
    }

    /// A later build that asks only for `a`: `b` and its checksum go, `a` stays, and the usage says so.
    @Test func pruneDeletesWhatTheBuildDidNotAskForAndNothingItDid() throws {
        let root = try store()
        let first = KeptFiles(store: root, partition: "cards")
        first.keep(Self.bytes, as: "a.png")
        first.keep(Data(count: 1000), as: "b.png")
        let next = KeptFiles(store: root, partition: "cards")
        #expect(next.take("a.png") != nil)
        let usage = next.prune()
        let left = try FileManager.default.contentsOfDirectory(atPath: next.folder.path).sorted()
        #expect(left == ["a.png", "a.png.sum"])
        #expect(usage.removedFiles == 2 && usage.files == 2 && usage.bytes == Self.bytes.count + 16)
        #expect(KeptFiles(store: root, partition: "cards").take("a.png") == Self.bytes)
    }

    /// A build that never used the partition (cards off, posters hotlinked) prunes nothing of it.
    @Test func aPartitionTheBuildDidNotUseIsNotPruned() throws {
        let root = try store()
        KeptFiles(store: root, partition: "cards").keep(Self.bytes, as: "a.png")
        let usage = KeptFiles(store: root, partition: "cards").prune()
        #expect(usage.removedFiles == 0 && usage.files == 2)
    }

    /// A link in the partition is removed itself; what it points to is never touched, and a
    /// partition folder that is itself a link is not pruned at all.
    @Test func pruneRemovesALinkNeverWhatItPointsTo() throws {
        let root = try store()
        let outside = try store().appendingPathComponent("precious")
        try Self.bytes.write(to: outside)
        let kept = KeptFiles(store: root, partition: "cards")
        kept.keep(Self.bytes, as: "a.png")
        try FileManager.default.createSymbolicLink(atPath: kept.path("link.png"), withDestinationPath: outside.path)
        _ = kept.prune()
        #expect(FileManager.default.fileExists(atPath: outside.path))
        #expect(!FileManager.default.fileExists(atPath: kept.path("link.png")))
        #expect(FileManager.default.fileExists(atPath: kept.path("a.png")))

        let linked = try store()
        try FileManager.default.createSymbolicLink(
            atPath: linked.appendingPathComponent("cards").path, withDestinationPath: outside.deletingLastPathComponent().path)
        let through = KeptFiles(store: linked, partition: "cards")
        through.note("nothing")
        _ = through.prune()
        #expect(FileManager.default.fileExists(atPath: outside.path), "pruned through a linked folder")
    }
}
