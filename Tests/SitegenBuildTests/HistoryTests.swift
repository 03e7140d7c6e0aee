import Foundation
import Testing
import SitegenSiteSupport
import SitegenTestSupport

/// A site that runs for years: a backfill that stops at the quota or its budget and resumes
/// without asking twice, a history that survives losing the cache, and a range that only grows.
@Suite
struct HistoryTests {
    let templates = SiteFixture.repo.appendingPathComponent("Templates").path

    func kobisTargets(_ apis: FakeAPIs) -> [String] {
        apis.server.requests.filter { $0.path.contains("/kobisopenapi/") }.map(\.target)
    }

    /// KOBIS answers 320011 from the 41st call on: the fetch stops there, keeps all it got, says
    /// what is left; the next run (quota back) fetches the rest and repeats no call that was answered.
    @Test func stopsAtTheQuotaKeepsWhatItGotAndResumesWithoutRepeatingACall() async throws {
        let apis = try FakeAPIs()
        let kobisCalls = Counter()
        let quotaSpent = Flag()
        apis.inject { request, _ in
            guard request.path.contains("/kobisopenapi/"), !quotaSpent.isSet else { return nil }
            if kobisCalls.next() > 40 {
                return .json(#"{"faultInfo":{"message":"일일 사용량을 초과했습니다.","errorCode":"320011"}}"#)
            }
            return nil
        }
        let folder = try SiteFixture.temporaryFolder()
        let args = ["fetch", "--since", "2023-12-01", "--until", "2024-02-10", "--cache", folder.appendingPathComponent("cache").path,
                    "--history", folder.appendingPathComponent("history").path, "--jobs", "1"]
        var env = apis.environment
        env.removeValue(forKey: "KAKAO_REST_API_KEY")
        let first = try await Binary.run(args, environment: env, timeout: 60)
        #expect(first.status == 0, "\(first.err)")
        #expect(first.err.contains("plan: 72 days (72 to fetch), "), "\(first.err)")
        #expect(first.out.hasPrefix("stopped: KOBIS says the key's daily quota is used up (320011 "), "\(first.out)")
        #expect(first.out.contains("run the same command again tomorrow"))
        let answered = Array(kobisTargets(apis).prefix(40))
        #expect(kobisTargets(apis).count == 41, "one call past the quota, then none: \(kobisTargets(apis).count)")
        #expect(answered.first?.contains("targetDt=20240210") == true, "newest first: \(answered.first ?? "")")

        quotaSpent.set()
        let before = apis.server.requests.count
        let second = try await Binary.run(args, environment: env, timeout: 60)
        #expect(second.status == 0, "\(second.err)")
        #expect(second.out.hasPrefix("fetched 72 days, "), "\(second.out)")
        let resumed = apis.server.requests.dropFirst(before).filter { $0.path.contains("/kobisopenapi/") }.map(\.target)
        #expect(Set(resumed).isDisjoint(with: answered), "a call answered in the first run was asked again")
        #expect(Set(resumed).count == resumed.count, "a call was repeated within the run")

        // Everything is held now: a third run asks nothing.
        let settled = apis.server.requests.count
        let third = try await Binary.run(args, environment: env, timeout: 60)
        #expect(third.status == 0 && third.err.contains("plan: 72 days (0 to fetch)"), "\(third.err)")
        #expect(apis.server.requests.count == settled)
    }

    /// How many film pages say their details are still to come, and how many that KOBIS gave none.
    static func detailsNotices(_ out: URL) throws -> (pending: Int, refused: Int) {
        let movies = out.appendingPathComponent("movie")
        var pending = 0, refused = 0
        for code in try FileManager.default.contentsOfDirectory(atPath: movies.path) {
            let page = movies.appendingPathComponent(code).appendingPathComponent("index.html")
            guard let html = try? String(contentsOf: page, encoding: .utf8) else { continue }
            if html.contains("상세정보(감독·배우·장르 등)는 아직 받지 않았습니다. 매일 아침 이어서 받으며") { pending += 1 }
            if html.contains("KOBIS가 이 영화의 상세정보를 주지 않아") { refused += 1 }
        }
        return (pending, refused)
    }

    /// A budget stop leaves a site with the newest years whole, says which years are complete,
    /// and the builds that follow add the rest until the history is whole.
    @Test func aBudgetStopPublishesWhatItHasAndSaysWhichYearsAreComplete() async throws {
        let apis = try FakeAPIs()
        var env = apis.environment
        env.removeValue(forKey: "KAKAO_REST_API_KEY")
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        // National charts only: the filters' share of the budget is the next test's.
        let args = ["build", "--since", "2022-12-20", "--until", "2024-01-10", "--budget", "120", "--templates", templates,
                    "--output", out.path, "--cache", folder.appendingPathComponent("cache").path,
                    "--history", folder.appendingPathComponent("history").path, "--no-market"]
        let first = try await Binary.run(args, environment: env, timeout: 120)
        #expect(first.status == 0, "\(first.err)")
        #expect(kobisTargets(apis).count == 120, "the budget is a ceiling: \(kobisTargets(apis).count)")
        let gaps = first.err.split(separator: "\n").filter { $0.hasPrefix("warning: history: ") }
        #expect(gaps.count == 1 && gaps[0].contains("the budget of 120 KOBIS calls is spent"), "\(first.err)")
        let archive = try String(contentsOf: out.appendingPathComponent("archive/index.html"), encoding: .utf8)
        #expect(archive.contains("모든 날이 갖춰진 연도: 2024년 · 모으는 중: 2022–2023년"), "\(archive.prefix(0))")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("date/2024-01-10/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("date/2022-12-20/index.html").path))
        // A film whose details the budget left for later says they are coming, not that they failed.
        let (pending, refused) = try Self.detailsNotices(out)
        #expect(pending > 0 && refused == 0, "\(pending) pending, \(refused) refused")

        var runs = 1
        var last = first
        while last.err.contains("warning: history: ") && runs < 10 {
            last = try await Binary.run(args, environment: env, timeout: 120)
            #expect(last.status == 0, "\(last.err)")
            runs += 1
        }
        #expect(runs > 2 && !last.err.contains("warning: history: "), "whole after \(runs) runs")
        let whole = try String(contentsOf: out.appendingPathComponent("archive/index.html"), encoding: .utf8)
        #expect(!whole.contains("기록을 모으는 중"))
        #expect(try Self.detailsNotices(out).pending == 0, "every film's details arrived")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("date/2022-12-20/index.html").path))
        #expect(Set(kobisTargets(apis)).count == kobisTargets(apis).count, "no call asked twice over \(runs) runs")
    }

    /// The filters' charts come after the national charts and their films: a run stopped by its
    /// budget publishes whole national days, says in its one line that filtered charts are left,
    /// and the next runs fetch them without asking anything twice.
    @Test func aBudgetStopLeavesTheFiltersForTheNextRunNotTheDays() async throws {
        let apis = try FakeAPIs()
        var env = apis.environment
        env.removeValue(forKey: "KAKAO_REST_API_KEY")
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        let args = ["build", "--days", "30", "--until", "2024-01-10", "--budget", "60", "--templates", templates,
                    "--output", out.path, "--cache", folder.appendingPathComponent("cache").path,
                    "--history", folder.appendingPathComponent("history").path]
        let first = try await Binary.run(args, environment: env, timeout: 120)
        #expect(first.status == 0, "\(first.err)")
        #expect(kobisTargets(apis).count == 60)
        // 30 days and 7 periods (2023-12-12 … 2024-01-10: 3 weeks, 4 weekends) of both years,
        // then the films they bring, then the first filters' charts.
        #expect(apis.chartRequests == 30 && apis.weeklyRequests == 7)
        #expect(!apis.filteredRequests.isEmpty && apis.filteredRequests.count < 3 * 37)
        let gaps = first.err.split(separator: "\n").filter { $0.hasPrefix("warning: history: ") }
        // Only the filters this build asks for: regions are off.
        #expect(gaps.count == 1 && gaps[0].contains("filtered charts (한국·외국·다양성) not fetched yet")
                    && !gaps[0].contains("regions"), "\(first.err)")
        #expect(!gaps[0].contains(" days and"), "every national day was fetched: \(gaps)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("date/2023-12-12/index.html").path))

        var runs = 1, last = first
        while last.err.contains("warning: history: ") && runs < 6 {
            last = try await Binary.run(args, environment: env, timeout: 120)
            #expect(last.status == 0, "\(last.err)")
            runs += 1
        }
        #expect(!last.err.contains("warning: history: "), "whole after \(runs) runs")
        #expect(apis.filteredRequests.count == 3 * 37, "every filter of every day and period, once")
        #expect(Set(kobisTargets(apis)).count == kobisTargets(apis).count, "no call asked twice over \(runs) runs")
        let day = try String(contentsOf: out.appendingPathComponent("date/2023-12-12/filters/index.html"), encoding: .utf8)
        #expect(day.contains("<h2 id=\"korean-h\">한국영화 상위 10편</h2>"))
    }

    /// What a CI cache eviction does: the cache folder is gone the next morning. The history
    /// refills it, so the build asks only for the days that were not final, and the site is the same.
    @Test func losingTheCacheCostsOneMorningsCallsNotTheHistory() async throws {
        let apis = try FakeAPIs()
        let folder = try SiteFixture.temporaryFolder()
        let cache = folder.appendingPathComponent("cache")
        func build(_ out: String) async throws -> Binary.Result {
            try await Binary.run(["build", "--since", "2023-12-25", "--until", "2024-01-20", "--templates", templates,
                            "--output", folder.appendingPathComponent(out).path, "--cache", cache.path,
                            "--history", folder.appendingPathComponent("history").path, "--base-url", "https://example.com/"],
                           environment: apis.environment, timeout: 120)
        }
        let first = try await build("one")
        #expect(first.status == 0, "\(first.err)")
        let asked = apis.server.requests.count
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("history/daily/2023/20231225.json").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("history/week/2024/20240108.json").path))

        try FileManager.default.removeItem(at: cache)
        let second = try await build("two")
        #expect(second.status == 0, "\(second.err)")
        let again = apis.server.requests.dropFirst(asked).filter { !$0.path.hasPrefix("/img/") }
        // Everything here is long final (2024), so the history answers all of it; only poster
        // images, which the history does not keep, are downloaded again.
        #expect(again.isEmpty, "\(again.map(\.target))")
        let one = try SiteFixture.files(folder.appendingPathComponent("one")).filter { $0.key != ".sitegen" }
        let two = try SiteFixture.files(folder.appendingPathComponent("two")).filter { $0.key != ".sitegen" }
        #expect(one.keys.sorted() == two.keys.sorted())
        #expect(one.filter { two[$0.key] != $0.value }.map(\.key).isEmpty, "the same site from the history")
    }

    /// Offline, a growing site builds the days its cache and history hold and names the rest in
    /// one line; a window (`--days`) must still be whole.
    @Test func anOfflineSiteSinceADayBuildsWhatIsHeld() async throws {
        let apis = try FakeAPIs()
        let folder = try SiteFixture.temporaryFolder()
        let cache = folder.appendingPathComponent("cache").path
        let fetched = try await Binary.run(["fetch", "--since", "2024-02-05", "--until", "2024-02-10", "--cache", cache], environment: apis.environment, timeout: 60)
        #expect(fetched.status == 0, "\(fetched.err)")
        let out = folder.appendingPathComponent("_site")
        let offline = ["build", "--offline", "--until", "2024-02-10", "--templates", templates, "--output", out.path, "--cache", cache]
        let built = try await Binary.run(offline + ["--since", "2024-02-01"], timeout: 60)
        #expect(built.status == 0 && built.out.hasPrefix("built 6 days, "), "\(built.out) \(built.err)")
        let gaps = built.err.split(separator: "\n").filter { $0.hasPrefix("warning: history: ") }
        #expect(gaps.count == 1 && gaps[0].contains("4 days not fetched yet (not in the cache)"), "\(built.err)")
        let archive = try String(contentsOf: out.appendingPathComponent("archive/index.html"), encoding: .utf8)
        #expect(archive.contains("기록을 모으는 중") && archive.contains("남은 날 4일"))
        let window = try await Binary.run(offline + ["--days", "10"], timeout: 60)
        #expect(window.status == 1 && window.err.contains("not in the cache: 2024-02-01, 2024-02-02, 2024-02-03, 2024-02-04"), "\(window.err)")
    }

    /// `--since` across a year boundary keeps every day, and a later build only adds days (a
    /// `--days` window would drop the oldest); the archive then splits into years.
    @Test func aSiteSinceADayOnlyGrowsAcrossAYearBoundary() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let out = folder.appendingPathComponent("_site")
        func build(until: String) async throws -> Binary.Result {
            try await Binary.run(["build", "--since", "2023-12-30", "--until", until, "--templates", templates, "--output", out.path,
                            "--cache", folder.appendingPathComponent("cache").path], timeout: 120)
        }
        let first = try await build(until: "2024-01-02")
        #expect(first.status == 0 && first.out.hasPrefix("built 4 days, "), "\(first.out) \(first.err)")
        let second = try await build(until: "2024-01-03")
        #expect(second.status == 0 && second.out.hasPrefix("built 5 days, "), "\(second.out) \(second.err)")
        for day in ["2023-12-30", "2023-12-31", "2024-01-01", "2024-01-03"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("date/\(day)/index.html").path), "\(day)")
        }
        let archive = try String(contentsOf: out.appendingPathComponent("archive/index.html"), encoding: .utf8)
        #expect(archive.contains("2023년 12월 30일") && !archive.contains("기록을 모으는 중"))
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { value += 1; return value } }
}
