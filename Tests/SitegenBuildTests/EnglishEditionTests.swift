import Foundation
import Testing
import SitegenSiteSupport
import SitegenBuild
import SitegenDemo
import SitegenFetch
import SitegenModel
@testable import SitegenRender
import SitegenTestSupport
import SitegenDecode

/// The English edition's frame: every page kind mirrored under `en/`, each page pointing at its
/// counterpart both ways, and the English pages' links staying in the English edition.
@Suite struct EnglishEditionTests {
    static func site(
        languages: [Language], baseURL: String? = nil, cards: Bool = false, source: any BoxOfficeSource = DemoSource(),
        notes: NoteSources = NoteSources(), days count: Int = 10
    ) async throws -> [String: String] {
        let last = Day(iso: "2024-02-10")!
        let days = (0..<count).map { last.adding(days: $0 - count + 1) }
        let dataset = try await Fetcher(source: source, jobs: 2).fetch(days: days).dataset
        var templates = try Inputs.templates(
            at: SiteFixture.repo.appendingPathComponent("Templates"), label: "Templates").templates
        templates.strict = true
        let config = SiteConfig(baseURL: baseURL.flatMap(URL.init(string:)), english: languages.contains(.en), cards: cards)
        let site = try RenderedSite(RenderInput(dataset: dataset, templates: templates, notes: notes,
                                                config: config, buildTime: SiteFixture.buildTime))
        return Dictionary(uniqueKeysWithValues: site.files.map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) })
    }

    @Test func everyKoreanPageHasAnEnglishOneThatLinksBack() async throws {
        let files = try await Self.site(languages: [.ko, .en], baseURL: "https://example.com/box/")
        let korean = files.keys.filter { $0.hasSuffix(".html") && !$0.hasPrefix("en/") }
        #expect(korean.count > 40)
        for path in korean.sorted() {
            let english = try #require(files["en/" + path], "\(path) has no English page")
            #expect(english.hasPrefix("<!doctype html>\n<html lang=\"en\">"), "en/\(path)")
            // Every page with an address (the 404 has none: it is served at any path).
            #expect(path == "404.html" || english.contains("<meta property=\"og:locale\" content=\"en_US\">"), "en/\(path)")
            let pretty = path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
            for page in [files[path]!, english] {
                #expect(page.contains("<link rel=\"alternate\" hreflang=\"ko\" href=\"https://example.com/box/\(pretty)\">"),
                        "\(path)")
                #expect(page.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"https://example.com/box/en/\(pretty)\">"),
                        "\(path)")
            }
            #expect(files[path]!.contains("hreflang=\"en\" lang=\"en\">English</a>"), "\(path) has no switch")
            #expect(english.contains("hreflang=\"ko\" lang=\"ko\">한국어</a>"), "en/\(path) has no switch")
        }
        #expect(files["en/feed.xml"] != nil && files["en/search/index.json"] != nil)
        #expect(!files.keys.contains { $0.hasPrefix("en/data/") || $0.hasPrefix("en/card/") })
    }

    @Test func englishPagesLinkWithinTheEnglishEditionAndToTheSharedFiles() async throws {
        let files = try await Self.site(languages: [.ko, .en])
        let pattern = try NSRegularExpression(pattern: ##"(?:href|src)="([^"#]*)"##)
        var checked = 0
        for (path, html) in files where path.hasPrefix("en/") && path.hasSuffix(".html") && path != "en/404.html" {
            let folder = (path as NSString).deletingLastPathComponent
            for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                let link = String(html[Range(match.range(at: 1), in: html)!])
                if link.isEmpty || link.contains("://") { continue }
                let resolved = String(URL(fileURLWithPath: "/site/" + folder + "/" + link).standardizedFileURL.path
                    .dropFirst("/site/".count))
                #expect(files[resolved] != nil || resolved.hasPrefix("poster/") || resolved.hasPrefix("style")
                        || resolved.hasPrefix("site") || resolved.hasPrefix("search") || resolved.hasPrefix("favicon"),
                        "\(path): \(link) does not resolve")
                if resolved.hasSuffix(".html") && !html.contains("hreflang=\"ko\" lang=\"ko\" href") {
                    let isSwitch = html.contains("href=\"\(link)\" hreflang=\"ko\"")
                    #expect(resolved.hasPrefix("en/") || isSwitch, "\(path): \(link) leaves the English edition")
                }
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test func aKoreanOnlySiteHasNoSwitchAndNoEnglishPages() async throws {
        let files = try await Self.site(languages: [.ko])
        #expect(!files.keys.contains { $0.hasPrefix("en/") })
        #expect(!files["index.html"]!.contains("hreflang") && !files["index.html"]!.contains("lang-switch"))
    }

    /// What a reader of the English day page came for, in English: the date, the films' English
    /// titles, figures with separators, the holiday's name, and no Korean outside `lang="ko"`.
    @Test func englishPagesSpeakEnglishWithKoreanOnlyWhereMarked() async throws {
        let files = try await Self.site(languages: [.ko, .en])
        let day = try #require(files["en/date/2024-02-10/index.html"])
        #expect(day.contains("<h1>Sat, Feb 10, 2024 <span class=\"holiday-name\">Seollal</span></h1>"))
        #expect(day.contains("Daily box office") && day.contains("Top 10 admissions") && day.contains("--l5:'Today '"))
        let home = try #require(files["en/index.html"])
        #expect(home.contains("Latest box office · Sat, Feb 10, 2024"))
        for (path, html) in files where path.hasPrefix("en/") && path.hasSuffix(".html") {
            // The head's title and descriptions name a page's subject and cannot mark a Korean
            // name (a distributor KOBIS names only in Korean); everything else in it is checked.
            let korean = Self.koreanOutsideMarkedNames(html.replacing(
                /<title>[^<]*<\/title>|<meta (?:name|property)="(?:description|og:title|og:description|twitter:title|twitter:description)" content="[^"]*">/,
                with: ""))
            #expect(korean.isEmpty, "\(path): \(korean.prefix(3))")
        }
        // Every film's English title is on its English page; its Korean title beside it, marked.
        let search = try #require(files["en/search/index.json"])
        #expect(search.contains("\"Quiet War\",2023,5735976,\"조용한 전쟁\""), "English title first, Korean second")
        let movie = try #require(files["en/movie/20234611/index.html"])
        #expect(movie.contains("<h1>Quiet War</h1>") && movie.contains("<p class=\"en-title\" lang=\"ko\">조용한 전쟁</p>"))
        #expect(movie.contains("<dt>Genre</dt>") && !movie.contains("<dt>장르</dt>"))
    }

    @Test func aNameKOBISGivesOnlyInKoreanIsRomanizedAndATermOutsideTheTableStaysKorean() {
        let w = Words(language: .en, table: [:])
        #expect(w.filmTitle("괴물", english: "") == "Goemul" && w.filmTitle("괴물", english: "The Host") == "The Host")
        #expect(w.personName("봉준호", english: " ") == "Bong Jun-ho")
        #expect(w.companyName("(주)쇼박스", english: "Showbox") == "Showbox")
        #expect(w.terms(["범죄", "액션"], w.genre) == "Crime, Action" && w.terms(["신파극"], w.genre) == "신파극")
        #expect(w.grade("15세이상관람가") == "15+" && w.nation("미국") == "USA")
        #expect(HolidayNames.english("대체공휴일(설날·삼일절)") == "Substitute holiday (Seollal, Independence Movement Day)")
        #expect(HolidayNames.english("추석 연휴") == "Chuseok holiday")
        #expect(HolidayNames.english("제22대 국회의원선거") == "National Assembly election")
    }

    /// Only what is Korean is romanized: a Korean film without an English title, a Korean person.
    /// A foreign film's Korean title is a transliteration, so it gives way to its original title,
    /// or stays Korean (marked) with the page saying the English title is not known yet; so does
    /// a film whose nation is not known because its details are missing.
    @Test func onlyKoreanFilmsAndPeopleAreRomanized() {
        let w = Words(language: .en, table: [:])
        #expect(w.film("괴물", english: "", koreanFilm: true) == ("Goemul", false))
        #expect(w.film("슈퍼 마리오 브라더스", english: "", original: "The Super Mario Bros. Movie", koreanFilm: false)
                == ("The Super Mario Bros. Movie", false))
        #expect(w.film("존 윅 4", english: "", koreanFilm: false) == ("존 윅 4", true))
        #expect(w.film("더 퍼스트 슬램덩크", english: "", original: "THE FIRST SLAM DUNK", koreanFilm: nil)
                == ("THE FIRST SLAM DUNK", false))
        #expect(w.film("더 퍼스트 슬램덩크", english: "", original: "ザ・ファースト・スラムダンク", koreanFilm: false).isKorean == false)
        #expect(w.film("미지의 영화", english: "", koreanFilm: nil) == ("미지의 영화", true))
        #expect(w.film("존 윅 4", english: "John Wick: Chapter 4", koreanFilm: false) == ("John Wick: Chapter 4", false))
        #expect(w.person("봉준호", english: "") == ("Bong Jun-ho", false))
        #expect(w.person("키아누 리브스", english: "") == ("키아누 리브스", true))
        // A company's Korean name is mostly loanwords (「오름스튜디오」 is no 「Oreumseutyudio」):
        // without KOBIS's English name it stays Korean, to be marked.
        #expect(w.company("오름스튜디오", english: "") == ("오름스튜디오", true))
        #expect(w.company("(주)쇼박스", english: "") == ("(주)쇼박스", true))
    }

    /// A distributor KOBIS names only in Korean: its English page marks the name wherever it
    /// stands, in the heading and inside the tables' sentences, and names the tables by those
    /// sentences rather than by attributes that could not mark it.
    @Test func aDistributorWithoutAnEnglishNameIsMarkedInsideItsSentences() async throws {
        let files = try await Self.site(languages: [.ko, .en])
        var checked = 0
        for (path, html) in files where path.hasPrefix("en/distributor/") && path.hasSuffix("/index.html") {
            guard let h1 = html.firstMatch(of: /<h1 lang="ko">([^<]+)<\/h1>/) else { continue }
            let name = h1.output.1
            #expect(html.contains("<caption class=\"sr\" id=\"dist-years-caption\">Admissions and share by year of <span lang=\"ko\">\(name)</span> ("), "\(path)")
            #expect(html.contains("<caption class=\"sr\" id=\"dist-films-caption\">Films distributed by <span lang=\"ko\">\(name)</span>, by opening date</caption>"), "\(path)")
            #expect(html.contains("aria-labelledby=\"dist-years-caption\"") && !html.contains("aria-label=\"\(name)"), "\(path)")
            let body = String(html[html.range(of: "<body")!.lowerBound...])
            #expect(Self.koreanOutsideMarkedNames(body).isEmpty, "\(path)")
            checked += 1
        }
        #expect(checked >= 1, "the demo has a distributor without an English name")
        let index = try #require(files["en/distributor/index.html"])
        #expect(index.contains(" lang=\"ko\">오름스튜디오</a>") && !index.contains("Oreumseutyudio"))
        #expect(!index.contains(">1 films<"))
    }

    /// The root 404.html, which hosts answer for every miss, holds both editions' words and picks
    /// by the address: the English block is marked English and links within en/.
    @Test func theRoot404CarriesTheEnglishWordsForAddressesUnderEn() async throws {
        let files = try await Self.site(languages: [.ko, .en])
        let root = try #require(files["404.html"])
        #expect(root.contains("var en = path === root + \"en\" || path.indexOf(root + \"en/\") === 0;"))
        let english = try #require(root.firstMatch(of: /<section class="not-found not-found-en" lang="en" data-title="([^"]+)">[\s\S]*?<\/section>/))
        #expect(english.output.1.hasPrefix("Page not found"))
        #expect(!Romanization.hasHangul(String(english.output.0)))
        for link in english.output.0.matches(of: /href="([^"]+)"/) { #expect(link.output.1.hasPrefix("en/"), "\(link.output.1)") }
        #expect(try #require(files["en/404.html"]).contains("<html lang=\"en\">"))
    }

    /// The wording bugs readers saw on English pages (issue 43), each looked for on every English
    /// page of a range long enough for monthly market points: 「1 days」, a sentence glued after
    /// its full stop (「…sales. of the…」) or before the next (「…admissions The dotted line」), the
    /// year before the weekday, Korean date style (「2025.10」), 「· List ·」 in titles, a week's
    /// range said three times, 「Week 1 Week Weekend」, lower-case labels beside capitalised ones on
    /// phone rows, and compact figures beside full ones in one table column (「4M」 over 「878,487」).
    @Test func englishPagesHaveNoneOfTheWordingBugsReadersSaw() async throws {
        let files = try await Self.site(languages: [.ko, .en], days: 100)
        let bugs: [(String, Regex<Substring>)] = [
            ("a count of one in the plural", /(?:^|[^\d,.])1 (?:days|films|weeks|weekends|months|years|people|times)\b/),
            ("a sentence going on after its full stop", /(?:[a-z]{3}|[^a-zA-Z\s])\. (?:of|the|and|in|to|with|by)\b/),
            ("a sentence running into the next", /[a-z0-9%] The dotted/),
            ("the year before the weekday", /\b\d{4} (?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),/),
            ("a Korean-style date", /\b(?:19|20)\d\d\.(?:1[0-2]|[1-9])(?![\d])/),
            ("a week's links run together", /Week \d+:? Week Weekend/),
            // From a read of the English edition (2026-11-27): Korean word order and mixed notation.
            ("a count after its rank (「1위 24일」 word for word)", /· No\.\s1\s\d+ days?\b/),
            ("a top 10 after its date", /\d{4} top 10\b/),
            ("a rank written with #", /(?:^|\s)#\d+\b/),
            ("a date with its weekday after it", /\b\d{4} \((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\)/),
            ("\"the 1 film\"", /\bthe 1 film\b/),
            ("a range begun with from and joined by a dash", /\bfrom [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4} –\s/),
        ]
        var pages = 0, columns = 0
        for (path, html) in files where path.hasPrefix("en/") && path.hasSuffix(".html") {
            pages += 1
            let title = html.firstMatch(of: /<title>([^<]*)<\/title>/)?.output.1 ?? ""
            #expect(!title.contains("· List ·") && !title.contains("· Posters ·"), "\(path): \(title)")
            // Tooltips too (a film's rank strip says its dates only there).
            let tooltips = html.matches(of: /title="([^"]*)"/).map { String($0.output.1) }
            let text = Self.readable(html) + "\n" + tooltips.joined(separator: "\n")
            for (bug, pattern) in bugs {
                if let found = text.firstMatch(of: pattern) {
                    let start = text.index(found.range.lowerBound, offsetBy: -40, limitedBy: text.startIndex) ?? text.startIndex
                    let end = text.index(found.range.upperBound, offsetBy: 30, limitedBy: text.endIndex) ?? text.endIndex
                    Issue.record("\(path): \(bug): …\(text[start..<end])…")
                }
            }
            // A period's head names its range once, in its heading ("Week of Feb 5–11, 2024").
            if let head = html.firstMatch(of: /<section class="day-head period-head">([\s\S]*?)<p class="day-total">/) {
                let range = Self.readable(String(head.output.1))
                let start = try #require(range.firstMatch(of: /Week(?:end)? of ([A-Z][a-z]{2} \d{1,2})/)).output.1
                #expect(range.ranges(of: start).count == 1, "\(path): \(range)")
            }
            // Labels on phone rows (the chart's CSS labels, a person's film rows) are capitalised.
            for label in html.matches(of: /--l\d+:'([^']*)'/) {
                #expect(label.output.1.first?.isUppercase == true, "\(path): label \(label.output.1)")
            }
            for row in html.matches(of: /<span class="pf-figures">([\s\S]*?)<\/span>\n/) {
                for part in Self.readable(String(row.output.1)).components(separatedBy: " · ")
                    .map({ $0.trimmingCharacters(in: .whitespaces) }) {
                    #expect(part.first.map { $0.isUppercase || $0.isNumber } == true, "\(path): \(part)")
                }
            }
            columns += Self.mixedColumns(html, path: path)
        }
        #expect(pages > 200 && columns > 100, "\(pages) pages, \(columns) columns")
    }

    /// Text with tags, scripts and styles taken out and the entities the pages use decoded; a
    /// block's end is a line break, so two list items never read as one phrase.
    static func readable(_ html: String) -> String {
        var text = html.replacing(/<(script|style)[^>]*>[\s\S]*?<\/(script|style)>/, with: " ")
        text = text.replacing(/<\/(?:li|p|h[1-6]|t[dhr]|div|d[td]|caption|figcaption|section|nav)>|<br>/, with: "\n")
        text = text.replacing(/<[^>]+>/, with: " ")
        for (entity, character) in [("&amp;", "&"), ("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", " ")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.replacing(/[\x20\t]+/, with: " ").replacing(/\x20?\n\s*/, with: "\n")
    }

    /// Every table column's figures in one form, compact (「878K」, 「4M」, 「₩1.1B」) or full
    /// (「878,487」): records a column that mixes them, returns the number of columns looked at.
    static func mixedColumns(_ html: String, path: String) -> Int {
        var looked = 0
        for body in html.matches(of: /<tbody>([\s\S]*?)<\/tbody>/) {
            var kinds: [Int: Set<String>] = [:]
            for row in body.output.1.matches(of: /<tr[^>]*>([\s\S]*?)<\/tr>/) {
                for (i, cell) in row.output.1.matches(of: /<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/).enumerated() {
                    let text = readable(String(cell.output.1))
                    if text.contains(/\d(\.\d)?[KMBT]\b/) { kinds[i, default: []].insert("compact") }
                    else if text.contains(/\b\d{1,3}(,\d{3})+\b/) { kinds[i, default: []].insert("full") }
                }
            }
            for (i, found) in kinds {
                looked += 1
                if found.count > 1 { Issue.record("\(path): a table's column \(i + 1) mixes compact and full figures") }
            }
        }
        return looked
    }

    /// KOBIS's house style (family name in capitals, companies in capitals) as English readers
    /// write names; acronyms stay.
    @Test func kobisCapitalisedNamesAreWrittenAsNames() {
        let w = Words(language: .en, table: [:])
        #expect(w.personName("윤종석", english: "YOON Jong-seok") == "Yoon Jong-seok")
        #expect(EnglishNames.person("SO Ji-sub, KIM Yun-jin") == "So Ji-sub, Kim Yun-jin")
        #expect(EnglishNames.person("KIM YUN-JIN") == "Kim Yun-jin" && EnglishNames.person("J.J. Abrams") == "J.J. Abrams")
        #expect(w.companyName("청람시네마", english: "CHEONGRAM CINEMA") == "Cheongram Cinema")
        #expect(EnglishNames.company("CJ ENM") == "CJ ENM" && EnglishNames.company("NEW") == "NEW")
        #expect(EnglishNames.company("LOTTE ENTERTAINMENT") == "Lotte Entertainment")
        #expect(EnglishNames.company("Showbox") == "Showbox" && EnglishNames.company("CJ ENM CO., LTD.") == "CJ ENM Co., Ltd.")
    }

    /// Films of several nations whose details never arrived: on the English pages a Korean one
    /// is romanized (the Korean chart says it is Korean), a foreign one and one of no known
    /// nation stay Korean, marked, and the film page says no English title is known yet.
    @Test func filmsWithoutDetailsAreNamedByNation() async throws {
        let files = try await Self.site(languages: [.ko, .en], source: DetailsMissingSource())
        var marked = 0
        for (path, html) in files where path.hasPrefix("en/movie/") && path.hasSuffix("index.html") {
            let h1 = try #require(html.firstMatch(of: /<h1( lang="ko")?>([^<]*)<\/h1>/), "\(path)")
            if h1.output.1 != nil {
                marked += 1
                #expect(html.contains("English title not known yet"), "\(path)")
            } else {
                #expect(!Romanization.hasHangul(String(h1.output.2)), "\(path)")
            }
            // The page's <title> and descriptions cannot mark a name Korean: the body is checked.
            let body = String(html[html.range(of: "<body")!.lowerBound...])
            let korean = Self.koreanOutsideMarkedNames(body)
            #expect(korean.isEmpty, "\(path): \(korean.prefix(3))")
        }
        #expect(marked >= 2, "the foreign film and the one of no known nation")
    }

    /// An English page has a card in English: its own drawing (a card is SVG until the painter
    /// rasterises it, so its text is read here as drawn), in the site, never the Korean page's.
    @Test func englishPagesHaveCardsInEnglish() async throws {
        let files = try await Self.site(languages: [.ko, .en], baseURL: "https://example.com/", cards: true)
        var checked = 0
        for (path, html) in files where path.hasPrefix("en/") && path.hasSuffix(".html") {
            let match = try #require(
                html.firstMatch(of: /<meta property="og:image" content="https:\/\/example\.com\/([^"]+)">/), "\(path)")
            let card = String(match.output.1)
            let svg = try #require(files[card], "\(path) names \(card), which the site lacks")
            #expect(!Romanization.hasHangul(svg), "\(path): \(card) has Korean text")
            #expect(svg.contains("Demo · fictional"), "\(path)")
            let korean = try #require(files[String(path.dropFirst(3))])
            #expect(!korean.contains("content=\"https://example.com/\(card)\""), "\(path) shows the Korean page's card")
            checked += 1
        }
        #expect(checked > 40)
    }

    /// Hostile names reach the English pages escaped, and a rating the table lacks stays Korean,
    /// marked so a screen reader reads it in Korean.
    @Test func englishPagesEscapeHostileNamesAndMarkWhatStaysKorean() async throws {
        let files = try await Self.site(languages: [.ko, .en], source: HostileSource())
        let movies = files.filter { $0.key.hasPrefix("en/movie/") && $0.key.hasSuffix("index.html") }
        #expect(!movies.isEmpty)
        for (path, html) in movies {
            #expect(html.contains("<span class=\"grade grade-15\" lang=\"ko\">15세이상관람가&quot;&gt;&lt;script&gt;</span>"), "\(path)")
            #expect(html.contains("&lt;/title&gt;&lt;img src=x onerror=alert(1)&gt;") && !html.contains("<img src=x"), "\(path)")
            #expect(html.contains("<dt>Genre</dt><dd>Drama</dd>"), "\(path)")
        }
    }

    /// A note is written once; on English pages it is marked Korean and its links to pages lead
    /// to their English twins, while links to data stay shared.
    @Test func notesOnEnglishPagesAreMarkedKoreanAndLinkWithinTheEdition() async throws {
        let note = "[날짜별](archive/index.html) · [자료](data/2024.json)"
        let files = try await Self.site(languages: [.ko, .en], notes: NoteSources(site: note))
        let home = try #require(files["en/index.html"])
        #expect(home.contains("<aside class=\"note site-note\" aria-label=\"Site note\" lang=\"ko\">"))
        #expect(home.contains("<a href=\"../en/archive/index.html\">날짜별</a>"), "the archive link is the English one")
        #expect(home.contains("<a href=\"../data/2024.json\">자료</a>"), "the data link stays shared")
        let korean = try #require(files["index.html"])
        #expect(korean.contains("<a href=\"archive/index.html\">날짜별</a>") && korean.contains("<aside class=\"note site-note\" aria-label=\"사이트 노트\">"))
        let ko = SiteModel.namesAPage
        #expect(ko("archive/index.html") && ko("movie/123/") && ko("search") && ko("date/2024-02-10/#x"))
        #expect(!ko("data/2024.json") && !ko("poster/1.svg") && !ko("style.css"))
    }

    /// Every pattern render asks its words for (`w("dayTitle", …)`, `w(isKorean ? "a" : "b")`)
    /// is in both stock tables: a missing one would print its own name on a page.
    @Test func everyWordRenderAsksForIsInBothTables() throws {
        let folder = SiteFixture.repo.appendingPathComponent("Sources/SitegenRender")
        var asked = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /\b(?:w|words|self)\(\s*(?:[^"()]*\?\s*)?"([A-Za-z]+)"(?:\s*:\s*"([A-Za-z]+)")?/) {
                asked.insert(String(match.output.1))
                if let other = match.output.2 { asked.insert(String(other)) }
            }
        }
        // Put together from parts (DayPage's period links).
        for start in ["periodLinkThis", "periodLinkLatest"] { asked.formUnion([start + "Week", start + "Weekend"]) }
        #expect(asked.count > 80, "the scan found \(asked.count) names")
        for language in ["ko", "en"] {
            let data = try Data(contentsOf: SiteFixture.repo.appendingPathComponent("Templates/strings/\(language).json"))
            let table = try JSONDecoder().decode([String: String].self, from: data)
            let missing = asked.filter { table[$0] == nil }.sorted()
            #expect(missing.isEmpty, "strings/\(language).json lacks \(missing)")
        }
    }

    /// Hangul in the visible text and the text attributes, once elements marked `lang="ko"`,
    /// scripts and styles are taken out.
    static func koreanOutsideMarkedNames(_ html: String) -> [String] {
        var text = html.replacing(/<(script|style)[^>]*>[\s\S]*?<\/(script|style)>/, with: "")
        text = text.replacing(/<([a-z][a-z0-9]*)[^>]*lang="ko"[^>]*>[^<]*<\/[a-z][a-z0-9]*>/, with: "")
        // hreflang="ko" and lang="ko" on the switch are attributes, not words.
        return text.matches(of: /[가-힣][^<>"]*/).map { String($0.output) }
    }
}

/// Three films whose movie-info calls all fail (as every film of a backfill before its details
/// arrive): one Korean and one foreign, as KOBIS's Korean and foreign charts sort them, and one
/// on neither.
struct DetailsMissingSource: FakeSource {
    static let films = [("20230001", "괴물의 날", ChartScope.korean), ("20230002", "슈퍼 마리오 브라더스", .foreign),
                        ("20230003", "존 윅 4", .all)]
    var kind: DataSourceKind { .kobis }
    var searchesPosters: Bool { false }

    static func rows(_ scope: ChartScope) -> [[String: String]] {
        films.enumerated().filter { scope == .all || $0.element.2 == scope }.map { i, film in
            ["rnum": "\(i + 1)", "rank": "\(i + 1)", "rankInten": "0", "rankOldAndNew": "OLD", "movieCd": film.0,
             "movieNm": film.1, "openDt": "2024-01-31", "salesAmt": "1000", "salesShare": "1.0", "salesInten": "0",
             "salesChange": "0", "salesAcc": "2000", "audiCnt": "\(1000 - i)", "audiInten": "0", "audiChange": "0",
             "audiAcc": "5000", "scrnCnt": "10", "showCnt": "20"]
        }
    }

    func respond(_ request: SourceRequest) async throws -> SourceResponse {
        func json(_ value: Any) -> Data { try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) }
        switch request {
        case .dailyChart(let day, let scope):
            let rows = scope == .all || scope == .korean || scope == .foreign ? Self.rows(scope) : []
            return SourceResponse(body: json(["boxOfficeResult": ["dailyBoxOfficeList": rows, "showRange": "\(day.compact)~\(day.compact)"]]),
                                  fetchedAt: day.adding(days: 1).startInstantKST)
        case .periodChart(let kind, let start, let scope):
            let end = start.adding(days: kind.length - 1)
            let rows = scope == .all || scope == .korean || scope == .foreign ? Self.rows(scope) : []
            return SourceResponse(body: json(["boxOfficeResult": ["weeklyBoxOfficeList": rows, "showRange": "\(start.compact)~\(end.compact)"]]),
                                  fetchedAt: end.adding(days: 1).startInstantKST)
        case .regionCodes:
            return SourceResponse(body: json(["codes": []]), fetchedAt: nil)
        default:
            throw ResponseMismatchError(reason: "details missing in this test")
        }
    }
}
