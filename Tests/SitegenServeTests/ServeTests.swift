import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenServe
import SitegenTestSupport

/// The preview server over real HTTP: a demo site built into a temporary folder, served on a free port.
@Suite struct ServeTests {
    static func servedSite() async throws -> (URL, PreviewServer, UInt16, LiveReload) {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3)
        let reload = LiveReload()
        let server = try PreviewServer(root: out, host: "127.0.0.1", port: 0, reload: reload)
        let url = try await server.start()
        return (out, server, UInt16(url.port!), reload)
    }

    /// The site's worker would outlive the preview on its origin and answer the next project
    /// served on the port from its cache: the preview answers with one that removes itself.
    @Test func thePreviewServesAWorkerThatRemovesItselfNotTheSites() async throws {
        let (out, server, port, _) = try await Self.servedSite()
        defer { Task { await server.stop() } }
        let sites = try String(contentsOf: out.appendingPathComponent("sw.js"), encoding: .utf8)
        for path in ["/sw.js", "/some/other/project/sw.js"] {
            let worker = try await RawHTTP.fetch(port: port, path)
            #expect(worker.status == 200 && worker.text != sites, "\(path)")
            #expect(worker.text.contains("registration.unregister()") && worker.text.contains("caches.delete"), "\(path)")
            #expect(worker.headers["content-type"] == "text/javascript; charset=utf-8" && worker.headers["cache-control"] == "no-store")
        }
        #expect(try await RawHTTP.fetch(port: port, "/site.js").status == 200, "other scripts are the site's")
    }

    @Test func servesPagesAndAssetsWithTheirTypes() async throws {
        let (out, server, port, _) = try await Self.servedSite()
        defer { Task { await server.stop() } }
        let expectations: [(String, String)] = [
            ("/", "text/html; charset=utf-8"), ("/index.html", "text/html; charset=utf-8"),
            ("/date/2024-02-10/", "text/html; charset=utf-8"), ("/date/2024-02-10/filters/", "text/html; charset=utf-8"),
            ("/archive/", "text/html; charset=utf-8"), ("/style.css", "text/css; charset=utf-8"),
            ("/site.js", "text/javascript; charset=utf-8"), ("/favicon.svg", "image/svg+xml; charset=utf-8"),
            ("/feed.xml", "application/atom+xml; charset=utf-8"), ("/robots.txt", "text/plain; charset=utf-8"),
            ("/data/2024.json", "application/json; charset=utf-8"), ("/data/2024.csv", "text/csv; charset=utf-8"),
            ("/data/index.json", "application/json; charset=utf-8"),
        ]
        for (path, type) in expectations {
            let response = try await RawHTTP.fetch(port: port, path)
            #expect(response.status == 200, "\(path)")
            #expect(response.headers["content-type"] == type, "\(path): \(response.headers["content-type"] ?? "none")")
        }
        let poster = try #require(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("poster").path).first)
        #expect(try await RawHTTP.fetch(port: port, "/poster/\(poster)").headers["content-type"] == "image/svg+xml; charset=utf-8")
        #expect(try await RawHTTP.fetch(port: port, "/style.css").body == Data(contentsOf: out.appendingPathComponent("style.css")))
    }

    @Test func injectsTheReloadScriptIntoResponsesButNeverIntoFiles() async throws {
        let (out, server, port, _) = try await Self.servedSite()
        defer { Task { await server.stop() } }
        let page = try await RawHTTP.fetch(port: port, "/")
        #expect(page.text.contains("<script src=\"/__sitegen/live.js\"></script>\n</body>"))
        #expect(!(try SiteFixture.text(out, "index.html")).contains("__sitegen"))
        let script = try await RawHTTP.fetch(port: port, "/__sitegen/live.js")
        #expect(script.status == 200 && script.text.contains("location.reload"))
        #expect(try await RawHTTP.fetch(port: port, "/style.css").text.contains("__sitegen") == false)
    }

    @Test func aFolderWithoutItsSlashIsRedirectedSoRelativeLinksWork() async throws {
        let (_, server, port, _) = try await Self.servedSite()
        defer { Task { await server.stop() } }
        let response = try await RawHTTP.fetch(port: port, "/date/2024-02-10")
        #expect(response.status == 301 && response.headers["location"] == "/date/2024-02-10/")
    }

    /// A miss under en/ is answered with the English 404 (en/404.html), any other with the root's
    /// Korean one, as hosts would once the address picks the edition.
    @Test func aMissUnderEnGetsTheEnglish404() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 3, english: true)
        let server = try PreviewServer(root: out, host: "127.0.0.1", port: 0, reload: LiveReload())
        let port = UInt16(try await server.start().port!)
        defer { Task { await server.stop() } }
        for path in ["/en/nope", "/en/movie/zzz/index.html", "/en/date/1999-01-01/", "/%65n/nope"] {
            let response = try await RawHTTP.fetch(port: port, path)
            #expect(response.status == 404 && response.text.contains("<html lang=\"en\">"), "\(path)")
            #expect(response.text.contains("Page not found") && !response.text.contains("페이지를 찾을 수 없습니다"), "\(path)")
        }
        for path in ["/nope", "/english/nope", "/date/1999-01-01/"] {
            let response = try await RawHTTP.fetch(port: port, path)
            #expect(response.status == 404 && response.text.contains("페이지를 찾을 수 없습니다"), "\(path)")
        }
    }

    @Test func unknownPathsGetTheSites404Page() async throws {
        let (_, server, port, _) = try await Self.servedSite()
        defer { Task { await server.stop() } }
        for path in ["/nope", "/date/1999-01-01/", "/movie/zzz/index.html", "/.sitegen"] {
            let response = try await RawHTTP.fetch(port: port, path)
            #expect(response.status == 404, "\(path)")
            #expect(response.text.contains("페이지를 찾을 수 없습니다") && response.text.contains("<base href=\"/\">"), "\(path)")
        }
    }

    @Test(arguments: [
        "/../../../../etc/passwd", "/..", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E/%2E%2E/etc/passwd",
        "/..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/%252e%252e/%252e%252e/etc/passwd",
        "/%25252e%25252e/etc/passwd", "/date/../../../etc/passwd", "/date/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/..\\..\\etc\\passwd", "/%5c..%5c..%5cetc%5cpasswd", "/index.html%00.css", "/./../etc/passwd",
    ])
    func refusesPathTraversalInEveryEncoding(_ target: String) async throws {
        let (_, server, port, _) = try await Self.servedSite()
        defer { Task { await server.stop() } }
        let response = try await RawHTTP.fetch(port: port, target)
        #expect([400, 403, 404].contains(response.status), "\(target) → \(response.status)")
        #expect(!response.text.contains("root:"), "\(target) leaked a file outside the site")
    }

    @Test func resolvesOnlyInsideTheSite() throws {
        let root = try SiteFixture.temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a"), withIntermediateDirectories: true)
        try "x".write(to: root.appendingPathComponent("a/index.html"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("escape").path, withDestinationPath: "/etc")
        let files = StaticFiles(root: root)
        #expect(files.resolve("/a/") == .file(files.root.appendingPathComponent("a/index.html"), contentType: "text/html; charset=utf-8"))
        #expect(files.resolve("/a") == .redirect("/a/"))
        #expect(files.resolve("/escape/passwd") == .forbidden)
        #expect(files.resolve("/%2e%2e/x") == .forbidden)
        #expect(files.resolve("a") == .forbidden)
    }

    @Test func answersHeadWithoutABodyAndRefusesOtherMethods() async throws {
        let (_, server, port, _) = try await Self.servedSite()
        defer { Task { await server.stop() } }
        let head = try await RawHTTP.fetch(port: port, "/", method: "HEAD")
        #expect(head.status == 200 && head.headers["content-type"] == "text/html; charset=utf-8")
        #expect(try await RawHTTP.fetch(port: port, "/", method: "DELETE").status == 405)
    }

    /// A build keeps the cooperative pool's threads busy (it waits on its writer and painter); the
    /// preview must answer all the same. Every pool thread is held here until the answer arrives, so
    /// a server that needed one would never answer (the client gives up after 30 s).
    @Test func answersWhileEveryPoolThreadIsBusy() async throws {
        let (_, server, port, reload) = try await Self.servedSite()
        defer { Task { await server.stop() } }
        let width = ProcessInfo.processInfo.activeProcessorCount
        let answers: (RawHTTP.Response, RawHTTP.Response) = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
                for _ in 0..<width {
                    Task.detached { started.signal(); release.wait() }
                }
                for _ in 0..<width { started.wait() }
                let result = Result {
                    let page = try RawHTTP.get(port: port, "/")
                    reload.failed("held")
                    return (page, try RawHTTP.get(port: port, "/__sitegen/wait?generation=1"))
                }
                for _ in 0..<width { release.signal() }
                continuation.resume(with: result)
            }
        }
        #expect(answers.0.status == 200 && answers.0.text.contains("</html>"))
        #expect(try JSONDecoder().decode(LiveReload.State.self, from: answers.1.body).error == "held")
    }

    @Test func openPagesLearnOfRebuildsAndErrors() async throws {
        let (_, server, port, reload) = try await Self.servedSite()
        defer { Task { await server.stop() } }
        // On threads of its own, like a browser: the steps and their order must not wait on a
        // cooperative pool that other tests' builds keep busy.
        let (first, broken, fixed) = try await OffPool.run { () throws -> (LiveReload.State, LiveReload.State, LiveReload.State) in
            @Sendable func state(_ generation: String) throws -> LiveReload.State {
                try JSONDecoder().decode(
                    LiveReload.State.self, from: RawHTTP.get(port: port, "/__sitegen/wait?generation=\(generation)").body)
            }
            let first = try state("")
            let waiting = Self.Box()
            let asked = Thread { waiting.result = Result { try state("\(first.generation)") }; waiting.done.signal() }
            asked.start()
            // The change is made once the poll is waiting for it, as a page's would be.
            let ready = Date().addingTimeInterval(30)
            while reload.waiting == 0, Date() < ready { usleep(1_000) }
            reload.failed("Templates/day.mustache:3:9: unfinished tag: expected '}}'")
            waiting.done.wait()
            let broken = try waiting.result!.get()
            reload.rebuilt()
            return (first, broken, try state("\(broken.generation)"))
        }
        #expect(broken.version == first.version && broken.error?.hasPrefix("Templates/day.mustache:3:9") == true)
        #expect(fixed.version == first.version + 1 && fixed.error == nil)
    }

    final class Box: @unchecked Sendable {
        var result: Result<LiveReload.State, Error>?
        let done = DispatchSemaphore(value: 0)
    }

}
