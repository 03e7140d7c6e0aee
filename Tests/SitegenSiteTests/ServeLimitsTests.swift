import Foundation
import Testing
@testable import SitegenServe
import SitegenTestSupport

/// What a hostile page or client can send to `serve` on localhost: huge request heads, slow
/// clients, targets built to bend redirects.
@Suite struct ServeLimitsTests {
    /// The blocking socket work runs on its own thread (see `RawHTTP.fetch`).
    func timed(_ body: () async throws -> RawHTTP.Response) async rethrows -> (RawHTTP.Response, Double) {
        let start = Date()
        let response = try await body()
        return (response, Date().timeIntervalSince(start))
    }

    @Test func refusesLongRequestLinesAndHeadersAtOnce() async throws {
        let (_, server, port, _) = try await ServeTests.servedSite()
        defer { Task { await server.stop() } }
        let longURL = "GET /" + String(repeating: "a", count: 64 * 1024) + " HTTP/1.1\r\nHost: x\r\n\r\n"
        let (uri, uriSeconds) = try await timed { try await RawHTTP.fetch(port: port, raw: Data(longURL.utf8)) }
        #expect(uri.status == 414)
        // Milliseconds in a release build; the bound leaves room for a debug build on a busy machine.
        #expect(uriSeconds < 2, "\(uriSeconds) s")
        let bigHeader = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 200 * 1024) + "\r\n\r\n"
        let (headers, headerSeconds) = try await timed { try await RawHTTP.fetch(port: port, raw: Data(bigHeader.utf8)) }
        #expect(headers.status == 431)
        #expect(headerSeconds < 2, "\(headerSeconds) s")
        // Just under the limits is still served.
        let fits = "GET /?" + String(repeating: "a", count: 8000) + " HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 15000) + "\r\n\r\n"
        #expect(try await RawHTTP.fetch(port: port, raw: Data(fits.utf8)).status == 200)
    }

    @Test func otherClientsAreServedWhileHostileOnesSend() async throws {
        let (_, server, port, _) = try await ServeTests.servedSite()
        defer { Task { await server.stop() } }
        // Two clients each stream 200 KB of headers, and two more stall mid-head.
        let hostile = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 200 * 1024) + "\r\n\r\n"
        let floods = (0..<2).map { _ in Task { try await RawHTTP.fetch(port: port, raw: Data(hostile.utf8)).status } }
        let stalled = (0..<2).map { _ in Task { try? await RawHTTP.fetch(port: port, raw: Data("GET / HTTP/1.1\r\nX-Slow: ".utf8)) } }
        let (page, seconds) = try await timed { try await RawHTTP.fetch(port: port, "/") }
        #expect(page.status == 200 && page.text.contains("</html>"))
        #expect(seconds < 2, "a normal GET took \(seconds) s")
        for flood in floods { #expect(try await flood.value == 431) }
        // The stalled ones are cut off by the server's read timeout, not left open for good.
        for client in stalled { #expect(await client.value == nil) }
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
