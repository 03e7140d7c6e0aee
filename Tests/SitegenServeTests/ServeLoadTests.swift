import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenServe
import SitegenTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Tabs cannot take the preview down: many of them reading a large file slowly, or holding
/// live-reload long polls, leave its memory bounded and ordinary requests answered within a second.
@Suite(.serialized) struct ServeLoadTests {
    /// A client that sends `target` and then reads nothing (a tiny receive buffer, so the server's
    /// sends fill up at once); nil if it could not connect.
    static func stalledClient(port: UInt16, _ target: String) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var small: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var peer = sockaddr_in()
        peer.sin_family = sa_family_t(AF_INET)
        peer.sin_port = port.bigEndian
        peer.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let request = Data("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard connected == 0, request.withUnsafeBytes({ send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            close(fd); return nil
        }
        return fd
    }

    /// Whether `fd` has received at least a byte (looked at without taking it).
    static func hasBytesWaiting(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    /// How many of `fds` have something to read within `seconds`, all watched at once.
    static func answered(_ fds: [Int32], within seconds: Int32) -> Int {
        var descriptors = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&descriptors, nfds_t(descriptors.count), seconds * 1000)
        return descriptors.filter { $0.revents != 0 }.count
    }

    /// An ordinary page, asked on a thread of its own and timed there.
    static func timedPage(port: UInt16) async -> (status: Int?, seconds: Double) {
        await OffPool.run {
            let started = Date()
            let status = try? RawHTTP.get(port: port, "/").status
            return (status, Date().timeIntervalSince(started))
        }
    }

    static func residentMB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    @Test func slowReadersOfALargeFileNeitherExhaustNorBlockThePreview() async throws {
        let (out, server, port, _) = try await ServeTests.servedSite()
        defer { Task { await server.stop() } }
        try Data(repeating: 0x61, count: 30 << 20).write(to: out.appendingPathComponent("big.bin"))
        let before = Self.residentMB()
        let clients = (0..<64).compactMap { _ in Self.stalledClient(port: port, "/big.bin") }
        defer { clients.forEach { close($0) } }
        #expect(clients.count == 64)
        // Measured once every client has bytes waiting: the server has opened the file for each
        // and is sending it (main read it whole first, so its memory had grown by then).
        #expect(await Eventually.holds(within: 20) { clients.allSatisfy(Self.hasBytesWaiting) })
        let grown = Self.residentMB() - before
        let page = await Self.timedPage(port: port)
        // Today's main read the file whole for each: 64 × 30 MB, twice over, and then 503 for everyone else.
        #expect(grown < 300, "serve grew by \(grown) MB")
        #expect(page.status == 200 && page.seconds < 1, "\(String(describing: page.status)) after \(page.seconds) s")
    }

    @Test func longPollsNeitherHoldEverySlotNorOutliveTheirTabs() async throws {
        let (_, server, port, reload) = try await ServeTests.servedSite()
        defer { Task { await server.stop() } }
        let polls = (0..<64).compactMap { _ in Self.stalledClient(port: port, "/__sitegen/wait?generation=1") }
        #expect(polls.count == 64)
        #expect(await Eventually.holds(within: 10) { reload.waiting == 64 }, "\(reload.waiting) polls wait")
        let page = await Self.timedPage(port: port)
        #expect(page.status == 200 && page.seconds < 1, "\(String(describing: page.status)) after \(page.seconds) s")
        // The tabs close; their polls end within a poll's quarter-second look, not after 25 s.
        polls.forEach { close($0) }
        #expect(await Eventually.holds(within: 1) { reload.waiting == 0 },
                "\(reload.waiting) long polls still wait for closed tabs")
        let again = (0..<HTTPListener.maxConnections).compactMap { _ in Self.stalledClient(port: port, "/__sitegen/wait?generation=1") }
        defer { again.forEach { close($0) } }
        #expect(again.count == HTTPListener.maxConnections)
        let answered = Self.answered(again, within: 1)
        #expect(answered == 0, "\(answered) new long polls were answered at once: the closed tabs still held their slots")
        let afterwards = await Self.timedPage(port: port)
        #expect(afterwards.status == 200 && afterwards.seconds < 1)
    }
}
