import Foundation
import Testing
import SitegenSiteSupport
import SitegenTestSupport

@Suite
struct LiveCommandLineTests {
    @Test func fetchFillsTheCacheAndOfflineBuildsWithoutTheNetwork() async throws {
        let apis = try FakeAPIs()
        let folder = try SiteFixture.temporaryFolder()
        let cache = folder.appendingPathComponent("cache").path
        let fetched = try await Binary.run(["fetch", "--days", "3", "--until", "2024-02-10", "--cache", cache], environment: apis.environment)
        #expect(fetched.status == 0, "\(fetched.err)")
        #expect(fetched.out.hasPrefix("fetched 3 days, ") && fetched.out.contains(cache))
        #expect(fetched.err.contains("fetch: ") && fetched.err.contains("over the network"))
        #expect(!fetched.err.contains("\u{1B}") && !fetched.err.contains("\r"), "no control characters when not a terminal")
        let asked = apis.server.requests.count
        // Poster images too, so an offline build serves them from the site.
        #expect(apis.posterImageRequests > 0)
        // Each day's 한국, 외국 and 다양성 charts come too (the market view is on unless --no-market).
        #expect(apis.filteredRequests.count == 3 * 3)
        #expect(asked == 3 + 3 * 3 + 2 * (apis.movieRequests) + apis.posterImageRequests)
        // The memo of what it decoded is written on another thread: fetch waits for it before it ends.
        let memo = try Data(contentsOf: URL(fileURLWithPath: cache).appendingPathComponent("answer-memo"))
        #expect(memo.starts(with: Data("sitegen-answer-memo 2\n".utf8)), "fetch waited for its answer memo")

        let repo = SiteFixture.repo
        let out = folder.appendingPathComponent("_site")
        let built = try await Binary.run(["build", "--offline", "--days", "3", "--until", "2024-02-10", "--cache", cache, "--output", out.path,
                                    "--templates", repo.appendingPathComponent("Templates").path,
                                    "--public", repo.appendingPathComponent("Public").path],
                                   environment: ["KOBIS_BASE_URL": apis.kobisBase, "KAKAO_BASE_URL": apis.kakaoBase])
        #expect(built.status == 0, "\(built.err)")
        #expect(built.out.contains("from KOBIS data"))
        #expect(apis.server.requests.count == asked)
        #expect(try SiteFixture.files(out).keys.contains { $0.hasPrefix("poster/img/") && $0.hasSuffix(".webp") })
        for text in [fetched.out, fetched.err, built.out, built.err] {
            #expect(!text.contains(FakeAPIs.kobisKey) && !text.contains(FakeAPIs.kakaoKey))
        }
    }

    @Test func aBadKeyIsOneLineNamingTheVariable() async throws {
        let apis = try FakeAPIs()
        var env = apis.environment
        env["KOBIS_API_KEY"] = "not-the-right-key-42"
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        let result = try await Binary.run(["build", "--days", "10", "--until", "2024-02-10", "--output", out.path,
                                     "--cache", out.deletingLastPathComponent().appendingPathComponent("c").path,
                                     "--templates", SiteFixture.repo.appendingPathComponent("Templates").path], environment: env)
        #expect(result.status == 1)
        let errors = result.err.split(separator: "\n").filter { $0.hasPrefix("error:") }
        // Which day goes first depends on scheduling; the line is the same shape whichever it is.
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("error: fetch 2024-02-") == true)
        #expect(errors.first?.hasSuffix(": KOBIS refused KOBIS_API_KEY (320010 유효하지않은 키값입니다.); check the key, or unset it to build the demo site") == true)
        #expect(apis.server.requests.count == 1)
        #expect(!result.err.contains("not-the-right-key-42"))
    }

    @Test func fetchWithoutAKeySaysWhatItNeeds() async throws {
        let result = try await Binary.run(["fetch", "--days", "2"])
        #expect(result.status == 64)
        #expect(result.err == "error: sitegen fetch needs KOBIS_API_KEY (the demo source needs no cache)\n")
    }
}
