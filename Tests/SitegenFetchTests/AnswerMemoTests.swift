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

    /// `settled` 0: every file written before the client was made counts as settled (a build's
    /// two seconds would leave a test's files, all just written, to their bytes).
    func client(_ cache: URL, upstream: (any FakeAPI)?, identity: String = "test", settled: TimeInterval = 2,
                history: HistoryStore? = nil) -> CachingClient {
        CachingClient(
            cache: ResponseCache(folder: cache), upstream: upstream, monitor: FetchMonitor(), now: Self.fetchedAt,
            history: history, memo: AnswerMemo(folder: cache, identity: identity, settled: settled))
    }

    /// Each request's value as the cached file decodes, without any memo.
    func decodedWithoutMemo(_ cache: URL) async throws -> [Value] {
        let plain = CachingClient(
            cache: ResponseCache(folder: cache), upstream: nil, monitor: FetchMonitor(), now: Self.fetchedAt)
        var values: [Value] = []
        for request in Self.requests { values.append(Self.describe(try await plain.fetch(request).value)) }
        return values
    }

    /// A value compared field by field (`Decoded` is not `Equatable`; its payloads are), dates
    /// to the last bit.
    enum Value: Equatable {
        case day(DayChart, [DataWarning])
        case period(PeriodChart, [DataWarning])
        case movie(Movie?)
        case poster(Poster?)
        case other(String)
    }

    static func describe(_ value: Decoded) -> Value {
        switch value {
        case .day(let c, let w): .day(c, w)
        case .period(let c, let w): .period(c, w)
        case .movie(let m): .movie(m)
        case .poster(let p): .poster(p)
        default: .other(String(reflecting: value))
        }
    }

    func fetchAll(_ client: CachingClient) async throws -> [Value] {
        var values: [Value] = []
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
        // Decoded once, by the client that fetched it: the memo keeps that value, never decoding
        // the file again (it once read every fresh answer back to decode it a second time).
        #expect(live.memo?.decodedCount == 0, "a fetched answer decoded again for the memo")
        #expect(try #require(AnswerMemo.decode(written, identity: "test")).kept.count == Self.requests.count)

        let morning = client(cache, upstream: nil)
        let remembered = try await fetchAll(morning)
        #expect(morning.memo?.decodedCount == 0, "every answer from the memo")
        let plain = try await decodedWithoutMemo(cache)
        #expect(remembered == plain)
        #expect(fetched == plain)
        // What the memo must carry is there: warnings, a film KOBIS does not know, a poster.
        guard case .day(_, let notes) = plain[0] else { Issue.record("not a day: \(plain[0])"); return }
        #expect(notes.contains { $0.message.contains("outside the top 10") })
        #expect(plain.contains(.movie(nil)))
        #expect(plain.contains { if case .poster(let p?) = $0 { p.url == "https://img.example/p.jpg" } else { false } })
        morning.keepDecoded()
        #expect(try Data(contentsOf: memoFile) == written, "nothing new: the memo is not written again")
    }

    /// An answer that came at a time the file system keeps only to the nanosecond: the build that
    /// fetched it and the memo both use the time its file gives, as decoding the file does, not
    /// every bit of the time it came.
    @Test func aFetchedChartKeepsTheTimeItsFileGives() async throws {
        final class Late: FakeAPI, @unchecked Sendable {
            let demo = DemoAPI()
            func respond(_ request: SourceRequest) async throws -> SourceResponse {
                SourceResponse(body: try demo.response(request).body,
                               fetchedAt: Date(timeIntervalSince1970: 1_720_000_000.123_456_789_123))
            }
        }
        let cache = TestFolders.path("answer-memo")
        let live = client(cache, upstream: Late())
        let requests: [SourceRequest] = [.dailyChart(Self.first), .periodChart(.week, Self.first, scope: .all)]
        var fetched: [Value] = []
        for request in requests { fetched.append(Self.describe(try await live.fetch(request).value)) }
        live.keepDecoded()
        let morning = client(cache, upstream: nil), plain = client(cache, upstream: nil, identity: "none")
        for (i, request) in requests.enumerated() {
            let decoded = Self.describe(try await plain.fetch(request).value)
            #expect(Self.describe(try await morning.fetch(request).value) == decoded)
            #expect(fetched[i] == decoded, "the fetching build's own value")
        }
        #expect(morning.memo?.decodedCount == 0, "from the memo")
    }

    @Test func answersAskedAfterTheMemoIsLetGoComeFromItsFileAgain() async throws {
        let (cache, memoFile, written) = try await filledCache()
        let morning = client(cache, upstream: nil)
        let first = try await fetchAll(morning)
        // A build lets the memo's values go once its fetch is done; an answer asked for after that
        // is read from the memo's file again: the same values, none decoded, and nothing written.
        morning.keepDecoded()
        morning.letGoOfDecoded()
        let again = try await fetchAll(morning)
        #expect(again == first)
        #expect(again == (try await decodedWithoutMemo(cache)))
        #expect(morning.memo?.decodedCount == 0)
        morning.keepDecoded()
        #expect(try Data(contentsOf: memoFile) == written)
    }

    /// One figure of a cached chart changed by a digit, the file's size and time as they were.
    func correctInPlace(_ file: URL, _ original: Data) throws {
        var edited = original
        let at = try #require(original.firstRange(of: Data(#""showCnt":""#.utf8))).upperBound
        edited[at] = edited[at] == UInt8(ascii: "9") ? UInt8(ascii: "1") : edited[at] + 1
        try edited.write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Self.fetchedAt], ofItemAtPath: file.path)
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
            try correctInPlace(file, original)
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

    /// Where the cache stays on one disk, a morning knows an unchanged answer by `stat` alone:
    /// the first morning after the build that fetched them finds each by its bytes and writes the
    /// memo once more with where each file is; the next reads none of them.
    @Test func anUnchangedFileIsKnownByStatWithoutBeingRead() async throws {
        let (cache, memoFile, written) = try await filledCache()
        let first = client(cache, upstream: nil, settled: 0)
        let remembered = try await fetchAll(first)
        #expect(first.memo?.decodedCount == 0)
        #expect(first.memo?.unreadCount == 0, "fetched by the last build, so not yet known by stat")
        first.keepDecoded()
        let rewritten = try Data(contentsOf: memoFile)
        #expect(rewritten != written, "written once more, with each file's place")

        let second = client(cache, upstream: nil, settled: 0)
        let unread = try await fetchAll(second)
        #expect(unread == remembered)
        #expect(unread == (try await decodedWithoutMemo(cache)))
        #expect(second.memo?.decodedCount == 0)
        #expect(second.memo?.unreadCount == Self.requests.count)
        second.keepDecoded()
        #expect(try Data(contentsOf: memoFile) == rewritten, "nothing new: not written again")
    }

    /// A cache restored from a tarball, as the workflow's is every morning, is a new folder of new
    /// files: its memo's places are another folder's, so no file is looked up by them, each is read
    /// and known by its bytes, and the memo is not written again for places it will never match.
    /// When it is written again for its own answers, it drops them.
    /// Whether the memo knew where each file was ("placed") or was written by the build that
    /// fetched them ("as fetched"), a restored morning leaves it as it was.
    @Test(arguments: ["placed", "as fetched"])
    func aRestoredCacheIsKnownByItsBytesAndItsMemoLeftAsItWas(_ memo: String) async throws {
        let (cache, _, _) = try await filledCache()
        if memo == "placed" {
            let recording = client(cache, upstream: nil, settled: 0)
            _ = try await fetchAll(recording)
            recording.keepDecoded()
        }
        let restored = TestFolders.path("answer-memo-restored")
        let files = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)!
        for case let url as URL in files where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile! {
            let relative = String(url.path.dropFirst(cache.path.count + 1))
            let copy = restored.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contentsOf: url).write(to: copy)
            let modified = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]!
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: copy.path)
        }
        let memoFile = restored.appendingPathComponent(AnswerMemo.fileName)
        let restoredMemo = try Data(contentsOf: memoFile)
        try await Task.sleep(for: .milliseconds(50))
        let morning = client(restored, upstream: nil, settled: 0)
        #expect(try await fetchAll(morning) == (try await decodedWithoutMemo(restored)))
        #expect(morning.memo?.unreadCount == 0)
        #expect(morning.memo?.decodedCount == 0, "every answer from the memo, by its bytes")
        morning.keepDecoded()
        #expect(try Data(contentsOf: memoFile) == restoredMemo, "not written again")

        // Written again here (one answer refetched is one in fifty), it keeps no other folder's
        // places: the next morning finds the rest unrecorded and writes their places, and from
        // then on every answer is known by stat.
        let refetched = ResponseCache(folder: restored).url(for: Self.requests[5])
        try FileManager.default.setAttributes(
            [.modificationDate: Self.fetchedAt.addingTimeInterval(1)], ofItemAtPath: refetched.path)
        try await Task.sleep(for: .milliseconds(50))
        for _ in 0..<2 {
            let next = client(restored, upstream: nil, settled: 0)
            _ = try await fetchAll(next)
            next.keepDecoded()
        }
        let staying = client(restored, upstream: nil, settled: 0)
        #expect(try await fetchAll(staying) == (try await decodedWithoutMemo(restored)))
        #expect(staying.memo?.unreadCount == Self.requests.count)
    }

    /// `stat` is trusted only as git trusts it: a file edited in place with its time put back, or
    /// replaced by a copy of itself, has another change time or inode, and is read (and decoded
    /// when its bytes differ). A file changed too recently to tell is never known by `stat`.
    @Test(arguments: ["same size, other bytes", "a new file of the same bytes", "changed during the build"])
    func aFileStatCannotVouchForIsReadAgain(_ change: String) async throws {
        let (cache, _, _) = try await filledCache()
        let recording = client(cache, upstream: nil, settled: change == "changed during the build" ? 2 : 0)
        _ = try await fetchAll(recording)
        recording.keepDecoded()
        let request = SourceRequest.dailyChart(Self.first.adding(days: 3))
        let file = ResponseCache(folder: cache).url(for: request)
        let original = try Data(contentsOf: file)
        // Past a tick of the file system's clock since the file was written, which `settled` 0
        // does not wait for: an edit within it could leave the change time as it was.
        try await Task.sleep(for: .milliseconds(50))
        switch change {
        case "same size, other bytes":
            try correctInPlace(file, original)
        case "a new file of the same bytes":
            try FileManager.default.removeItem(at: file)
            try original.write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Self.fetchedAt], ofItemAtPath: file.path)
        default:
            break  // every file changed within two seconds of the recording build
        }
        let morning = client(cache, upstream: nil, settled: 0)
        let values = try await fetchAll(morning)
        #expect(values == (try await decodedWithoutMemo(cache)))
        switch change {
        case "same size, other bytes":
            #expect(morning.memo?.unreadCount == Self.requests.count - 1)
            #expect(morning.memo?.decodedCount == 1, "the corrected figure, not the memo's")
        case "a new file of the same bytes":
            #expect(morning.memo?.unreadCount == Self.requests.count - 1)
            #expect(morning.memo?.decodedCount == 0, "the same bytes: the memo's value")
        default:
            #expect(morning.memo?.unreadCount == 0)
            #expect(morning.memo?.decodedCount == 0)
        }
    }

    /// An answer that is to be copied into the history folder is read, so its bytes are there to
    /// copy: a cache filled before `--history` moves into it whole, memo or not.
    @Test func anAnswerTheHistoryLacksIsReadForItsBytes() async throws {
        let (cache, _, _) = try await filledCache()
        let recording = client(cache, upstream: nil, settled: 0)
        _ = try await fetchAll(recording)
        recording.keepDecoded()
        let folder = TestFolders.path("answer-memo-history")
        let history = HistoryStore(folder: folder)
        let moved = Self.requests.filter { !history.contains($0) }
        #expect(moved.count >= 20, "the days, weeks and films go into a history")
        let morning = client(cache, upstream: nil, settled: 0, history: history)
        _ = try await fetchAll(morning)
        for request in moved {
            let kept = try #require(history.read(request), "\(request.label) not in the history")
            #expect(kept.body == (try #require(ResponseCache(folder: cache).read(request))).body)
        }
        #expect(morning.memo?.unreadCount == Self.requests.count - moved.count)
        // Once the history has them, they are known by stat again.
        let next = client(cache, upstream: nil, settled: 0, history: history)
        _ = try await fetchAll(next)
        #expect(next.memo?.unreadCount == Self.requests.count)
    }

    @Test(arguments: ["another binary", "garbage", "cut short", "a folder"])
    func aMemoThatIsNotThisBinarysWholeFileIsIgnored(_ damage: String) async throws {
        let (cache, memoFile, written) = try await filledCache()
        var identity = "test"
        switch damage {
        case "another binary": identity = "a newer sitegen"
        case "garbage":
            try (Data("sitegen-answer-memo 2\ntest\n".utf8) + Data(repeating: 7, count: 200)).write(to: memoFile)
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
        #expect(AnswerMemo.decode(written, identity: "test")?.kept.count == Self.requests.count)
        for offset in stride(from: 30, to: written.count, by: max(1, written.count / 40)) {
            var damaged = written
            damaged[offset] ^= 0x04
            #expect(AnswerMemo.decode(damaged, identity: "test") == nil, "byte \(offset) changed")
        }
    }

    /// A file whose checksum holds but whose counts are absurd (a bug, or a forged file) is
    /// refused without reserving or reading past its end.
    @Test func aMemoWithImpossibleCountsIsRefused() {
        for count in [Int.max, 1 << 40, -1, 3] {
            var body = MemoWriter(capacity: 64)
            defer { body.free() }
            body.int64(1); body.int64(2)  // the folder
            body.int(count)
            body.string("boxoffice_searchDailyBoxOfficeList/x.json")
            let data = MemoWriter.file(header: AnswerMemo.header, identity: "test", body: body, tag: AnswerMemo.fileName)
            #expect(AnswerMemo.decode(data, identity: "test") == nil, "count \(count)")
        }
    }

    /// Titles come back byte for byte (a composed and a decomposed 한 are equal `String`s but not
    /// the same bytes), and a date KOBIS gave with a typo (year 201) is kept, not the memo lost.
    @Test func theMemoKeepsTitlesByteForByteAndAnyDayKOBISCanSend() throws {
        let composed = "\u{D55C}국", decomposed = "\u{1112}\u{1161}\u{11AB}국"
        #expect(composed == decomposed && !composed.utf8.elementsEqual(decomposed.utf8))
        func row(_ rank: Int, _ title: String) -> ChartEntry {
            ChartEntry(rank: rank, rankChange: 0, status: .old, movieCode: "20240001", title: title, rawTitle: title,
                       openDate: Day(year: 201, month: 1, day: 1), sales: 1, salesShare: nil, salesChange: nil,
                       salesChangeRate: nil, salesTotal: 1, audience: 1, audienceChange: nil,
                       audienceChangeRate: nil, audienceTotal: 1, screens: 1, showings: 1)
        }
        let day = DayChart(date: Self.first, entries: [row(1, composed)], fetchedAt: Self.fetchedAt)
        let next = DayChart(date: Self.first.adding(days: 1), entries: [row(1, decomposed)], fetchedAt: Self.fetchedAt)
        let stamp = AnswerMemo.Stamp(size: 1, modified: 2, fingerprint: 3)
        let kept = ["a": AnswerMemo.Kept(stamp: stamp, value: .day(day, [])),
                    "b": AnswerMemo.Kept(stamp: stamp, value: .day(next, []))]
        let folder = AnswerMemo.Folder(device: 1, inode: 2)
        let decoded = try #require(
            AnswerMemo.decode(AnswerMemo.encode(kept, identity: "t", folder: folder), identity: "t"))
        #expect(decoded.folder == folder)
        let back = decoded.kept
        #expect(back.mapValues { Self.describe($0.value) } == kept.mapValues { Self.describe($0.value) })
        guard case .day(let read, _)? = back["b"]?.value else { Issue.record("no day b"); return }
        #expect(read.entries[0].title.utf8.elementsEqual(decomposed.utf8))
        #expect(read.entries[0].openDate?.year == 201)
    }

    /// A chart not final yet is taken from the memo, fetched again in the same build because it
    /// may still change, and the next build reads the new answer, not the memo's old one.
    @Test func anAnswerFetchedAgainInTheSameBuildIsTheOneKept() async throws {
        let cache = TestFolders.path("answer-memo")
        // The day before the stand-in's time: not final (KOBIS corrects a day until two days on).
        let request = SourceRequest.dailyChart(Day(instant: Self.fetchedAt).adding(days: -1))
        let first = client(cache, upstream: Upstream())
        let old = Self.describe(try await first.fetch(request).value)
        first.keepDecoded()
        final class Corrected: FakeAPI, @unchecked Sendable {
            let inner = Upstream()
            func respond(_ request: SourceRequest) async throws -> SourceResponse {
                let text = String(decoding: try await inner.respond(request).body, as: UTF8.self)
                return SourceResponse(
                    body: Data(text.replacingOccurrences(of: "\"rank\":\"2\"", with: "\"rank\":\"12\"").utf8),
                    fetchedAt: AnswerMemoTests.fetchedAt.addingTimeInterval(60))
            }
        }
        let again = client(cache, upstream: Corrected())
        let fresh = Self.describe(try await again.fetch(request).value)
        #expect(fresh != old)
        again.keepDecoded()
        let offline = client(cache, upstream: nil)
        #expect(Self.describe(try await offline.fetch(request).value) == fresh)
        #expect(offline.memo?.decodedCount == 0, "from the memo, which holds the new answer")
        guard case .day(_, let notes) = fresh else { Issue.record("not a day"); return }
        #expect(notes.contains { $0.message.contains("outside the top 10") }, "the corrected answer")
    }
}
