import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenFetch
import SitegenTestSupport

/// Posters come only from public addresses: whoever gets a page indexed by image search must not
/// make the build machine ask loopback, private or metadata addresses, directly, through a name,
/// a numeric spelling or a redirect.
@Suite struct PosterHostsTests {
    static func bytes(_ text: String) -> [UInt8] { PosterHosts.address(text)! }

    @Test(arguments: [
        "0.1.2.3", "10.0.0.1", "100.64.0.1", "100.127.255.255", "127.0.0.1", "127.255.0.9", "169.254.169.254", "172.16.0.1",
        "172.31.255.255", "192.0.0.8", "192.0.2.1", "192.168.1.1", "198.18.0.1", "198.19.255.1", "224.0.0.1", "239.1.1.1",
        "240.0.0.1", "255.255.255.255",
        "::", "::1", "fc00::1", "fd12:3456::1", "fe80::1", "febf::1", "fec0::1", "ff02::1", "2001:db8::1", "100::1",
        "::ffff:127.0.0.1", "::ffff:169.254.169.254", "::10.0.0.1", "64:ff9b::a9fe:a9fe", "2002:c0a8:0101::1",
    ])
    func refusesEveryAddressThatIsNotPublic(_ address: String) {
        #expect(PosterHosts.nonPublic(Self.bytes(address)) != nil, "\(address)")
    }

    @Test(arguments: ["8.8.8.8", "1.1.1.1", "100.63.255.255", "100.128.0.1", "172.15.255.255", "172.32.0.1", "192.169.0.1",
                      "223.255.255.255", "2606:4700:4700::1111", "2001:4860:4860::8888", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:0808:0808::1"])
    func letsPublicAddressesThrough(_ address: String) {
        #expect(PosterHosts.nonPublic(Self.bytes(address)) == nil, "\(address)")
    }

    /// What the URL says is resolved as the download would resolve it: names and odd spellings.
    @Test(arguments: ["http://127.0.0.1/p.jpg", "http://localhost:8080/p.jpg", "http://2130706433/p.jpg", "http://0x7f.1/p.jpg",
                      "http://0177.0.0.1/p.jpg", "http://[::1]/p.jpg", "http://[::ffff:7f00:1]/p.jpg", "https://169.254.169.254/latest/meta-data/",
                      "http://10.1.2.3/p.jpg"])
    func refusesURLsThatReachInside(_ text: String) throws {
        let url = try #require(URL(string: text))
        let refusal = try #require(PosterHosts().refusal(for: url), "\(text) was let through")
        #expect(refusal.hasPrefix("not downloaded: ") && refusal.contains("--allow-poster-host"), "\(refusal)")
    }

    @Test func theAllowListTakesAddressesRangesAndNames() throws {
        let hosts = try PosterHosts(allowing: ["10.0.0.0/8", "fd00::/8,192.168.1.7", "Posters.LAN"])
        #expect(hosts.refusal(for: URL(string: "http://10.255.0.1/p.jpg")!) == nil)
        #expect(hosts.refusal(for: URL(string: "http://[::ffff:10.0.0.9]/p.jpg")!) == nil, "an IPv4 range covers its IPv6-mapped form")
        #expect(hosts.refusal(for: URL(string: "http://[fd00::5]/p.jpg")!) == nil)
        #expect(hosts.refusal(for: URL(string: "http://192.168.1.7/p.jpg")!) == nil)
        #expect(hosts.refusal(for: URL(string: "http://192.168.1.8/p.jpg")!) != nil, "one address is not its neighbours")
        #expect(hosts.refusal(for: URL(string: "http://posters.lan/p.jpg")!) == nil, "a name is trusted whatever it resolves to")
        #expect(hosts.refusal(for: URL(string: "http://11.0.0.1/p.jpg")!) == nil, "public anyway")
        #expect(hosts.refusal(for: URL(string: "http://127.0.0.1/p.jpg")!) != nil)
        #expect(PosterHosts.matches(Self.bytes("10.0.0.0"), Self.bytes("10.0.0.0"), 0))
        #expect(!PosterHosts.matches(Self.bytes("172.32.0.1"), Self.bytes("172.16.0.0"), 12))
        #expect(PosterHosts.matches(Self.bytes("172.31.0.1"), Self.bytes("172.16.0.0"), 12))
    }

    @Test(arguments: ["10.0.0.0/33", "::/129", "10.0.0.0/x", "a b", "host_name!", "", "10.0.0.0/"])
    func aBadAllowValueIsRefused(_ value: String) {
        #expect(throws: PosterHostsError.self) { try PosterHosts(allowing: [value]) }
    }
}

/// The same through the real binary, an image search stand-in and an image host on 127.0.0.1.
@Suite
struct PosterHostsBuildTests {
    func build(_ apis: FakeAPIs, _ extra: [String], allowAll: Bool = false) async throws -> (Binary.Result, URL) {
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        var env = apis.environment
        env.removeValue(forKey: "SITEGEN_ALLOW_POSTER_HOSTS")
        let result = try await Binary.run(["build", "--days", "2", "--until", "2024-02-10", "--output", out.path, "--cache", folder.appendingPathComponent("cache").path,
                                     "--templates", SiteFixture.repo.appendingPathComponent("Templates").path] + extra, environment: env, timeout: 60)
        return (result, out)
    }

    var imageTargets: (FakeAPIs) -> [String] { { $0.server.requests.filter { $0.path.hasPrefix("/img/") }.map(\.target) } }

    /// The issue's case: image search points at 127.0.0.1. Nothing is asked there; each poster
    /// is one warning line, and its page shows the drawn placeholder.
    @Test func aPosterOnALoopbackAddressIsRefusedByDefault() async throws {
        let apis = try FakeAPIs()
        let (result, out) = try await build(apis, [])
        #expect(result.status == 0, "\(result.err)")
        #expect(imageTargets(apis).isEmpty, "asked: \(imageTargets(apis))")
        let refused = result.err.split(separator: "\n").filter { $0.contains("not downloaded: 127.0.0.1 is a loopback address") }
        #expect(!refused.isEmpty && refused.count == apis.posterRequests, "one line per poster: \(result.err)")
        #expect(refused.allSatisfy { $0.hasPrefix("warning: poster ") && $0.hasSuffix("the drawn placeholder is shown") })
        let grid = try String(contentsOf: out.appendingPathComponent("date/2024-02-10/index.html"), encoding: .utf8)
        #expect(grid.contains("src=\"../../poster/") && !grid.contains("127.0.0.1"))
    }

    @Test func theAllowListLetsTheOperatorsOwnHostThrough() async throws {
        let apis = try FakeAPIs()
        let (result, _) = try await build(apis, ["--allow-poster-host", "127.0.0.1"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!imageTargets(apis).isEmpty)
        #expect(!result.err.contains("not downloaded"), "\(result.err)")
    }

    /// An allowed host that redirects elsewhere: the hop is checked like the first address.
    @Test func aRedirectToAnAddressNotAllowedIsRefusedAtTheHop() async throws {
        let apis = try FakeAPIs()
        let port = apis.server.port
        apis.inject { request, _ in
            if request.path.hasPrefix("/kakao/v2/search/image") {
                return .json(#"{"documents":[{"collection":"news","datetime":"2024-01-01T00:00:00.000+09:00","display_sitename":"","doc_url":"https://news.example.com/2","height":1000,"image_url":"http://localhost:\#(port)/img/first.jpg","thumbnail_url":"https://search1.kakaocdn.net/t","width":700}],"meta":{"is_end":true,"pageable_count":1,"total_count":1}}"#)
            }
            if request.path == "/img/first.jpg" {
                return .respond(status: 302, headers: ["Location": "http://127.0.0.1:\(port)/img/secret.jpg"], body: Data())
            }
            return nil
        }
        let (result, _) = try await build(apis, ["--allow-poster-host", "localhost"])
        #expect(result.status == 0, "\(result.err)")
        #expect(imageTargets(apis).contains("/img/first.jpg"), "the allowed name is asked: \(imageTargets(apis))")
        #expect(!imageTargets(apis).contains { $0.hasPrefix("/img/secret") }, "the redirect was followed")
        #expect(result.err.contains("redirected, then not downloaded: 127.0.0.1 is a loopback address"), "\(result.err)")
    }

    @Test func aBadAllowValueIsAUsageError() async throws {
        let apis = try FakeAPIs()
        let (result, _) = try await build(apis, ["--allow-poster-host", "10.0.0.0/40"])
        #expect(result.status == 64 && result.err.hasPrefix("error: --allow-poster-host: '10.0.0.0/40' has no valid prefix length"), "\(result.err)")
    }
}
