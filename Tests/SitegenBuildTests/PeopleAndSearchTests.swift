import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenCLI
@testable import SitegenFetch
@testable import SitegenModel
@testable import SitegenRender

/// Issue 17: a page per director and actor, and a search that reaches every film, person and day.
@Suite struct PeopleAndSearchTests {
    static func json(_ data: Data?) throws -> Any { try JSONSerialization.jsonObject(with: try #require(data)) }

    /// Each film's latest cumulative audience on any chart the site publishes, read back from the
    /// yearly CSV files (national and filtered, days and periods; a period's as of its last day; on
    /// the same day the national chart's): what every page must give as its total.
    static func latestTotals(_ files: [String: Data]) throws -> [String: (date: String, total: Int64)] {
        var latest: [String: (date: String, total: Int64, national: Bool)] = [:]
        for (path, data) in files.sorted(by: { $0.key < $1.key })
        where path.hasPrefix("data/") && path.hasSuffix(".csv") && !path.hasPrefix("data/movie/")
            && !path.contains("region")
        {
            let national = !["korean", "foreign", "diversity"].contains { path.hasPrefix("data/\($0)/") }
            var lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(Self.csvFields)
            let header = lines.removeFirst().map { $0.replacingOccurrences(of: "\u{FEFF}", with: "") }
            let date = try #require(header.firstIndex(of: "종료일") ?? header.firstIndex(of: "날짜"), "\(path)")
            let code = try #require(header.firstIndex(of: "영화코드")), total = try #require(header.firstIndex(of: "누적관객수"))
            for row in lines where row.count == header.count {
                let known = latest[row[code]]
                if let known, known.date > row[date] || (known.date == row[date] && (known.national || !national)) {
                    continue
                }
                latest[row[code]] = (row[date], try #require(Int64(row[total])), national)
            }
        }
        return latest.mapValues { ($0.date, $0.total) }
    }

    /// One line of a CSV file as RFC 4180 quotes it.
    static func csvFields(_ line: Substring) -> [String] {
        var fields: [String] = [], field = "", quoted = false, previous: Character = " "
        for ch in line {
            if ch == "\"" { if quoted && previous == "\"" { field.append(ch) }; quoted.toggle() }
            else if ch == "," && !quoted { fields.append(field); field = "" }
            else { field.append(ch) }
            previous = ch
        }
        fields.append(field)
        return fields
    }

    @Test func aDemoDirectorWithSeveralFilmsGetsOnePageSummingThem() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 30)
        let files = try SiteFixture.files(out)
        let index = try Self.json(files["search/index.json"]) as! [String: Any]
        let films = index["f"] as! [[Any]], people = index["p"] as! [[Any]]
        // The director with the most films in the range.
        let director = try #require(people.filter { ($0[2] as! Int) & 1 == 1 }.max { ($0[3] as! [Int]).count < ($1[3] as! [Int]).count })
        let id = director[0] as! String, name = director[1] as! String
        let codes = (director[3] as! [Int]).map { films[$0][0] as! String }
        #expect(codes.count >= 3, "a typical month has a demo director with several films: \(name) has \(codes.count)")

        let page = try SiteFixture.text(out, "person/\(id)/index.html")
        let latest = try Self.latestTotals(files)
        var sum: Int64 = 0
        for code in codes {
            // The film's best rank from its own data file, and its latest cumulative audience on any
            // of the site's charts (a film out of the national top 10 stays on the 다양성 chart).
            let movie = try Self.json(files["data/movie/\(code).json"]) as! [String: Any]
            let columns = movie["columns"] as! [String], history = movie["history"] as! [[Any]]
            let national = (history.last![columns.firstIndex(of: "audienceTotal")!] as! NSNumber).int64Value
            let total = try #require(latest[code]?.total)
            #expect(total >= national, "the latest total is never below the national chart's last")
            let best = history.map { ($0[columns.firstIndex(of: "rank")!] as! NSNumber).intValue }.min()!
            #expect(columns.first == "date" && history.allSatisfy { $0.count == columns.count })
            sum += total
            #expect(page.contains("href=\"../../movie/\(code)/index.html\""), "\(code) listed")
            #expect(page.contains(KoreanFormat.people(total)) && page.contains(KoreanFormat.people(total, compact: true)))
            #expect(page.contains("최고 \(best)위"))
            // …and the film page links back, by the same id.
            let moviePage = try SiteFixture.text(out, "movie/\(code)/index.html")
            #expect(moviePage.contains("<a href=\"../../person/\(id)/index.html\">\(name)</a>"), "\(code) links its director")
        }
        // Every film page gives that same latest total, some of them from a filter's chart only.
        var fromFilters = 0
        for (code, latest) in latest {
            guard let film = files["movie/\(code)/index.html"].map({ String(decoding: $0, as: UTF8.self) }) else { continue }
            #expect(film.contains(KoreanFormat.people(latest.total)), "\(code): \(latest)")
            let movie = try Self.json(files["data/movie/\(code).json"]) as! [String: Any]
            let columns = movie["columns"] as! [String], history = movie["history"] as! [[Any]]
            if (history.last![columns.firstIndex(of: "audienceTotal")!] as! NSNumber).int64Value < latest.total {
                fromFilters += 1
            }
        }
        #expect(fromFilters > 0, "a month of the demo has films that stay on a filter's chart")
        #expect(page.contains("<h1>\(name)</h1>") && page.contains("<p class=\"eyebrow\">감독"))
        #expect(page.contains("<span class=\"sr\">\(KoreanFormat.people(sum))</span>"), "the sum of \(codes.count) films")
        #expect(page.contains("영화 \(codes.count)편의 누적 관객 합"))
        #expect(page.components(separatedBy: "<rect class=\"bar\"").count - 1 == codes.count, "one bar per film in the chart")
    }

    @Test func everyCreditedPersonHasOnePageReachableFromTheSearchPage() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 20)
        let files = try SiteFixture.files(out)
        // A page for every director and every actor a film page shows with two films or more.
        var directors = Set<String>(), shown = Set<String>(), films: [String: Int] = [:]
        var codes: [String] = []
        for path in files.keys where path.hasPrefix("data/movie/") && path.hasSuffix(".json") {
            let movie = try Self.json(files[path]) as! [String: Any]
            codes.append(movie["code"] as! String)
            let details = movie["details"] as! [String: Any]
            var inFilm = Set<String>()
            for p in details["directors"] as! [[String: Any]] {
                directors.insert("\(p["name"]!)|\(p["englishName"]!)"); inFilm.insert("\(p["name"]!)|\(p["englishName"]!)")
            }
            for (i, p) in (details["actors"] as! [[String: Any]]).enumerated() {
                let key = "\(p["name"]!)|\(p["englishName"]!)"
                if i < MoviePage.actorsShown { shown.insert(key) }
                inFilm.insert(key)
            }
            for key in inFilm { films[key, default: 0] += 1 }
        }
        let credited = directors.union(shown.filter { films[$0, default: 0] >= 2 })
        let pages = files.keys.filter { $0.hasPrefix("person/") }
        #expect(pages.count == credited.count, "one page per name + English name")
        #expect(shown.contains { films[$0] == 1 }, "some shown actors have one film and no page")
        let search = try SiteFixture.text(out, "search/index.html")
        for path in pages {
            let id = path.dropFirst("person/".count).dropLast("/index.html".count)
            #expect(id.wholeMatch(of: /[0-9a-f]{10}(-[0-9]+)?/) != nil, "safe id: \(id)")
            #expect(search.contains("href=\"../\(path)\""), "\(path) is on the search page")
        }
        for code in codes { #expect(search.contains("href=\"../movie/\(code)/index.html\"")) }
    }

    @Test func theSearchPageListsFilmsInGanadaOrderGroupedByInitialConsonant() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 20)
        let search = try SiteFixture.text(out, "search/index.html")
        let films = try #require(search.range(of: "<section class=\"az\" aria-labelledby=\"az-films\">")?.upperBound)
        let people = try #require(search.range(of: "aria-labelledby=\"az-people\"")?.lowerBound)
        let part = String(search[films..<people])
        let titles = part.matches(of: /<li><a href="[^"]*">([^<]*)<\/a>/).map { String($0.output.1) }
        #expect(titles.count > 10)
        #expect(titles.map(SearchPage.sortKey) == titles.map(SearchPage.sortKey).sorted(), "가나다 order")
        let headings = part.matches(of: /<h3 id="f[0-9]+">([^ <]+)/).map { String($0.output.1) }
        #expect(headings == SearchPage.groups.filter { headings.contains($0) }, "groups in ㄱ…ㅎ order: \(headings)")
        #expect(SearchPage.groups[SearchPage.group(of: "꽃잎")] == "ㄱ" && SearchPage.groups[SearchPage.group(of: "「범죄도시」")] == "ㅂ")
        #expect(SearchPage.groups[SearchPage.group(of: "Wonka")] == "A–Z" && SearchPage.groups[SearchPage.group(of: "1987")] == "기타")
    }

    @Test func theSearchIndexHasEveryFilmPersonAndTheDaysAndStaysCompact() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 14)
        let files = try SiteFixture.files(out)
        let index = try Self.json(files["search/index.json"]) as! [String: Any]
        #expect(index["r"] as? [String] == ["2024-01-28", "2024-02-10"])
        let films = index["f"] as! [[Any]]
        let manifest = try Self.json(files["data/index.json"]) as! [String: Any]
        let codes = (manifest["movies"] as! [[String: Any]]).map { $0["code"] as! String }
        #expect(Set(films.map { $0[0] as! String }) == Set(codes) && films.count == codes.count)
        let totals = films.map { ($0[3] as! NSNumber).int64Value }
        #expect(totals == totals.sorted(by: >), "most watched first")
        let people = index["p"] as! [[Any]]
        #expect(Set(people.map { "person/\($0[0])/index.html" }) == Set(files.keys.filter { $0.hasPrefix("person/") }))
        // Every person's films point into the film list.
        #expect(people.allSatisfy { ($0[3] as! [Int]).allSatisfy { films.indices.contains($0) } })
        // Loaded only when the box is used: no page links it, and it is no bigger than it must be.
        #expect(!(try SiteFixture.text(out, "index.html")).contains("index.json\""))
        #expect(files["search/index.json"]!.count < 400 * (films.count + people.count))
    }

    @Test func hostileNamesAreEscapedInPersonPagesIdsAndTheIndex() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 2, source: HostileSource())
        let files = try SiteFixture.files(out)
        let pages = files.keys.filter { $0.hasPrefix("person/") }.sorted()
        #expect(pages.count == 2, "one director and one actor, shared by every film: \(pages)")
        for path in pages { #expect(path.wholeMatch(of: /person\/[0-9a-f]{10}\/index\.html/) != nil, "\(path)") }
        let html = pages.map { String(decoding: files[$0]!, as: UTF8.self) }.joined()
        #expect(html.contains("<h1>&lt;b&gt;감독&lt;/b&gt; &amp; &quot;따옴표&quot;</h1>"))
        #expect(html.contains("<h1>{{&gt; partials/header}}</h1>"), "Mustache in a name is text")
        #expect(html.contains("배우 · &lt;i&gt;역&lt;/i&gt; 역"))
        for raw in ["<b>감독", "<i>역", "<script>alert"] { #expect(!html.contains(raw), "\(raw)") }
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;"), "film titles escaped")
        let search = try SiteFixture.text(out, "search/index.html")
        #expect(!search.contains("<b>감독") && search.contains("&lt;b&gt;감독&lt;/b&gt;"))

        // The index is valid JSON with every name exactly as sent.
        let index = try Self.json(files["search/index.json"]) as! [String: Any]
        let names = Set((index["p"] as! [[Any]]).map { $0[1] as! String })
        #expect(names == ["<b>감독</b> & \"따옴표\"", "{{> partials/header}}"])
        let titles = Set((index["f"] as! [[Any]]).map { $0[1] as! String })
        #expect(titles.contains("<script>alert(\"x\")</script> & 'q'") && titles.contains("줄 바꿈 탭끝"))
        #expect((index["f"] as! [[Any]]).allSatisfy { ($0.count < 7) || ($0[6] as! String).hasPrefix("https://") })
    }
}
