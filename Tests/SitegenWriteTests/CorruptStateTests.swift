import Foundation
import SitegenDemo
import Testing
import SitegenSiteSupport
import SitegenTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// State a build leaves for the next — cache entries, the demo memo, the build manifest — found
/// cut short, overwritten with garbage, unreadable, or something else than a file: each is either
/// recovered from (fetched again, rebuilt) or said in one line, never a crash, a hang or a wrong
/// figure. Every build here is compared with a clean one.
@Suite
struct CorruptStateTests {
    /// A folder the build runs in as an ordinary user: `chmod 000` does not stop root, so when the
    /// tests run as root the binary runs as `nobody` (through setpriv) from a copy inside it.
    struct Sandbox {
        let folder: URL
        let launcher: [String]
        let asNobody: Bool

        init() throws {
            folder = try SiteFixture.temporaryFolder()
            asNobody = geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
            guard asNobody else { launcher = []; return }
            let copy = folder.appendingPathComponent("bin/sitegen")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Binary.url, to: copy)
            launcher = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", copy.path]
            try own()
        }

        /// Everything under the folder handed to `nobody` (again after the test made new files).
        func own(_ url: URL? = nil) throws {
            guard asNobody else { return }
            let root = url ?? folder
            chown(root.path, 65534, 65534)
            let walker = FileManager.default.enumerator(atPath: root.path)
            while let relative = walker?.nextObject() as? String { lchown(root.path + "/" + relative, 65534, 65534) }
        }

        func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Binary.Result {
            try own()
            return try await Binary.run(arguments, environment: environment, in: folder, timeout: 60, launcher: launcher)
        }

        func url(_ path: String) -> URL { folder.appendingPathComponent(path) }
    }

    /// Nothing a user should never see: a Foundation error dump, a Swift crash, a hang.
    static func expectClean(_ result: Binary.Result, _ context: String) {
        #expect(result.status != -1, "\(context): hung: \(result.err)")
        for dump in ["Error Domain=", "NSCocoaErrorDomain", "Fatal error", "fatalError", "Stack dump", "UserInfo="] {
            #expect(!result.err.contains(dump) && !result.out.contains(dump), "\(context): \(result.err)")
        }
    }

    static func files(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// Five cache entries damaged five ways; the next build fetches each of them again (or says
    /// in one line why it could not keep the answer) and publishes what a clean cache gives.
    @Test func damagedCacheEntriesAreFetchedAgainAndTheSiteIsRight() async throws {
        let apis = try FakeAPIs()
        var env = apis.environment
        env.removeValue(forKey: "KAKAO_REST_API_KEY")
        let box = try Sandbox()
        let args = ["build", "--days", "6", "--until", "2024-02-10", "--cache", "cache", "--output", "_site"]
        let first = try await box.run(args, environment: env)
        try #require(first.status == 0, "\(first.err)")
        let clean = try await box.run(["build", "--days", "6", "--until", "2024-02-10", "--cache", "fresh-cache", "--output", "clean/_site", "--quiet"],
                                environment: env)
        #expect(clean.status == 0, "\(clean.err)")
        let want = try SiteTree.tree(box.url("clean/_site"))

        // The national charts (the filters' are cached beside them, named by their parameter).
        let charts = Self.files(box.url("cache")).filter {
            $0.contains("searchDailyBoxOfficeList/") && !$0.contains("repNationCd") && !$0.contains("multiMovieYn")
        }
        let films = Self.files(box.url("cache")).filter { $0.contains("searchMovieInfo/") }
        try #require(charts.count == 6 && films.count >= 2, "\(Self.files(box.url("cache")))")
        let fm = FileManager.default
        let cut = box.url("cache/" + charts[0]), garbage = box.url("cache/" + charts[1]), fifo = box.url("cache/" + charts[2])
        let locked = box.url("cache/" + films[0]), folder = box.url("cache/" + films[1])
        let whole = try Data(contentsOf: cut)
        try whole.prefix(whole.count / 2).write(to: cut)
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: garbage)
        try fm.removeItem(at: fifo)
        #expect(mkfifo(fifo.path, 0o644) == 0)
        try box.own()
        chmod(locked.path, 0o000)
        try fm.removeItem(at: folder)
        try fm.createDirectory(at: folder, withIntermediateDirectories: false)
        try box.own()

        let before = apis.server.requests.count
        let second = try await box.run(args, environment: env)
        Self.expectClean(second, "damaged cache")
        #expect(second.status == 0, "\(second.err)")
        let asked = apis.server.requests.dropFirst(before).map(\.target)
        #expect(asked.count == 5, "each damaged entry fetched again, nothing else: \(asked)")
        let differing = SiteTree.differences(try SiteTree.tree(box.url("_site")), want)
        #expect(differing.isEmpty, "differs from a build with a clean cache: \(differing.prefix(5))")
        // One line for each entry that held something other than an answer; the unreadable
        // ones and the ones that were not files at all are simply fetched again.
        let warnings = second.err.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 2, "\(second.err)")
        for name in [cut, garbage].map(\.lastPathComponent) {
            #expect(warnings.contains { $0.hasPrefix("warning: cache 20") && $0.contains(name) && $0.hasSuffix("discarded and fetched again") }, "\(name): \(second.err)")
        }
        #expect(!second.err.contains(FakeAPIs.kobisKey))
        // Every entry was replaced by a good answer: the third build asks nothing.
        let third = try await box.run(args, environment: env)
        #expect(third.status == 0, "\(third.err)")
        #expect(apis.server.requests.count == before + asked.count, "asked again: \(apis.server.requests.dropFirst(before + asked.count).map(\.target))")

        // Offline, a damaged entry cannot be fetched again: the build stops with one line that
        // names what is missing, and the site built before stays as it was.
        let published = try SiteTree.tree(box.url("_site"))
        try Data("{\"boxOfficeResult\":".utf8).write(to: cut)
        try fm.removeItem(at: fifo)
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let offline = try await box.run(args + ["--offline"])
        Self.expectClean(offline, "offline")
        #expect(offline.status != 0)
        #expect(offline.err.contains("error: fetch --offline: not in the cache: 2024-02-05, 2024-02-07;"), "\(offline.err)")
        #expect(try SiteTree.tree(box.url("_site")) == published, "nothing published from a damaged cache")
    }

    /// The demo memo cut short, garbage, unreadable or a folder: the demo simulates again and the
    /// site is exactly a clean build's.
    @Test(arguments: ["cut", "garbage", "unreadable", "folder"])
    func aDamagedDemoMemoIsNotTrusted(_ damage: String) async throws {
        let box = try Sandbox()
        let args = { (until: String, cache: String, out: String) in
            ["build", "--days", "30", "--until", until, "--cache", cache, "--output", out, "--quiet"]
        }
        do {
            let ran = try await box.run(args("2024-02-09", "cache", "_site"))
            #expect(ran.status == 0)
        }
        let memo = box.url("cache/demo-memo")
        try #require(FileManager.default.fileExists(atPath: memo.path))
        try Self.damage(memo, damage)
        try box.own()
        if damage == "unreadable" { chmod(memo.path, 0o000) }
        let result = try await box.run(args("2024-02-10", "cache", "_site"))
        Self.expectClean(result, "memo \(damage)")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.count <= 1, "\(result.err)")
        do {
            let ran = try await box.run(args("2024-02-10", "clean-cache", "clean/_site"))
            #expect(ran.status == 0)
        }
        let differing = SiteTree.differences(try SiteTree.tree(box.url("_site")), try SiteTree.tree(box.url("clean/_site")))
        #expect(differing.isEmpty, "memo \(damage): \(differing.prefix(5))")
    }

    /// The build manifest cut short, garbage, unreadable or a folder: the next build is a whole
    /// one, equal to a clean build; a manifest that cannot be written is said in one line.
    @Test(arguments: ["cut", "garbage", "unreadable", "folder"])
    func aDamagedManifestMeansAWholeBuild(_ damage: String) async throws {
        let box = try Sandbox()
        let args = { (out: String) in ["build", "--days", "30", "--until", "2024-02-10", "--output", out] }
        do {
            let ran = try await box.run(args("_site"))
            #expect(ran.status == 0)
        }
        try Data("stray".utf8).write(to: box.url("_site/date/stray.html"))
        let manifest = box.url("._site.sitegen-manifest")
        try Self.damage(manifest, damage)
        try box.own()
        if damage == "unreadable" { chmod(manifest.path, 0o000) }
        let result = try await box.run(args("_site"))
        Self.expectClean(result, "manifest \(damage)")
        #expect(result.status == 0, "\(result.err)")
        do {
            let ran = try await box.run(args("clean/_site"))
            #expect(ran.status == 0)
        }
        let differing = SiteTree.differences(try SiteTree.tree(box.url("_site")), try SiteTree.tree(box.url("clean/_site")))
        #expect(differing.isEmpty, "manifest \(damage): \(differing.prefix(5))")
        let warnings = result.err.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        if damage == "folder" {
            #expect(warnings.count == 1 && warnings[0].contains("sitegen-manifest"), "\(result.err)")
        } else {
            #expect(warnings.isEmpty, "\(result.err)")
        }
    }

    static func damage(_ file: URL, _ how: String) throws {
        switch how {
        case "cut":
            let data = try Data(contentsOf: file)
            try data.prefix(data.count / 2).write(to: file)
        case "garbage":
            try Data((0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 131) }).write(to: file)
        case "folder":
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        default:
            break  // "unreadable": chmod 000 once the file belongs to the user the build runs as
        }
    }
}
