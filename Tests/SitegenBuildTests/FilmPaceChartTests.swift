import Foundation
import SitegenModel
import SitegenRender
import Testing
import SitegenSiteSupport

/// The film page's pace chart, read back from the built page in both editions and checked against
/// a brute force over every row the site publishes (`PaceRows`): which films are drawn, each
/// line's points, the axis and the legend's figures.
@Suite struct FilmPaceChartTests {
    struct Line { let key: Int; let points: [(x: Int, y: Int)] }
    struct Legend { let key: Int; let code: String?; let role: String; let value: String }

    static func section(_ html: String) -> String? {
        guard let start = html.range(of: "<section class=\"pace-section\""),
            let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    static func lines(_ section: String) -> [Int: [(x: Int, y: Int)]] {
        var lines: [Int: [(x: Int, y: Int)]] = [:]
        for match in section.matches(of: /<polyline class="p(\d)" points="([^"]*)"/) {
            lines[Int(match.output.1)!] = match.output.2.split(separator: " ").map {
                let xy = $0.split(separator: ",").map { Int($0)! }
                return (xy[0], xy[1])
            }
        }
        return lines
    }

    static func legend(_ section: String) -> [Legend] {
        section.matches(of: /<li><span class="key pace-key p(\d)"><\/span><(?:a href="[^"]*movie\/(\w+)\/index\.html"|strong)[^>]*>[^<]*<\/(?:a|strong)> <small>([^<]*) · ([^<]*)<\/small><\/li>/)
            .map { Legend(key: Int($0.output.1)!, code: $0.output.2.map(String.init), role: String($0.output.3),
                          value: String($0.output.4)) }
    }

    /// The axis's top: four steps of 1, 2 or 5 times a power of ten over the highest figure drawn.
    static func axisTop(_ highest: Int64) -> Int64 {
        var magnitude: Int64 = 1
        while true {
            for step: Int64 in [1, 2, 5] where 4 * step * magnitude >= max(highest, 4) { return 4 * step * magnitude }
            magnitude *= 10
        }
    }

    @Test func everyComparedFilmsChartDrawsItsTotalsByDayBesideTheBiggestFilms() async throws {
        let out = try SiteFixture.temporaryFolder().appendingPathComponent("_site")
        try await SiteFixture.build(into: out, days: 153, until: "2021-10-31", english: true)
        let films = try PaceRows(out, year: 2021)
        // Every film compared, biggest (latest total) first.
        let ranking = films.compared.sorted { (films.latest($0).total, $1) > (films.latest($1).total, $0) }
        var drawn = 0, long = 0
        for code in films.rows.keys.sorted() {
            let html = try SiteFixture.text(out, "movie/\(code)/index.html")
            let english = try SiteFixture.text(out, "en/movie/\(code)/index.html")
            guard films.compared.contains(code) else {
                // Opened before the first day built: no chart in either edition.
                #expect(Self.section(html) == nil && Self.section(english) == nil, "\(code)")
                continue
            }
            let (n, mine) = films.latest(code)
            let year = films.open[code]!.year
            // The biggest three, then its year's biggest, up to five, never itself.
            var picks: [(code: String, role: String)] = []
            for (i, other) in ranking.enumerated() where other != code && picks.count < 3 {
                picks.append((other, "역대 누적 \(i + 1)위"))
            }
            for (i, other) in ranking.filter({ films.open[$0]!.year == year }).enumerated()
            where other != code && picks.count < 5 && !picks.contains(where: { $0.code == other }) {
                picks.append((other, "\(year)년 개봉작 누적 \(i + 1)위"))
            }
            // Two weeks at least, never past the last day any of them has come to.
            let reach = picks.map { films.last.days(since: films.open[$0.code]!) + 1 }.max()!
            let span = max(n, min(14, reach))
            // A film seen only in previews, its opening day still to come, has no run to draw yet.
            guard films.total(code, day: n) != nil else {
                #expect(Self.section(html) == nil && Self.section(english) == nil, "\(code)")
                continue
            }
            let section = try #require(Self.section(html), "\(code) has no pace chart")
            let englishSection = try #require(Self.section(english), "\(code) has no English pace chart")
            #expect(section.contains("<span class=\"date-label end\" style=\"right:0\">\(span)일차</span>"), "\(code)")
            let lines = Self.lines(section)
            // The days drawn: every day, or at most 40 spread evenly, the last the film's own.
            let ownDays = try #require(lines[0]).map { 1 + Int((Double($0.x) / 1000 * Double(span - 1)).rounded()) }
            let days = span <= 40 ? Array(1...span) : ownDays
            #expect(days.count <= 40 && days.first == 1 && days.last == span, "\(code): \(days)")
            if span > 40 {
                long += 1
                let gap = Double(span - 1) / 39
                for (a, b) in zip(days, days.dropFirst()) { #expect(abs(Double(b - a) - gap) <= 1, "\(code): \(days)") }
            }
            let own = days.filter { $0 <= n }.compactMap { d in films.total(code, day: d).map { (d, $0) } }
            let others = picks.map { pick in
                (pick, days.compactMap { d in films.total(pick.code, day: d).map { (d, $0) } })
            }.filter { $0.1.count >= 2 }
            let all = [own] + others.map(\.1)
            let top = Self.axisTop(all.flatMap { $0.map(\.1) }.max()!)
            #expect(section.contains("style=\"top:0.0%\">\(KoreanFormat.compact(top))</span>"), "\(code): top \(top)")
            #expect(lines.count == all.count, "\(code): \(lines.count) lines, \(all.count) expected")
            for (key, expected) in all.enumerated() {
                let points = expected.map { d, total in
                    (Int((Double(d - 1) / Double(span - 1) * 1000).rounded()),
                     Int((1000 - Double(total) / Double(top) * 1000).rounded()))
                }
                let found = lines[key] ?? []
                #expect(found.map(\.x) == points.map(\.0) && found.map(\.y) == points.map(\.1), "\(code) line \(key)")
            }
            #expect(section.contains("d=\"M\(lines[0]!.last!.x) \(lines[0]!.last!.y)h0\""), "\(code): no dot at its day")
            // The legend names every line, its place and its total at the film's day (or its own latest).
            let legend = Self.legend(section)
            #expect(legend.map(\.key) == Array(0..<all.count), "\(code): \(legend.map(\.key))")
            #expect(legend.first?.code == nil && legend.first?.role == "이 영화", "\(code)")
            #expect(legend.first?.value == "\(n)일차 \(KoreanFormat.compact(mine))", "\(code)")
            for (item, (pick, points)) in zip(legend.dropFirst(), others) {
                let at = points.last { $0.0 <= n }!
                #expect(item.code == pick.code && item.role == pick.role, "\(code): \(item) for \(pick)")
                #expect(item.value == "\(at.0)일차 \(KoreanFormat.compact(at.1))", "\(code): \(item)")
            }
            // The English edition draws the same lines, and names them in its words.
            #expect(Self.lines(englishSection).mapValues { $0.map { "\($0.x),\($0.y)" } }
                    == lines.mapValues { $0.map { "\($0.x),\($0.y)" } }, "\(code)")
            let englishLegend = Self.legend(englishSection)
            #expect(englishLegend.map(\.code) == legend.map(\.code), "\(code)")
            #expect(englishLegend.first?.value == "day \(n): \(EnglishFormat.compact(mine))", "\(code)")
            #expect(englishLegend.first?.role == "This film" && englishSection.contains("Day \(span)</span>"), "\(code)")
            drawn += 1
        }
        #expect(drawn >= 20 && long >= 3, "\(drawn) charts, \(long) over 40 days")
    }
}
