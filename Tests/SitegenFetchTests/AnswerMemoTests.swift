import Foundation
import Testing
@testable import SitegenDecode
@testable import SitegenDemo
@testable import SitegenFetch
@testable import SitegenModel
import SitegenTestSupport

/// The cache's decoded answers kept for the next build (`AnswerMemo`) may only make it faster:
/// what it gives is what decoding the cached file gives, and a file that changed in any way is
/// decoded again.
@Suite struct AnswerMemoTests {
    static let first = Day(iso: "2024-01-01")!
    static let fetchedAt = Date(timeIntervalSince1970: 1_720_000_000.25)

    /// KOBIS and Kakao as the demo world answers them, a chart with rows KOBIS should not send
    /// (so it has warnings to keep), a film with a poster and one KOBIS does not know.
    final class Upstream: FakeAPI, @unchecked Sendable {
        let demo = DemoAPI()
        func respond(_ request: SourceRequest) async throws -> SourceResponse {
            var body = try demo.response(request).body
            switch request {
            case .dailyChart(let day, _) where day == AnswerMemoTests.first:
                body = Data(String(decoding: body, as: UTF8.self).replacingOccurrences(
                    of: "\"rank\":\"1\"", with: "\"rank\":\"11\"").utf8)
            case .posterSearch(let query) where query.contains("poster"):
                body = Data(
                    """
                    {"documents":[{"image_url":"https://img.example/p.jpg","width":600,"height":900,\
                    "display_sitename":"x","doc_url":"https://img.example/",\
                    "thumbnail_url":"https://img.example/t.jpg",\
                    "collection":"blog","datetime":"2024-01-01T00:00:00.000+09:00"}],\
                    "meta":{"is_end":true,"pageable_count":1,"total_count":1}}
                    """.utf8)
            default: break
            }
            return SourceResponse(body: body, fetchedAt: AnswerMemoTests.fetchedAt)
        }
    }

    /// A film of the demo world; "99999999" is none (KOBIS answers an empty `movieInfo`).
    static let filmCode = try! KOBISDecoder.dailyChart(
        Data(DemoSource.dailyChartJSON(first).utf8), date: first, fetchedAt: nil).0.entries[0].movieCode

    static let requests: [SourceRequest] =
        (0..<20).map { .dailyChart(first.adding(days: $0)) }
        + [.dailyChart(first, scope: .korean), .periodChart(.week, first, scope: .all),
           .periodChart(.weekend, first.adding(days: 5), scope: .diversity)]
        + [filmCode, "99999999"].map { .movieInfo(code: $0) }
        + [.posterSearch(query: "a poster"), .posterSearch(query: "nothing")]

    func client(_ cache: URL, upstream: Upstream?, identity: String = "test") -> CachingClient {
        CachingClient(
            cache: ResponseCache(folder: cache), upstream: upstream, monitor: FetchMonitor(), now: Self.fetchedAt,
            memo: AnswerMemo(folder: cache, identity: identity))
    }

    /// Each request's value as the cached file decodes, without any memo.
    func decodedWithoutMemo(_ cache: URL) async throws -> [String] {
        let plain = CachingClient(
            cache: ResponseCache(folder: cache), upstream: nil, monitor: FetchMonitor(), now: Self.fetchedAt)
        var values: [String] = []
        for request in Self.requests { values.append(Self.describe(try await plain.fetch(request).value)) }
        return values
    }

    /// Every field of a value, as text (`Decoded` is not `Equatable`; its payloads are).
    static func describe(_ value: Decoded) -> String { String(reflecting: value) }

    func fetchAll(_ client: CachingClient) async throws -> [String] {
        var values: [String] = []
        for request in Self.requests { values.append(Self.describe(try await client.fetch(request).value)) }
        return values
    }

    /// A cache of every request fetched by a client with a memo, which kept it: (cache, memo file, its bytes).
    func filledCache() async throws -> (URL, URL, Data) {
        let cache = TestFolders.path("answer-memo")
        let live = client(cache, upstream: Upstream())
        _ = try await fetchAll(live)
        live.keepDecoded()
        let memoFile = cache.appendingPathComponent(AnswerMemo.fileName)
        return (cache, memoFile, try Data(contentsOf: memoFile))
    }

    @Test func aRebuildTakesUnchangedAnswersFromTheMemoWithTheValuesDecodingGives() async throws {
        let cache = TestFolders.path("answer-memo")
        let live = client(cache, upstream: Upstream())
        let fetched = try await fetchAll(live)
        live.keepDecoded()
        let memoFile = cache.appendingPathComponent(AnswerMemo.fileName)
        let written = try Data(contentsOf: memoFile)
        #expect(live.memo?.decodedCount == Self.requests.count)

        let morning = client(cache, upstream: nil)
        let remembered = try await fetchAll(morning)
        #expect(morning.memo?.decodedCount == 0, "every answer from the memo")
        let plain = try await decodedWithoutMemo(cache)
        #expect(remembered == plain)
        #expect(fetched == plain)
        // What the memo must carry is there: warnings, a film KOBIS does not know, a poster.
        #expect(plain[0].contains("outside the top 10"))
        #expect(plain.contains { $0.contains("movie(nil)") })
        #expect(plain.contains { $0.contains("https://img.example/p.jpg") })
        morning.keepDecoded()
        #expect(try Data(contentsOf: memoFile) == written, "nothing new: the memo is not written again")
    }

    @Test(arguments: ["same size, other bytes", "refetched", "a new file of the same bytes"])
    func anAnswerWhoseFileChangedIsDecodedAgain(_ change: String) async throws {
        let cache = TestFolders.path("answer-memo")
        let live = client(cache, upstream: Upstream())
        let before = try await fetchAll(live)
        live.keepDecoded()
        let request = SourceRequest.dailyChart(Self.first.adding(days: 3))
        let file = ResponseCache(folder: cache).url(for: request)
        let original = try Data(contentsOf: file)
        switch change {
        case "same size, other bytes":
            // A figure corrected in place, its time put back: only the bytes tell.
            var edited = original
            let at = try #require(original.firstRange(of: Data(#""showCnt":""#.utf8))).upperBound
            edited[at] = edited[at] == UInt8(ascii: "9") ? UInt8(ascii: "1") : edited[at] + 1
            try edited.write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Self.fetchedAt], ofItemAtPath: file.path)
        case "refetched":
            try FileManager.default.setAttributes(
                [.modificationDate: Self.fetchedAt.addingTimeInterval(1)], ofItemAtPath: file.path)
        default:
            try FileManager.default.removeItem(at: file)
        }
        let renewed = change == "a new file of the same bytes"
        let morning = client(cache, upstream: renewed ? Upstream() : nil)
        let remembered = try await fetchAll(morning)
        #expect(remembered == (try await decodedWithoutMemo(cache)))
        if renewed {
            // As when the workflow restores the cache from a tarball: new files, the same answers.
            #expect(morning.memo?.decodedCount == 0)
        } else {
            #expect(morning.memo?.decodedCount == 1)
            #expect(remembered[3] != before[3], "the new figures, not the memo's")
        }
    }

    @Test(arguments: ["another binary", "garbage", "cut short", "a folder"])
    func aMemoThatIsNotThisBinarysWholeFileIsIgnored(_ damage: String) async throws {
        let (cache, memoFile, written) = try await filledCache()
        var identity = "test"
        switch damage {
        case "another binary": identity = "a newer sitegen"
        case "garbage": try Data("sitegen-answer-memo 1\ntest\n\u{7}\u{0}\u{0}".utf8).write(to: memoFile)
        case "cut short": try written.prefix(written.count - 100).write(to: memoFile)
        default:
            try FileManager.default.removeItem(at: memoFile)
            try FileManager.default.createDirectory(at: memoFile, withIntermediateDirectories: false)
        }
        let morning = client(cache, upstream: nil, identity: identity)
        #expect(try await fetchAll(morning) == (try await decodedWithoutMemo(cache)))
        #expect(morning.memo?.decodedCount == Self.requests.count, "each decoded from its file")
    }

    /// A byte changed anywhere in the memo is found by its checksum, not trusted.
    @Test func aDamagedMemoIsFoundByItsChecksum() async throws {
        let (_, _, written) = try await filledCache()
        #expect(AnswerMemo.decode(written, identity: "test")?.count == Self.requests.count)
        for offset in stride(from: 30, to: written.count, by: max(1, written.count / 40)) {
            var damaged = written
            damaged[offset] ^= 0x04
            #expect(AnswerMemo.decode(damaged, identity: "test") == nil, "byte \(offset) changed")
        }
    }
}
