import Foundation
import Testing
@testable import SitegenFetch
import SitegenDecode
@testable import SitegenImage
@testable import SitegenModel
import SitegenTestSupport
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

/// A poster is resized once: later builds take its copies from the cache's poster store
/// (`<cache>/posters/`), without reading the original again, and with the same result.
@Suite struct PosterStoreTests {
    /// Image hosts with a different poster at each address, counting what they are asked.
    final class Images: FakeSource, @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [String] = []
        var count: Int { lock.withLock { asked.count } }
        var urls: [String] { lock.withLock { asked } }
        var kind: DataSourceKind { .kobis }
        var searchesPosters: Bool { true }
        func respond(_ request: SourceRequest) async throws -> SourceResponse {
            guard case .posterImage(let url) = request, let n = Int(url.split(separator: "/").last?.prefix(1) ?? "")
            else { throw CancellationError() }
            lock.withLock { asked.append(url) }
            return SourceResponse(body: try PosterImages.testImage(width: 600 + 20 * n, height: 900), fetchedAt: nil)
        }
    }

    static let dataset = Dataset(
        source: .kobis, days: [], movies: [:],
        posters: Dictionary(uniqueKeysWithValues: (1...4).map {
            ("2024000\($0)", Poster(url: "https://img.example/\($0).jpg", width: 600, height: 900))
        }))

    func copy(_ cache: URL, _ images: Images) async throws -> (Dataset, [DataWarning], [String: Data], Int) {
        let store = PosterStore(cache: cache)
        let (out, warnings, bytes) = try await PosterCopies(
            source: images, jobs: 2, monitor: FetchMonitor(), deadline: TestDeadline.none, store: store
        ).run(Self.dataset)
        return (out, warnings, bytes, store.reused)
    }

    @Test func aPosterIsResizedOnceAndItsCopiesTakenFromTheStoreAfter() async throws {
        let cache = try TestFolders.make()
        let images = Images()
        let (first, warnings, bytes, reused) = try await copy(cache, images)
        #expect(warnings.isEmpty && reused == 0 && images.count == 4)
        #expect(first.sizedPosters.count == 4 && bytes.count == 16, "four posters, four copies each")

        let (again, _, againBytes, againReused) = try await copy(cache, images)
        #expect(againReused == 4)
        #expect(images.count == 4, "no original read again")
        #expect(again.sizedPosters == first.sizedPosters)
        #expect(againBytes == bytes)
        // Without the store, the same copies: the store changes nothing but the time.
        let (plain, _, plainBytes) = try await PosterCopies(source: images, jobs: 2, monitor: FetchMonitor(), deadline: TestDeadline.none)
            .run(Self.dataset)
        #expect(plain.sizedPosters == first.sizedPosters && plainBytes == bytes)
    }

    @Test(arguments: [
        "a copy cut short", "a copy missing", "a bit of a copy flipped", "a list naming a path outside",
        "a garbled list", "another height", "a FIFO for a list", "a list that lost a line", "a link for a list",
        "a link for a copy",
    ])
    func aDamagedEntryIsResizedAgainNeverTrusted(_ damage: String) async throws {
        let cache = try TestFolders.make()
        let images = Images()
        let (first, _, bytes, _) = try await copy(cache, images)
        let folder = cache.appendingPathComponent("posters")
        let store = PosterStore(cache: cache)
        let list = folder.appendingPathComponent(store.key("https://img.example/2.jpg") + ".list")
        let copyName = try #require(first.sizedPosters["20240002"]?.card.first?.path.split(separator: "/").last)
        let copyFile = folder.appendingPathComponent(String(copyName))
        switch damage {
        case "a copy cut short": try Data(try Data(contentsOf: copyFile).dropLast(10)).write(to: copyFile)
        case "a copy missing": try FileManager.default.removeItem(at: copyFile)
        case "a list naming a path outside":
            let text = try String(contentsOf: list, encoding: .utf8)
            try text.replacingOccurrences(of: "poster/img/", with: "poster/img/../../").write(
                to: list, atomically: true, encoding: .utf8)
        case "a bit of a copy flipped":
            var bytes = try Data(contentsOf: copyFile)
            bytes[bytes.count / 2] ^= 0x10
            try bytes.write(to: copyFile)
        case "another height":
            let text = try String(contentsOf: list, encoding: .utf8)
            let line = try #require(text.split(separator: "\n").first)
            let fields = line.split(separator: " ")
            let taller = ([fields[0], fields[1], "\(Int(fields[2])! + 1)"] + fields[3...]).joined(separator: " ")
            try text.replacingOccurrences(of: String(line), with: taller).write(to: list, atomically: true, encoding: .utf8)
        case "a list that lost a line":
            let text = try String(contentsOf: list, encoding: .utf8)
            try text.split(separator: "\n").dropFirst().map { $0 + "\n" }.joined().write(to: list, atomically: true, encoding: .utf8)
        case "a link for a list", "a link for a copy":
            // The very bytes, kept elsewhere: only the link itself is wrong.
            let target = damage.hasSuffix("list") ? list : copyFile
            let elsewhere = try TestFolders.make().appendingPathComponent("elsewhere")
            try FileManager.default.moveItem(at: target, to: elsewhere)
            try FileManager.default.createSymbolicLink(at: target, withDestinationURL: elsewhere)
        case "a FIFO for a list":
            try FileManager.default.removeItem(at: list)
            #expect(mkfifo(list.path, 0o644) == 0)
        default: try "card 200 x poster/img/0.webp 0\n".write(to: list, atomically: true, encoding: .utf8)
        }
        let (again, warnings, againBytes, reused) = try await copy(cache, images)
        #expect(warnings.isEmpty)
        #expect(reused == 3 && images.count == 5, "only the damaged one made again")
        #expect(again.sizedPosters == first.sizedPosters && againBytes == bytes)
        #expect(try Data(contentsOf: copyFile) == bytes[String(first.sizedPosters["20240002"]!.card[0].path)],
                "and kept whole again")
        #expect(RegularFile.exists(list.path), "the list written again")
    }

    /// When the stage's deadline stops a first build of a long history, what is left for the next
    /// build are the oldest films' posters, not this week's.
    @Test func theNewestFilmsArePostersFirst() async throws {
        let images = Images()
        let (out, warnings, _) = try await PosterCopies(
            source: images, jobs: 1, monitor: FetchMonitor(), deadline: 0
        ).run(Self.dataset)
        #expect(out.sizedPosters.isEmpty && images.count == 0)
        // One line for all of them, not a line a film (a whole history's first build left 1,000).
        #expect(warnings.map(\.description) == [
            "posters: 4 posters not copied yet: the posters took longer than the 0 s allowed; the next build copies "
                + "more, newest films first, and the drawn placeholders are shown",
        ])
        // One at a time, the newest first.
        let one = Images()
        _ = try await PosterCopies(source: one, jobs: 1, monitor: FetchMonitor(), deadline: TestDeadline.none).run(Self.dataset)
        #expect(one.urls == (1...4).reversed().map { "https://img.example/\($0).jpg" })
    }

    /// Copies kept from an earlier build are taken even once the stage's time is up (they cost
    /// nothing), and two films with one poster get the same copies.
    @Test func keptCopiesAreTakenPastTheDeadlineAndSharedByFilmsOfOnePoster() async throws {
        let cache = try TestFolders.make()
        let images = Images()
        var shared = Self.dataset
        shared.posters["20240009"] = shared.posters["20240001"]
        let first = try await PosterCopies(
            source: images, jobs: 2, monitor: FetchMonitor(), deadline: TestDeadline.none, store: PosterStore(cache: cache)
        ).run(shared)
        #expect(first.1.isEmpty && first.0.sizedPosters.count == 5)
        #expect(first.0.sizedPosters["20240009"] == first.0.sizedPosters["20240001"])
        let store = PosterStore(cache: cache)
        let late = try await PosterCopies(
            source: images, jobs: 2, monitor: FetchMonitor(), deadline: 0, store: store
        ).run(shared)
        #expect(late.1.isEmpty && late.0.sizedPosters == first.0.sizedPosters && late.2 == first.2)
        #expect(store.reused == 5)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("posters").path)
        #expect(names.allSatisfy { name in [".list", ".webp", ".sum"].contains { name.hasSuffix($0) } }, "no temporary left: \(names)")
    }

    /// Offline, the posters whose originals were never downloaded are one line too; one that
    /// fails for a reason of its own is still named.
    @Test func postersNotInTheCacheAreOneLine() async throws {
        final class Offline: FakeSource, @unchecked Sendable {
            var kind: DataSourceKind { .kobis }
            var searchesPosters: Bool { true }
            func respond(_ request: SourceRequest) async throws -> SourceResponse {
                guard case .posterImage(let url) = request, url.hasSuffix("4.jpg") else {
                    throw CacheMiss(label: request.label)
                }
                return SourceResponse(body: Data("not an image".utf8), fetchedAt: nil)
            }
        }
        let (out, warnings, _) = try await PosterCopies(source: Offline(), jobs: 2, monitor: FetchMonitor(), deadline: TestDeadline.none)
            .run(Self.dataset)
        #expect(out.sizedPosters.isEmpty)
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.first?.context == "poster 20240004")
        #expect(warnings.last?.description == "posters: 3 posters not in the cache; run without --offline to download "
            + "them; the drawn placeholders are shown")
    }
}
