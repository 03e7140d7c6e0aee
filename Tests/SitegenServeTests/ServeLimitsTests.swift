import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenServe
import SitegenTestSupport

/// What a hostile page or client can send to `serve` on localhost: huge request heads, slow
/// clients, targets built to bend redirects.
@Suite struct ServeLimitsTests {
    @Test func refusesLongRequestLinesAndHeadersAtOnce() async throws {
        let (_, server, port, _) = try await ServeTests.servedSite()
        defer { Task { await server.stop() } }
        let longURL = "GET /" + String(repeating: "a", count: 64 * 1024) + " HTTP/1.1\r\nHost: x\r\n\r\n"
        #expect(try await RawHTTP.fetch(port: port, raw: Data(longURL.utf8)).status == 414)
        let bigHeader = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 200 * 1024) + "\r\n\r\n"
        #expect(try await RawHTTP.fetch(port: port, raw: Data(bigHeader.utf8)).status == 431)
        // "At once" without a stopwatch: the client sends just over the limit and then nothing,
        // keeping the connection open. A server that collects the whole line or head before
        // judging it never answers (the client gives up after 30 s and this fails).
        let unfinishedLine = "GET /" + String(repeating: "a", count: 8 * 1024 + 1)
        #expect(try await RawHTTP.fetch(port: port, raw: Data(unfinishedLine.utf8)).status == 414)
        let unfinishedHead = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 16 * 1024 + 1)
        #expect(try await RawHTTP.fetch(port: port, raw: Data(unfinishedHead.utf8)).status == 431)
        // Just under the limits is still served.
        let fits = "GET /?" + String(repeating: "a", count: 8000) + " HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 15000) + "\r\n\r\n"
        #expect(try await RawHTTP.fetch(port: port, raw: Data(fits.utf8)).status == 200)
    }

    @Test func otherClientsAreServedWhileHostileOnesSend() async throws {
        let (_, server, port, _) = try await ServeTests.servedSite()
        defer { Task { await server.stop() } }
        // Two clients each stream 200 KB of headers, and two more stall mid-head until the server's
        // read timeout (10 s) cuts them off.
        let hostile = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 200 * 1024) + "\r\n\r\n"
        let floods = (0..<2).map { _ in Task { try await RawHTTP.fetch(port: port, raw: Data(hostile.utf8)).status } }
        // The stalled clients and the normal GET run on threads of their own, and the order of
        // events is taken there: this test's tasks share two cores with every other suite, and a
        // task starved for ten seconds must not read as a server that waited.
        let (page, answeredWhileStalled, stalled) = await OffPool.run { () -> (RawHTTP.Response?, Bool, [Int?]) in
            let stalledDone = Flag()
            let group = DispatchGroup()
            let statuses = Statuses()
            let connected = DispatchSemaphore(value: 0)
            for _ in 0..<2 {
                group.enter()
                Thread.detachNewThread {
                    let answer = try? RawHTTP.exchange(port: port, Data("GET / HTTP/1.1\r\nX-Slow: ".utf8)) {
                        connected.signal()
                    }
                    stalledDone.set()
                    statuses.add(answer?.status)
                    group.leave()
                }
            }
            // The stalled clients have sent their half heads before the normal GET is made.
            for _ in 0..<2 { _ = connected.wait(timeout: .now() + 30) }
            let page = try? RawHTTP.get(port: port, "/")
            let whileStalled = !stalledDone.isSet
            group.wait()
            return (page, whileStalled, statuses.all)
        }
        #expect(page?.status == 200 && page?.text.contains("</html>") == true)
        // Served while the stalled clients were still holding their connections: a server that
        // waited on them would answer only after its read timeout had cut them off.
        #expect(answeredWhileStalled, "the normal GET was answered only after the stalled clients were cut off")
        for flood in floods { #expect(try await flood.value == 431) }
        // The stalled ones are answered 408 when their head's deadline passes, not left open for good.
        #expect(stalled == [408, 408])
    }

    /// As many clients as there are connections, each stopped mid-head (a slowloris): an ordinary
    /// request still gets its page, the longest-waiting half head giving up its connection. Each
    /// request got 503 until the read timeout cut them off (62% of requests, with them reconnecting).
    @Test func slowHeadsOnEveryConnectionCannotShutOthersOut() async throws {
        let (_, server, port, _) = try await ServeTests.servedSite()
        defer { Task { await server.stop() } }
        let statuses = await OffPool.run { () -> [Int?] in
            let connected = DispatchSemaphore(value: 0)
            for _ in 0..<HTTPListener.maxOpenConnections {
                Thread.detachNewThread {
                    _ = try? RawHTTP.exchange(port: port, Data("GET / HTTP/1.1\r\nX-Slow: ".utf8)) { connected.signal() }
                }
            }
            for _ in 0..<HTTPListener.maxOpenConnections { _ = connected.wait(timeout: .now() + 30) }
            // Asked once the server holds every one of them, not after a guessed pause.
            let held = Date().addingTimeInterval(10)
            while server.connections.open < HTTPListener.maxOpenConnections, Date() < held { usleep(10_000) }
            return (0..<5).map { _ in (try? RawHTTP.get(port: port, "/"))?.status }
        }
        #expect(statuses == [200, 200, 200, 200, 200], "\(statuses)")
    }

    final class Statuses: @unchecked Sendable {
        private let lock = NSLock()
        private var statuses: [Int?] = []
        func add(_ status: Int?) { lock.withLock { statuses.append(status) } }
        var all: [Int?] { lock.withLock { statuses } }
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    @Test func redirectsStayOnTheSameOrigin() async throws {
        let (_, server, port, _) = try await ServeTests.servedSite()
        defer { Task { await server.stop() } }
        for target in ["//archive", "///archive", "//archive?x=1"] {
            let response = try await RawHTTP.fetch(port: port, target)
            #expect(response.status == 301, "\(target)")
            let location = response.headers["location"] ?? ""
            #expect(location.hasPrefix("/archive/") && !location.hasPrefix("//"), "\(target) → \(location)")
        }
    }

    @Test func headersNeverCarryCarriageReturnsOrLineFeeds() async throws {
        let (_, server, port, _) = try await ServeTests.servedSite()
        defer { Task { await server.stop() } }
        let rawCR = try await RawHTTP.fetch(port: port, raw: Data("GET /archive?a\rSet-Cookie:x=1 HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(rawCR.headers["set-cookie"] == nil)
        #expect(rawCR.status == 400 || !(rawCR.headers["location"] ?? "").contains("\r"))
        let encoded = try await RawHTTP.fetch(port: port, "/archive?a%0d%0aSet-Cookie:x=1")
        #expect(encoded.status == 301 && encoded.headers["set-cookie"] == nil)
        #expect(PreviewHandler.location("/archive/", query: "a\r\nb=\u{7f}") == "/archive/?a%0D%0Ab=%7F")
    }
}
