import Foundation
import SitegenBasics
import SitegenBuild
@testable import SitegenCLI
@testable import SitegenFetch
@testable import SitegenModel
@testable import SitegenRender
import SitegenTestSupport
import Testing
import SitegenSiteSupport

/// Whole live builds against KOBIS and Kakao served on 127.0.0.1, with the clock pinned so days of
/// rebuilds can be played out.
struct LiveHarness {
    let apis: FakeAPIs
    let folder: URL
    let log = SiteFixture.Log()
    var output: URL { folder.appendingPathComponent("_site") }
    var cache: URL { folder.appendingPathComponent("cache") }

    init() throws {
        apis = try FakeAPIs()
        folder = try SiteFixture.temporaryFolder()
    }

    /// KST wall-clock time on a day.
    static func kst(_ iso: String, _ hour: Int) -> Date { Day(iso: iso)!.startInstantKST.addingTimeInterval(Double(hour) * 3600) }

    @discardableResult
    func build(days: Int, until: String, now: Date, offline: Bool = false, environment: [String: String?] = [:], extra: [String] = []) async throws -> BuildSummary {
        let options = try BuildOptions.parse([
            "--days", String(days), "--until", until, "--output", output.path, "--jobs", "4",
            "--templates", SiteFixture.repo.appendingPathComponent("Templates").path,
            "--public", SiteFixture.repo.appendingPathComponent("Public").path,
            "--notes", folder.appendingPathComponent("Notes").path, "--cache", cache.path,
        ] + (offline ? ["--offline"] : []) + extra)
        var env = apis.environment
        for (k, v) in environment { env[k] = v }
        let plan = try BuildPlan.resolve(options, environment: env, now: now, clock: { now })
        // No redaction here: the tests prove the lines are clean by themselves.
        return try await Pipeline(plan: plan, console: Console(quiet: false) { _, line in log.add(line) }).build()
    }
}

@Suite struct LiveBuildTests {
    @Test func aRebuildAsksTheNetworkOnlyForWhatMayHaveChanged() async throws {
        let h = try LiveHarness()
        // The national charts alone, so every film asked for is one of theirs (the filters' films,
        // which have pages too, are asked after them: EveryFilmPageTests).
        // Day 1, 10:00 KST on Feb 11: a cold build of the five days up to yesterday.
        let cold = try await h.build(days: 5, until: "2024-02-10", now: LiveHarness.kst("2024-02-11", 10), extra: ["--no-market"])
        #expect(h.apis.chartRequests == 5)
        #expect(h.apis.movieRequests == cold.movies && h.apis.posterRequests == cold.movies)
        let cached = Set(try moviesOn(h, "2024-02-06"..."2024-02-10"))
        #expect(cached.count == cold.movies)

        // The same morning again: only Feb 10 is still provisional (KOBIS corrects until the next morning).
        try await h.build(days: 5, until: "2024-02-10", now: LiveHarness.kst("2024-02-11", 11), extra: ["--no-market"])
        #expect(h.apis.chartDates.dropFirst(5) == ["20240210"])
        #expect(h.apis.movieRequests == cold.movies, "movie info is not asked again")

        // The next day: the new day and the still-provisional Feb 10; new movies only.
        let before = (h.apis.chartRequests, h.apis.movieRequests, h.apis.posterRequests)
        try await h.build(days: 5, until: "2024-02-11", now: LiveHarness.kst("2024-02-12", 9), extra: ["--no-market"])
        #expect(h.apis.chartDates.dropFirst(before.0).sorted() == ["20240210", "20240211"])
        let newcomers = Set(try moviesOn(h, "2024-02-11"..."2024-02-11")).subtracting(cached)
        #expect(h.apis.movieRequests - before.1 == newcomers.count)
        #expect(h.apis.posterRequests - before.2 == newcomers.count)

        // Thirty final days already cached: no chart requests at all.
        let settled = h.apis.chartRequests
        try await h.build(days: 4, until: "2024-02-10", now: LiveHarness.kst("2024-02-12", 9), extra: ["--no-market"])
        #expect(h.apis.chartRequests == settled)

        // Movie info older than 30 days is refreshed.
        let movies = h.apis.movieRequests
        try await h.build(days: 4, until: "2024-02-10", now: LiveHarness.kst("2024-03-20", 9), extra: ["--no-market"])
        #expect(h.apis.chartRequests == settled)
        #expect(h.apis.movieRequests > movies)
    }

    func moviesOn(_ h: LiveHarness, _ range: ClosedRange<String>) throws -> [String] {
        var codes: [String] = []
        var d = Day(iso: range.lowerBound)!
        while d <= Day(iso: range.upperBound)! {
            let json = try SiteFixture.chart(h.output, d.iso)
            codes += ((json["entries"] as? [[String: Any]]) ?? []).compactMap { $0["movieCode"] as? String }
            d = d.adding(days: 1)
        }
        return codes
    }

    @Test func rendersTheRealSiteWithHotlinkedKakaoPosters() async throws {
        let h = try LiveHarness()
        try await h.build(days: 2, until: "2024-02-10", now: LiveHarness.kst("2024-02-11", 10), extra: ["--hotlink-posters"])
        #expect(h.apis.posterImageRequests == 0, "--hotlink-posters downloads nothing")
        let grid = try SiteFixture.text(h.output, "date/2024-02-10/index.html")
        #expect(grid.contains("src=\"\(h.apis.server.baseURL)/img/poster-"))
        #expect(grid.contains("referrerpolicy=\"no-referrer\" data-fallback=\"../../poster/"))
        // The drawn placeholder exists for every film, as the fallback of a poster that fails to load.
        let fallbacks = grid.components(separatedBy: "data-fallback=\"../../").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(fallbacks.count == 10)
        for path in fallbacks { #expect(FileManager.default.fileExists(atPath: h.output.appendingPathComponent(path).path), "\(path)") }
        #expect(!grid.contains("demo-banner"))
        #expect(grid.contains("영화관입장권통합전산망(KOBIS)"))
        #expect(grid.contains("수집 시각 2024-02-11 10:00 KST"))
        let kakao = h.apis.server.requests.filter { $0.path.hasPrefix("/kakao/") }
        #expect(kakao.allSatisfy { $0.headers["authorization"] == "KakaoAK \(FakeAPIs.kakaoKey)" })
        #expect(kakao.allSatisfy { ($0.query["query"] ?? "").hasSuffix(" 영화 포스터") })
        #expect(h.log.lines.contains { $0.hasPrefix("fetch: ") && $0.contains("over the network") })
        #expect(!h.log.lines.contains { $0.contains("demo") })
    }

    @Test func withoutAKakaoKeyNoPosterIsSearched() async throws {
        let h = try LiveHarness()
        try await h.build(days: 2, until: "2024-02-10", now: LiveHarness.kst("2024-02-11", 10), environment: ["KAKAO_REST_API_KEY": nil])
        #expect(h.apis.posterRequests == 0)
        let grid = try SiteFixture.text(h.output, "date/2024-02-10/index.html")
        #expect(grid.contains("src=\"../../poster/") && !grid.contains("img.example.com"))
    }

    @Test func aRefusedKakaoKeyIsOneWarningAndTheBuildGoesOn() async throws {
        let h = try LiveHarness()
        try await h.build(days: 2, until: "2024-02-10", now: LiveHarness.kst("2024-02-11", 10), environment: ["KAKAO_REST_API_KEY": "bad-kakao-key"])
        let warnings = h.log.lines.filter { $0.contains("Kakao refused KAKAO_REST_API_KEY") }
        #expect(warnings.count == 1)
        #expect(h.apis.posterRequests <= 4, "asked again after the refusal: \(h.apis.posterRequests)")
        #expect(FileManager.default.fileExists(atPath: h.output.appendingPathComponent("index.html").path))
    }

    @Test func aDayThatStillFailsFailsTheBuildAndLeavesTheSite() async throws {
        let h = try LiveHarness()
        try await h.build(days: 3, until: "2024-02-10", now: LiveHarness.kst("2024-02-11", 10))
        let before = try SiteFixture.files(h.output)
        h.apis.inject { r, _ in r.query["targetDt"] == "20240211" ? .json("down", status: 502) : nil }
        let error = await #expect(throws: FetchError.self) {
            try await h.build(days: 3, until: "2024-02-11", now: LiveHarness.kst("2024-02-12", 10))
        }
        #expect(error?.description.hasPrefix("fetch 2024-02-11: KOBIS answered HTTP 502 (gave up after 4 attempts)") == true)
        #expect(try SiteFixture.files(h.output) == before)
    }

    @Test func offlineBuildsFromTheCacheAloneAndNamesWhatIsMissing() async throws {
        let h = try LiveHarness()
        try await h.build(days: 3, until: "2024-02-10", now: LiveHarness.kst("2024-02-11", 10))
        let asked = h.apis.server.requests.count
        try await h.build(days: 3, until: "2024-02-10", now: LiveHarness.kst("2024-02-20", 10), offline: true, environment: ["KOBIS_API_KEY": nil, "KAKAO_REST_API_KEY": nil])
        #expect(h.apis.server.requests.count == asked)
        #expect(try SiteFixture.text(h.output, "index.html").contains("src=\"poster/img/"), "cached posters are used")
        let error = await #expect(throws: FetchError.self) {
            try await h.build(days: 5, until: "2024-02-10", now: LiveHarness.kst("2024-02-20", 10), offline: true)
        }
        #expect(error?.description == "fetch --offline: not in the cache: 2024-02-06, 2024-02-07; run `sitegen fetch` or build without --offline")
        #expect(h.apis.server.requests.count == asked)
    }

    @Test func theKeysNeverAppearInFilesCacheNamesLogsOrErrors() async throws {
        let h = try LiveHarness()
        try await h.build(days: 3, until: "2024-02-10", now: LiveHarness.kst("2024-02-11", 10))
        // Failures too: a timeout-free but failing day, a refused Kakao key, a bad KOBIS key.
        h.apis.inject { r, _ in r.query["targetDt"] == "20240211" ? .drop : nil }
        _ = try? await h.build(days: 3, until: "2024-02-11", now: LiveHarness.kst("2024-02-12", 10))
        var errors: [String] = []
        do { try await h.build(days: 2, until: "2024-01-10", now: LiveHarness.kst("2024-02-12", 10), environment: ["KOBIS_API_KEY": "KOBIS-WRONG-KEY-123456"]) }
        catch { errors.append(ErrorText.describe(error)) }
        #expect(errors.count == 1 && errors[0].contains("KOBIS_API_KEY"))

        let secrets = [FakeAPIs.kobisKey, FakeAPIs.kakaoKey, "KOBIS-WRONG-KEY-123456"]
        var haystack = h.log.lines + errors
        for root in [h.output, h.cache] {
            for (path, data) in try SiteFixture.files(root) {
                haystack.append(path)
                haystack.append(String(decoding: data, as: UTF8.self))
            }
        }
        #expect(try !SiteFixture.files(h.cache).isEmpty)
        for secret in secrets {
            #expect(!haystack.contains { $0.contains(secret) }, "\(secret) leaked")
        }
    }
}
