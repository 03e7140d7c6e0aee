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

    /// Each line's points, by its key: a path's first point, then each step from the one before.
    static func lines(_ section: String) -> [Int: [(x: Int, y: Int)]] {
        var lines: [Int: [(x: Int, y: Int)]] = [:]
        for match in section.matches(of: /<path class="p(\d)" d="M(\d+) (\d+)(?:l([^"]*))?"\/>/) {
            var points = [(x: Int(match.output.2)!, y: Int(match.output.3)!)]
            let numbers = (match.output.4 ?? "").matches(of: /-?\d+/).map { Int($0.output)! }
            for i in stride(from: 0, to: numbers.count, by: 2) {
                points.append((points.last!.x + numbers[i], points.last!.y + numbers[i + 1]))
            }
            lines[Int(match.output.1)!] = points
        }
        return lines
    }

    /// Each legend entry: its key, the film it links (none for the film's own), its place and figure.
    static func legend(_ section: String) -> [Legend] {
        let other = /<li><span class="pk p(\d)"><\/span><a href="[^"]*movie\/(\w+)\/index\.html"[^>]*>[^<]*<\/a>/
        let own = /<li><span class="pk p(\d)"><\/span><strong>([^<]*)<\/strong> <small>([^<]*)<\/small><\/li>/
        return section.split(separator: "\n").compactMap { line in
            if let m = line.firstMatch(of: own) {
                return Legend(key: Int(m.output.1)!, code: nil, role: String(m.output.2), value: String(m.output.3))
            }
            guard let m = line.firstMatch(of: other), let words = line.firstMatch(of: /<\/a> <small>([^<]*) · ([^<]*)</)
            else { return nil }
            return Legend(key: Int(m.output.1)!, code: String(m.output.2), role: String(words.output.1),
                          value: String(words.output.2))
        }
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
            // The biggest two, then its year's biggest, three in all, never itself.
            var picks: [(code: String, role: String)] = []
            for (i, other) in ranking.enumerated() where other != code && picks.count < 2 {
                picks.append((other, "역대 누적 \(i + 1)위"))
            }
            for (i, other) in ranking.filter({ films.open[$0]!.year == year }).enumerated()
            where other != code && picks.count < 3 && !picks.contains(where: { $0.code == other }) {
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
            let end = "<span class=\"date-label end\" style=\"right:0\">"
            #expect(section.contains(end + "\(span)일차</span>"), "\(code)")
            let lines = Self.lines(section)
            // The days drawn: every day, or at most 20 spread evenly, the last the film's own.
            #expect(section.contains("viewBox=\"0 0 \(span - 1).0 1000.0\""), "\(code)")
            let ownDays = try #require(lines[0]).map { $0.x + 1 }
            let days = span <= 20 ? Array(1...span) : ownDays
            #expect(days.count <= 20 && days.first == 1 && days.last == span, "\(code): \(days)")
            if span > 20 {
                long += 1
                let gap = Double(span - 1) / 19
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
                    (d - 1, Int((1000 - Double(total) / Double(top) * 1000).rounded()))
                }
                let found = lines[key] ?? []
                #expect(found.map(\.x) == points.map(\.0) && found.map(\.y) == points.map(\.1), "\(code) line \(key)")
            }
            let now = lines[0]!.last!
            #expect(section.contains("<path class=\"p0 now\" d=\"M\(now.x) \(now.y)h0\"/>"), "\(code): no dot at its day")
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
            #expect(englishLegend.first?.role == "This film", "\(code)")
            #expect(englishSection.contains(end + "Day \(span)</span>"), "\(code)")
            drawn += 1
        }
        #expect(drawn >= 20 && long >= 3, "\(drawn) charts, \(long) over 20 days")
    }
}
