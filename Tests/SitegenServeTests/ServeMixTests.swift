import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenServe
import SitegenTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The three mixes of bad clients that took the preview down (issue 62): slow readers of a file
/// under 2 MB, long polls with slow readers, and more than 64 clients dripping request heads. In
/// each, fresh requests keep getting their page within two seconds while the bad clients are shed.
@Suite(.serialized) struct ServeMixTests {
    /// The largest files still under 2 MiB (what today's main read whole), more than loopback
    /// takes into its buffers for a client that reads nothing (2,031,616 bytes here), so each
    /// answer waits on its reader: a CSV and a page, which gets the script.
    static func servedSiteWithLargeFiles() async throws -> (URL, PreviewServer, UInt16, LiveReload) {
        let site = try await ServeTests.servedSite()
        let row = "2025-01-01,20250001,영화,1,123456,12345678901\n"
        let rows = String(repeating: row, count: 2_080_000 / row.utf8.count)
        try Data(rows.utf8).write(to: site.0.appendingPathComponent("year.csv"))
        let page = "<!doctype html><html><body><pre>" + rows + "</pre></body></html>\n"
        try Data(page.utf8).write(to: site.0.appendingPathComponent("large.html"))
        #expect(page.utf8.count < PreviewHandler.largestInjected)
        return site
    }

    /// Probes asked one after another on a thread of their own, for about `seconds`: each one's
    /// status, and the longest any took.
    static func probe(port: UInt16, _ target: String = "/", for seconds: Double) async -> ([Int?], Double) {
        await OffPool.run {
            var statuses: [Int?] = []
            var longest = 0.0
            let ends = Date().addingTimeInterval(seconds)
            repeat {
                let started = Date()
                statuses.append((try? RawHTTP.get(port: port, target))?.status)
                longest = max(longest, Date().timeIntervalSince(started))
                Thread.sleep(forTimeInterval: 0.2)
            } while Date() < ends && statuses.count < 50
            return (statuses, longest)
        }
    }


    /// Resident and peak memory of process `pid`, in MB (VmRSS, VmHWM).
    static func memoryMB(of pid: Int32) -> (resident: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    /// `sitegen serve` as a user runs it, in a process of its own so its memory is its own (the
    /// suites beside this one build sites in the test process), with the two large files added
    /// to the site it serves; its port.
    static func servingBinary(_ running: RunningBinary) async throws -> (URL, UInt16) {
        let folder = try ServeCommandTests().workspace()
        try await running.start(["serve", "--port", "0", "--days", "2", "--until", "2024-02-10", "--no-cards"], in: folder)
        #expect(await running.waitFor(" at http://127.0.0.1:"), "\(running.output())")
        let port = UInt16(running.output().components(separatedBy: "http://127.0.0.1:").last?.prefix { $0.isNumber } ?? "")
        let out = folder.appendingPathComponent("_site")
        let row = "2025-01-01,20250001,영화,1,123456,12345678901\n"
        let rows = String(repeating: row, count: 2_080_000 / row.utf8.count)
        try Data(rows.utf8).write(to: out.appendingPathComponent("year.csv"))
        let page = "<!doctype html><html><body><pre>" + rows + "</pre></body></html>\n"
        try Data(page.utf8).write(to: out.appendingPathComponent("large.html"))
        #expect(page.utf8.count < PreviewHandler.largestInjected)
        return (out, try #require(port))
    }

    @Test func slowReadersOfAPageSizedFileHoldAPieceEachAndFreshRequestsAreAnswered() async throws {
        let running = RunningBinary()
        defer { if running.process.isRunning { running.process.terminate() } }
        let (out, port) = try await Self.servingBinary(running)
        let pid = running.process.processIdentifier
        // The peak counted from here: the build serve made first is not the preview's.
        try "5".write(toFile: "/proc/\(pid)/clear_refs", atomically: false, encoding: .utf8)
        let before = Self.memoryMB(of: pid).resident
        // 94 tabs (the red team's count) on the page and the CSV, each reading nothing and
        // asking again every 1.5 s, as a phone on a bad line does.
        let readers = Clients(port: port, count: 94, targets: ["/large.html", "/year.csv"], hold: 1.5)
        let done = ServeLimitsTests.Flag()
        Thread.detachNewThread { readers.run(until: done) }
        // Probed once every reader has connected and asked (a piece of each answer sits unread
        // in its socket, so the server's slots come and go as the readers reconnect).
        #expect(await Eventually.holds(within: 10) { readers.connections >= 94 }, "\(readers.connections) asked")
        let (statuses, longest) = await Self.probe(port: port, for: 2)
        let whole = await OffPool.run { try? RawHTTP.get(port: port, "/year.csv") }
        done.set()
        let peak = Self.memoryMB(of: pid).peak - before
        // Today's main held each answer whole (the page three times over to add the script):
        // 90 of 94 probes got 503 and 436 MB stayed afterwards.
        #expect(statuses.allSatisfy { $0 == 200 } && longest < 2, "\(statuses), longest \(longest) s")
        let csv = try Data(contentsOf: out.appendingPathComponent("year.csv"))
        #expect(whole?.status == 200 && whole?.body == csv)
        #expect(readers.connections > 94, "the readers asked \(readers.connections) times")
        // The serving process alone: main took 185 MB more at the peak and kept 132.
        #expect(peak < 40, "serve took up to \(peak) MB more while 94 clients read slowly")
        let released = await Eventually.holds(within: 10) { Self.memoryMB(of: pid).resident - before < 25 }
        #expect(released, "serve kept \(Self.memoryMB(of: pid).resident - before) MB after the slow readers left")
    }

    @Test func longPollsAndSlowReadersTogetherLeaveFreshRequestsAnswered() async throws {
        let (_, server, port, reload) = try await Self.servedSiteWithLargeFiles()
        defer { Task { await server.stop() } }
        let polls = (0..<48).compactMap { _ in ServeLoadTests.stalledClient(port: port, "/__sitegen/wait?generation=1") }
        defer { polls.forEach { close($0) } }
        #expect(polls.count == 48)
        #expect(await Eventually.holds(within: 10) { reload.waiting == 48 }, "\(reload.waiting) polls wait")
        let readers = Clients(port: port, count: 46, targets: ["/year.csv", "/large.html"], hold: 1.5)
        let done = ServeLimitsTests.Flag()
        Thread.detachNewThread { readers.run(until: done) }
        #expect(await Eventually.holds(within: 10) { readers.connections >= 46 }, "\(readers.connections) asked")
        let (statuses, longest) = await Self.probe(port: port, for: 2)
        // A page's own long poll is still answered once it has its turn.
        let poll = await OffPool.run { try? RawHTTP.get(port: port, "/__sitegen/wait") }
        done.set()
        // Every probe got 503 on today's main.
        #expect(statuses.allSatisfy { $0 == 200 } && longest < 2, "\(statuses), longest \(longest) s")
        #expect(poll?.status == 200)
    }

    @Test func moreThanSixtyFourClientsDrippingHeadsLeaveFreshRequestsAnswered() async throws {
        let (_, server, port, _) = try await ServeTests.servedSite()
        defer { Task { await server.stop() } }
        let dripping = Clients(port: port, count: 100, targets: [], hold: 20)
        let done = ServeLimitsTests.Flag()
        Thread.detachNewThread { dripping.run(until: done) }
        #expect(await Eventually.holds(within: 10) { server.connections.open >= 100 }, "\(server.connections)")
        let (statuses, longest) = await Self.probe(port: port, for: 2.5)
        done.set()
        // 19 of 39 probes got 503 on today's main.
        #expect(statuses.allSatisfy { $0 == 200 } && longest < 2, "\(statuses), longest \(longest) s")
        #expect(dripping.connections >= 100)
    }

    /// `count` clients on one thread with non-blocking sockets, each reconnecting as soon as it
    /// is cut off or after `hold` seconds. With `targets`, each asks for one of them whole and
    /// reads nothing (a 4 KB receive buffer); without, each sends a request head a byte every
    /// 100 ms and never finishes it.
    final class Clients: @unchecked Sendable {
        let port: UInt16
        let count: Int
        let targets: [String]
        let hold: Double
        private let lock = NSLock()
        private var made = 0
        var connections: Int { lock.withLock { made } }
        init(port: UInt16, count: Int, targets: [String], hold: Double) {
            self.port = port; self.count = count; self.targets = targets; self.hold = hold
        }

        static let head = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 4096)

        func connectOne() -> (fd: Int32, sent: Int, since: Date) {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var small: Int32 = 4096
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            var peer = sockaddr_in()
            peer.sin_family = sa_family_t(AF_INET)
            peer.sin_port = port.bigEndian
            peer.sin_addr.s_addr = inet_addr("127.0.0.1")
            _ = withUnsafePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            let number = lock.withLock { made += 1; return made }
            if !targets.isEmpty {
                let request = Array("GET \(targets[number % targets.count]) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
                _ = send(fd, request, request.count, Int32(MSG_NOSIGNAL))
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            return (fd, 0, Date())
        }

        func run(until done: ServeLimitsTests.Flag) {
            var clients = (0..<count).map { _ in connectOne() }
            // Bounded: the test sets `done` after a few seconds, and this stops after 20 s anyway.
            let ends = Date().addingTimeInterval(20)
            var byte: UInt8 = 0
            while !done.isSet, Date() < ends {
                for i in clients.indices {
                    var cut = Date().timeIntervalSince(clients[i].since) > hold
                    if targets.isEmpty {
                        // A dripper is cut off when the server closes or answers (408, 503).
                        let n = recv(clients[i].fd, &byte, 1, Int32(MSG_PEEK))
                        if n >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { cut = true }
                        var next = Self.head[clients[i].sent % Self.head.count]
                        if !cut, send(clients[i].fd, &next, 1, Int32(MSG_NOSIGNAL)) == 1 { clients[i].sent += 1 }
                    }
                    if cut {
                        close(clients[i].fd)
                        clients[i] = connectOne()
                    }
                }
                Thread.sleep(forTimeInterval: targets.isEmpty ? 0.1 : 0.02)
            }
            clients.forEach { close($0.fd) }
        }
    }
}
