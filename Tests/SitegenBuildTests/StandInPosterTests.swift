import Foundation
import Testing
import SitegenTestSupport
@testable import SitegenDemo
import SitegenFetch
import SitegenImage
import SitegenModel

/// The real-sized world's stand-in gives every film its own poster, as a real image search would:
/// found by the film's title as sitegen asks, then downloaded over HTTP from 127.0.0.1.
@Suite(.enabled(if: PosterImages.unavailable == nil, "libvips makes the posters"))
struct StandInPosterTests {
    /// The image URL the stand-in's Kakao answer gives for `title` (its 700×1000 document).
    static func posterURL(_ apis: FakeAPIs, title: String) async throws -> String {
        let query = PosterQuery.make(title: title).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let request = "GET /kakao/v2/search/image?query=\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Authorization: KakaoAK \(FakeAPIs.kakaoKey)\r\nConnection: close\r\n\r\n"
        let answer = try await RawHTTP.fetch(port: apis.server.port, raw: Data(request.utf8))
        let json = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
        let documents = try #require(json?["documents"] as? [[String: Any]])
        let poster = try #require(documents.first { $0["width"] as? Int == 700 })
        return try #require(poster["image_url"] as? String)
    }

    @Test func everyFilmOfTheRealWorldHasItsOwnPhotographLikePoster() async throws {
        let apis = try FakeAPIs(world: .real)
        defer { apis.server.stop() }
        // 40 films of two weeks of 2024, the small world's and the extra ones.
        let week = DemoWorld.weekOf(Day(iso: "2024-03-06")!.ordinal)
        let films = (week..<(week + 5)).flatMap { DemoWorld.films(inWeek: $0, scale: .real) }.prefix(40)
        #expect(films.count == 40)
        var seen: [Data: String] = [:]
        for film in films {
            let title = DemoCatalog.title(film).ko
            let url = try await Self.posterURL(apis, title: title)
            let path = try #require(URL(string: url)?.path)
            let answer = try await RawHTTP.fetch(port: apis.server.port, path)
            #expect(answer.status == 200 && answer.headers["content-type"] == "image/jpeg", "\(title)")
            let bytes = answer.body
            #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]), "a JPEG for \(title)")
            #expect((80_000...300_000).contains(bytes.count), "\(bytes.count) bytes for \(title)")
            let size = try PosterImages.size(bytes)
            #expect(size.width == 700 && size.height == 1000, "\(size) for \(title)")
            #expect(seen[bytes] == nil, "\(title) has \(seen[bytes] ?? "")'s poster")
            seen[bytes] = title
            // Asked again (a retry, a second build), the same bytes.
            #expect(try await RawHTTP.fetch(port: apis.server.port, path).body == bytes)
        }
        #expect(seen.count == 40)
    }

    /// A photograph's small copies weigh what a real poster's do (the issue measured 100–148 KB
    /// for four WebP copies of a 700×1000 photograph): the gradient poster's weigh a few KB.
    @Test func theStandInsPostersShrinkAsPhotographsDo() async throws {
        let apis = try FakeAPIs(world: .real)
        defer { apis.server.stop() }
        let url = try await Self.posterURL(apis, title: "그날의 사냥꾼")
        let bytes = try await RawHTTP.fetch(port: apis.server.port, try #require(URL(string: url)?.path)).body
        let copies = try [200, 260, 400, 520].map { try PosterImages.webp(bytes, width: $0).data.count }
        #expect((90_000...160_000).contains(copies.reduce(0, +)), "\(copies)")
    }

    /// The small world's stand-in keeps the one poster its tests count copies of.
    @Test func theSmallWorldsStandInKeepsOnePosterForAll() async throws {
        let apis = try FakeAPIs()
        defer { apis.server.stop() }
        let first = try await Self.posterURL(apis, title: "밤의 정원"), second = try await Self.posterURL(apis, title: "푸른 항해")
        #expect(first != second)
        let a = try await RawHTTP.fetch(port: apis.server.port, try #require(URL(string: first)?.path)).body
        let b = try await RawHTTP.fetch(port: apis.server.port, try #require(URL(string: second)?.path)).body
        #expect(a == apis.posterBytes && b == apis.posterBytes)
    }
}
