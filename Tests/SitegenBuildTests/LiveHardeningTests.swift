import Foundation
import Testing
import SitegenSiteSupport
import SitegenBuild
@testable import SitegenCLI
@testable import SitegenFetch
@testable import SitegenModel
import SitegenTestSupport

/// A hostile or failing upstream: one failure stays one item's, keys stay secret in every
/// encoding, and the key never travels in clear text unless asked to.
@Suite struct LiveHardeningTests {
    final class Once: @unchecked Sendable {
        private let lock = NSLock()
        private var taken: String?
        /// True for the first caller only; remembers what it was.
        func take(_ what: String) -> Bool { lock.withLock { if taken != nil { return false }; taken = what; return true } }
        var value: String? { lock.withLock { taken } }
    }

    static var oddFault: String { #"{"faultInfo":{"message":"시스템 오류","errorCode":"99999999"}}"# }

    @Test func aFailedFirstMovieRequestDoesNotPoisonTheRest() async throws {
        let h = try LiveHarness()
        try await h.build(days: 3, until: "2024-02-10", now: LiveHarness.kst("2024-02-13", 10))
        // Weeks later the charts are final (cached) and every movie's info is due again, so the
        // first KOBIS request of the run is a movie-info one.
        let once = Once()
        h.apis.inject { r, _ in
            guard r.path.hasSuffix("searchMovieInfo.json"), once.take(r.query["movieCd"] ?? "?") else { return nil }
            return .json(Self.oddFault)
        }
        let before = h.apis.movieRequests
        try await h.build(days: 3, until: "2024-02-10", now: LiveHarness.kst("2024-03-20", 10))
        let failed = try #require(once.value)
        let folder = h.output.appendingPathComponent("data/movie")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(files.count > 3)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            if file == failed + ".json" { continue }
            #expect(text.contains("\"details\""), "\(file) lost its details")
        }
        #expect(h.apis.movieRequests - before == files.count, "every movie asked once, none refused unsent")
        let warnings = h.log.lines.filter { $0.contains("99999999") }
        #expect(warnings.count == 1 && warnings[0].contains("movie \(failed)"), "\(warnings)")
    }

    @Test func aFailedFirstChartNamesItsOwnDayAndTheOthersAreFetched() async throws {
        let h = try LiveHarness()
        let once = Once()
        h.apis.inject { r, _ in
            guard r.path.hasSuffix("searchDailyBoxOfficeList.json"), once.take(r.query["targetDt"] ?? "?") else { return nil }
            return .json(Self.oddFault)
        }
        await #expect(throws: FetchError.self) { try await h.build(days: 6, until: "2024-02-10", now: LiveHarness.kst("2024-02-13", 10)) }
        let failed = try #require(once.value)
        let errors = h.log.lines.filter { $0.contains("99999999") }
        #expect(errors.allSatisfy { !$0.contains("fetch 2024") || $0.contains(Day(compact: failed)!.iso) }, "\(errors)")
        #expect(h.apis.chartRequests >= 2, "the other days were not refused unsent")
    }

    @Test func aRefusedKeyStillStopsEverythingAfterOneRequest() async throws {
        let h = try LiveHarness()
        await #expect(throws: FetchError.self) {
            try await h.build(days: 6, until: "2024-02-10", now: LiveHarness.kst("2024-02-13", 10), environment: ["KOBIS_API_KEY": "wrong-key-123"])
        }
        #expect(h.apis.server.requests.count == 1)
    }

    @Test(arguments: ["KEY/with+plus&eq=ué", "key%2Fliteral percent", "plain-but-long-key-0042"])
    func keysAreScrubbedInEveryEncodingTheyTravelIn(_ key: String) async throws {
        let apis = try FakeAPIs()
        // A hostile fault message echoes the key exactly as it arrived in the request target.
        apis.inject { r, _ in
            guard r.path.contains("kobisopenapi") else { return nil }
            let sent = r.target.components(separatedBy: "key=").dropFirst().first?.components(separatedBy: "&").first ?? ""
            let lower = sent.replacingOccurrences(of: "%2F", with: "%2f").replacingOccurrences(of: "%2B", with: "%2b")
            return .json(#"{"faultInfo":{"message":"bad key \#(sent) / \#(lower) / \#(sent.removingPercentEncoding ?? "")","errorCode":"320010"}}"#)
        }
        var env = apis.environment
        env["KOBIS_API_KEY"] = key
        let folder = try SiteFixture.temporaryFolder()
        let result = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10", "--output", folder.appendingPathComponent("o").path,
                                     "--cache", folder.appendingPathComponent("c").path,
                                     "--templates", SiteFixture.repo.appendingPathComponent("Templates").path], environment: env, timeout: 30)
        #expect(result.status == 1)
        #expect(result.err.contains("bad key [key]"), "\(result.err)")
        let sent = apis.server.requests.first.flatMap { $0.target.components(separatedBy: "key=").dropFirst().first?.components(separatedBy: "&").first } ?? ""
        for form in Set([key, sent, sent.lowercased(), sent.replacingOccurrences(of: "%2F", with: "%2f")]) where !form.isEmpty {
            #expect(!result.err.contains(form) && !result.out.contains(form), "\(form) printed: \(result.err)")
        }
    }

    @Test func kobisIsReachedOverHTTPSByDefault() async throws {
        #expect(LiveSettings.defaultKOBISBase.scheme == "https")
        #expect(LiveSettings.defaultKOBISBase.host == "www.kobis.or.kr")
        let plan = try BuildPlan.resolve(try BuildOptions.parse(["--days", "1", "--until", "2024-02-10"]),
                                         environment: ["KOBIS_API_KEY": "k-123456"], now: LiveHarness.kst("2024-02-13", 10))
        let caching = try #require((plan.source as? APISource)?.client as? CachingClient)
        let live = try #require(caching.upstream as? LiveSource)
        #expect(live.urlRequest(.dailyChart(Day(iso: "2024-02-10")!)).url?.scheme == "https")
    }

    /// A poster address that is not http(s) (or not a URL at all) is refused before any request,
    /// never force-unwrapped.
    @Test func aPosterAddressThatIsNotHTTPIsRefusedWithoutARequest() async throws {
        let live = LiveSource(settings: LiveSettings(kobisKey: "k", kakaoKey: nil, kobisBase: LiveSettings.defaultKOBISBase,
                                                     kakaoBase: LiveSettings.defaultKakaoBase, jobs: 1), monitor: FetchMonitor())
        for address in ["javascript:alert(1)", "file:///etc/passwd", "not a url at all %%", ""] {
            await #expect(throws: RequestError.self) { try await live.fetch(.posterImage(url: address)) }
        }
    }

    /// Answers whatever arrives with a plain-HTTP 400, as a server without TLS does, and records
    /// the first bytes of each connection.
    final class PlainHTTPOnly: @unchecked Sendable {
        final class Record: @unchecked Sendable {
            let lock = NSLock()
            var firstBytes: [UInt8] = []
        }
        let port: UInt16
        private let fd: Int32
        private let record = Record()
        var received: [UInt8] { record.lock.withLock { record.firstBytes } }

        init() throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
            fd = listener
            port = UInt16(bigEndian: address.sin_port)
            let record = self.record
            Thread.detachNewThread {
                while true {
                    let client = accept(listener, nil, nil)
                    if client < 0 { return }
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    let n = read(client, &buffer, buffer.count)
                    if n > 0 { record.lock.withLock { record.firstBytes.append(buffer[0]) } }
                    let reply = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    _ = reply.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
                    close(client)
                }
            }
        }
        deinit { shutdown(fd, Int32(SHUT_RDWR)); close(fd) }
    }

    @Test func aTLSFailureIsOneLineNamingTheVariableAndNeverFallsBackToHTTP() async throws {
        let server = try PlainHTTPOnly()
        let folder = try SiteFixture.temporaryFolder()
        let env = ["KOBIS_API_KEY": FakeAPIs.kobisKey, "KOBIS_BASE_URL": "https://127.0.0.1:\(server.port)/kobisopenapi/webservice/rest"]
        let result = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10", "--output", folder.appendingPathComponent("o").path,
                                     "--cache", folder.appendingPathComponent("c").path,
                                     "--templates", SiteFixture.repo.appendingPathComponent("Templates").path], environment: env, timeout: 30)
        #expect(result.status == 1)
        let errors = result.err.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("the TLS (https) connection to KOBIS failed; to use plain HTTP knowingly, set KOBIS_BASE_URL to an http:// URL") == true, "\(result.err)")
        // 0x16 opens a TLS handshake; a 'G' would be a plain GET carrying the key.
        #expect(!server.received.isEmpty && server.received.allSatisfy { $0 == 0x16 }, "\(server.received)")
        #expect(!result.err.contains(FakeAPIs.kobisKey))
    }
}
