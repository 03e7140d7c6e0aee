import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenServe
import SitegenTestSupport

/// `serve --host` takes what Hugo's and Zola's do: IPv4, IPv6 (`::1`, `[::1]`), and names
/// (`localhost` is both loopbacks), and says where it listens.
@Suite struct ServeHostTests {
    /// Whether this machine has the IPv6 loopback (containers may run without IPv6).
    static let hasIPv6Loopback: Bool = {
        let table = (try? String(contentsOfFile: "/proc/net/if_inet6", encoding: .utf8)) ?? ""
        return table.split(separator: "\n").contains { $0.hasPrefix("00000000000000000000000000000001") }
    }()

    static func site() async throws -> URL {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 2)
        return out
    }

    @Test(.enabled(if: hasIPv6Loopback, "this machine has no IPv6 loopback"), arguments: ["::1", "[::1]"])
    func servesOverIPv6(_ host: String) async throws {
        let server = try PreviewServer(root: try await Self.site(), host: host, port: 0, reload: LiveReload())
        let url = try await server.start()
        defer { Task { await server.stop() } }
        #expect(url.absoluteString.hasPrefix("http://[::1]:"), "\(url)")
        let port = UInt16(url.port!)
        #expect(server.listening == ["[::1]:\(port)"])
        let page = try await RawHTTP.fetch(port: port, "/date/2024-02-10/", address: "::1")
        #expect(page.status == 200 && page.text.contains("2024"), "\(page.status)")
        await #expect(throws: (any Error).self, "IPv6 only: not on 127.0.0.1") { try await RawHTTP.fetch(port: port, "/", address: "127.0.0.1") }
    }

    /// A browser may try ::1 first for `localhost`: both loopbacks answer, on one port.
    @Test func servesLocalhostOnBothLoopbacks() async throws {
        let server = try PreviewServer(root: try await Self.site(), host: "localhost", port: 0, reload: LiveReload())
        let url = try await server.start()
        defer { Task { await server.stop() } }
        #expect(url.absoluteString.hasPrefix("http://localhost:"), "\(url)")
        let port = UInt16(url.port!)
        #expect(try await RawHTTP.fetch(port: port, "/", address: "127.0.0.1").status == 200)
        if Self.hasIPv6Loopback {
            #expect(server.listening == ["127.0.0.1:\(port)", "[::1]:\(port)"])
            #expect(try await RawHTTP.fetch(port: port, "/", address: "::1").status == 200)
        } else {
            #expect(server.listening == ["127.0.0.1:\(port)"])
        }
    }

    /// `::` is every address, IPv4 included where the system maps it.
    @Test(.enabled(if: hasIPv6Loopback, "this machine has no IPv6 loopback"))
    func servesEveryAddressFromTheIPv6Wildcard() async throws {
        let server = try PreviewServer(root: try await Self.site(), host: "::", port: 0, reload: LiveReload())
        let url = try await server.start()
        defer { Task { await server.stop() } }
        let port = UInt16(url.port!)
        #expect(try await RawHTTP.fetch(port: port, "/", address: "::1").status == 200)
        #expect(try await RawHTTP.fetch(port: port, "/", address: "127.0.0.1").status == 200)
    }

    @Test func anAddressTheMachineDoesNotHaveIsOneLine() throws {
        #expect(throws: ServeError.self) { try PreviewServer(root: URL(fileURLWithPath: "/nonexistent"), host: "192.0.2.1", port: 0, reload: LiveReload()) }
        do { _ = try PreviewServer(root: URL(fileURLWithPath: "/nonexistent"), host: "192.0.2.1", port: 0, reload: LiveReload()) }
        catch { #expect("\(error)" == "192.0.2.1 is not an address of this machine; pick one it has with --host (127.0.0.1, ::1, 0.0.0.0)") }
    }

    @Test func aPortInUseIsNamedForTheAddressThatHasIt() async throws {
        let first = try PreviewServer(root: try await Self.site(), host: "127.0.0.1", port: 0, reload: LiveReload())
        let url = try await first.start()
        defer { Task { await first.stop() } }
        do {
            _ = try PreviewServer(root: URL(fileURLWithPath: "/nonexistent"), host: "localhost", port: UInt16(url.port!), reload: LiveReload())
            Issue.record("a port in use was taken")
        } catch {
            #expect("\(error)" == "port \(url.port!) on 127.0.0.1 is in use; pick another with --port")
        }
    }
}

/// The command says which address and port it listens on.
@Suite
struct ServeHostCommandTests {
    @Test(.enabled(if: ServeHostTests.hasIPv6Loopback, "this machine has no IPv6 loopback"))
    func saysWhereItListens() async throws {
        for (host, expected) in [("::1", "at http://[::1]:"), ("localhost", "at http://localhost:")] {
            let folder = try SiteFixture.temporaryFolder()
            let running = RunningBinary()
            try await running.start(["serve", "--host", host, "--port", "0", "--days", "2", "--until", "2024-02-10"], in: folder)
            defer { if running.process.isRunning { running.process.terminate() } }
            #expect(await running.waitFor(expected), "\(host): \(running.output())")
            let port = UInt16(running.output().components(separatedBy: expected)[1].prefix { $0.isNumber })!
            if host == "localhost" {
                #expect(running.output().contains("(listening on 127.0.0.1:\(port) and [::1]:\(port); watching"), "\(running.output())")
            }
            #expect(try RawHTTP.get(port: port, "/", address: host == "::1" ? "::1" : "127.0.0.1").status == 200)
            running.process.interrupt()
            await running.exited()
        }
    }
}
