import Foundation
import Testing
import SitegenSiteSupport
import SitegenTestSupport

/// Hosts that send too much, too slowly or in circles: a build's memory stays near the caps
/// whatever a host sends, and it finishes in bounded time with one warning a poster.
@Suite
struct HostileHostsTests {
    func build(
        _ apis: FakeAPIs, days: Int = 1, jobs: Int = 1, environment: [String: String] = [:], timeout: Double = 60
    ) async throws -> Binary.Result {
        let folder = try SiteFixture.temporaryFolder()
        return try await Binary.run(["build", "--days", "\(days)", "--until", "2024-02-10", "--jobs", "\(jobs)", "--no-cards",
                               "--output", folder.appendingPathComponent("_site").path, "--cache", folder.appendingPathComponent("cache").path,
                               "--templates", SiteFixture.repo.appendingPathComponent("Templates").path,
                               "--notes", folder.appendingPathComponent("none").path],
                              environment: apis.environment.merging(environment) { $1 }, timeout: timeout)
    }

    /// A body of up to `megabytes` MB with no Content-Length, close-delimited or chunked; counts what was sent.
    static func endless(_ megabytes: Int, chunked: Bool, type: String, sent: Tally) -> TestServer.Reply {
        .stream { send in
            let framing = chunked ? "Transfer-Encoding: chunked\r\n" : ""
            guard send(Data("HTTP/1.1 200 OK\r\nContent-Type: \(type)\r\n\(framing)Connection: close\r\n\r\n".utf8)) else { return }
            let piece = Data(repeating: 0x20, count: 1 << 20)
            let framed = chunked ? Data("100000\r\n".utf8) + piece + Data("\r\n".utf8) : piece
            for _ in 0..<megabytes {
                guard send(framed) else { return }
                sent.add(piece.count)
            }
            if chunked { _ = send(Data("0\r\n\r\n".utf8)) }
        }
    }

    /// A byte every half second for a minute at most, of a body promised to be 100 kB.
    static let trickle = TestServer.Reply.stream { send in
        guard send(Data("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 100000\r\n\r\n".utf8)) else { return }
        for _ in 0..<120 {
            guard send(Data([0xFF])) else { return }
            Thread.sleep(forTimeInterval: 0.5)
        }
    }

    /// A build whose every poster trickles, with a one-second network timeout; how long it took.
    func trickling(days: Int) async throws -> (FakeAPIs, Binary.Result, Double) {
        let apis = try FakeAPIs()
        apis.inject { request, _ in request.path.hasPrefix("/img/") ? Self.trickle : nil }
        let result = try await build(apis, days: days, environment: ["SITEGEN_NETWORK_TIMEOUT": "1"], timeout: 50)
        return (apis, result, result.seconds)
    }

    /// A body that never ends, to every poster at once: each is cut off at the cap, the build ends
    /// in seconds, and its memory stays near the caps times the jobs. With six at a time, one
    /// poster's cancellation waited behind the others' reading on their shared session's queue:
    /// each read its whole body (a gigabyte on loopback), and an endless one without bound.
    @Test(arguments: [(false, 1), (true, 1), (false, 6), (true, 6)])
    func anEndlessPosterIsCutOffAtTheCap(chunked: Bool, jobs: Int) async throws {
        let apis = try FakeAPIs()
        let sent = Tally(), endless = Tally()
        // As many endless posters as downloads run at once, so the cap is met with every slot
        // reading one; the other posters are ordinary (each endless one costs 20 MB through the
        // loopback, and a day has about twenty posters).
        apis.inject { request, _ in
            guard request.path.hasPrefix("/img/"), endless.claim(below: jobs) else { return nil }
            return Self.endless(100_000, chunked: chunked, type: "image/jpeg", sent: sent)
        }
        let result = try await build(apis, jobs: jobs, timeout: 120)
        let seconds = result.seconds
        #expect(result.status == 0, "\(result.err)")
        let refused = result.err.split(separator: "\n").filter { $0.contains("more than the 20 MB a poster may be") }
        #expect(endless.total == jobs && apis.posterImageRequests > jobs, "\(apis.posterImageRequests) posters asked")
        #expect(refused.count == endless.total, "one line an endless poster: \(result.err)")
        // Today's main held 2.2 GB here: every chunk curl read, queued for the delegate.
        #expect(result.peakMB < 180 + 20 * jobs, "the build held \(result.peakMB) MB after \(sent.total / 1_000_000) MB were sent")
        #expect(seconds < 60, "\(seconds) s for \(sent.total / 1_000_000) MB")
    }

    @Test func anEndlessKOBISAnswerIsRefusedNotHeld() async throws {
        let apis = try FakeAPIs()
        let sent = Tally()
        apis.inject { request, _ in
            request.path.hasSuffix("searchDailyBoxOfficeList.json")
                ? Self.endless(300, chunked: false, type: "application/json", sent: sent) : nil
        }
        let result = try await build(apis)
        #expect(result.status != 0 && result.status != -1, "\(result.err)")
        #expect(result.err.contains("more than the 16 MB an answer may be"), "\(result.err)")
        #expect(result.peakMB < 200, "the build held \(result.peakMB) MB")
    }

    /// A byte every half second keeps a transfer alive for ever under Linux's URLSession: each
    /// download has a deadline of its own, and the build ends with one warning a poster.
    @Test func aSlowPosterHostMeetsTheDeadline() async throws {
        let (apis, result, seconds) = try await trickling(days: 1)
        #expect(result.status == 0, "\(result.err)")
        let late = result.err.split(separator: "\n").filter { $0.contains("did not finish answering within 3 s") }
        #expect(!late.isEmpty && late.count == apis.posterImageRequests, "one line a poster: \(result.err)")
        #expect(seconds < Double(apis.posterImageRequests) * 3 + 15, "took \(seconds) s")
    }

    @Test func aRedirectLoopCostsAFewRequestsAPoster() async throws {
        let apis = try FakeAPIs()
        let port = apis.server.port
        apis.inject { request, _ in
            guard request.path.hasPrefix("/img/") else { return nil }
            return .respond(status: 302, headers: ["Location": "http://127.0.0.1:\(port)\(request.path)x"], body: Data())
        }
        let result = try await build(apis)
        #expect(result.status == 0, "\(result.err)")
        let posters = Set(apis.server.requests.filter { $0.path.hasPrefix("/img/") }.map { $0.path.prefix { $0 != "x" } })
        #expect(!posters.isEmpty)
        #expect(apis.posterImageRequests <= posters.count * 6, "\(apis.posterImageRequests) requests for \(posters.count) posters")
        #expect(result.err.contains("redirected more than 5 times"), "\(result.err)")
    }

    /// The poster stage as a whole has a deadline too: posters not started by then are one warning.
    @Test func thePosterStageHasADeadline() async throws {
        let (_, result, seconds) = try await trickling(days: 6)
        #expect(result.status == 0, "\(result.err)")
        let late = result.err.split(separator: "\n").filter { $0.contains("the posters took longer than the 12 s allowed") }
        #expect(late.count == 1 && late[0].hasPrefix("warning: posters: "), "\(result.err)")
        #expect(seconds < 30, "took \(seconds) s")
    }
}

/// Bytes counted across the server's threads.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add(_ n: Int) { lock.withLock { count += n } }
    /// Counts one more unless `limit` are counted already; whether it did.
    func claim(below limit: Int) -> Bool { lock.withLock { count < limit ? { count += 1; return true }() : false } }
    var total: Int { lock.withLock { count } }
}
