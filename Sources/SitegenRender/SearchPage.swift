import SitegenBasics
import Foundation
import SitegenModel
import SitegenMustache

/// `search/index.html`: every film and person in 가나다 order, grouped by initial consonant. The
/// search box submits here, so without JavaScript nothing on the site is out of reach.
enum SearchPage {
    /// Group labels: the 14 basic initial consonants (ㄲ files under ㄱ, as dictionaries do), then
    /// Latin letters, then everything else.
    static let groups = ["ㄱ", "ㄴ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅅ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ", "A–Z", "기타"]
    /// Initial consonant index (19 of them, U+AC00 order) → group.
    private static let initialGroup = [0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12, 13]

    static func group(of text: String) -> Int {
        let plainFirst = text.unicodeScalars.first.flatMap { isPlainAlphanumeric($0) ? $0 : nil }
        guard let first = plainFirst ?? text.unicodeScalars.first(where: { CharacterSet.alphanumerics.contains($0) })
        else { return 15 }
        switch first.value {
        case 0xAC00...0xD7A3: return initialGroup[Int(first.value - 0xAC00) / 588]
        case 0x41...0x5A, 0x61...0x7A: return 14
        default: return 15
        }
    }

    /// 가나다 order is Unicode order for Hangul syllables; leading punctuation is skipped.
    static func sortKey(_ text: String) -> String {
        // Most names start with a Hangul syllable or an ASCII letter or digit and have no capitals
        // to lower: the key is the name itself, without asking Foundation about every character.
        if let first = text.unicodeScalars.first, isPlainAlphanumeric(first),
            text.unicodeScalars.allSatisfy({
                $0.value < 0x80 ? !(0x41...0x5A).contains($0.value) : (0xAC00...0xD7A3).contains($0.value)
            })
        {
            return text
        }
        let scalars = text.unicodeScalars.drop { !CharacterSet.alphanumerics.contains($0) }
        return String(String.UnicodeScalarView(scalars)).lowercased()
    }

    /// An ASCII letter or digit, or a Hangul syllable: alphanumeric without asking CharacterSet.
    static func isPlainAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0xAC00...0xD7A3: true
        default: false
        }
    }

    /// English names group by their first letter, A to Z, then everything else.
    static func englishGroup(of text: String) -> (Int, String) {
        guard let first = text.unicodeScalars.first(where: { CharacterSet.alphanumerics.contains($0) }) else {
            return (27, "#")
        }
        switch first.value {
        case 0x41...0x5A: return (Int(first.value - 0x41), String(first))
        case 0x61...0x7A: return (Int(first.value - 0x61), String(first).uppercased())
        case 0x30...0x39: return (26, "0–9")
        default: return (27, "#")
        }
    }

    struct Item { let text: String; let href: String; let detail: String }

    /// The films' and the people's lists, each grouped by its initial: the people's (23,000 in a
    /// real-sized history) on another core beside the films' and the search index, so the page
    /// that every morning renders again is no longer the last one the other core waits for.
    static func context(_ site: SiteModel) -> TemplateValue {
        let people = Later {
            let items = peopleItems(site)
            return (count: items.count, groups: grouped(items, prefix: "p", site.words))
        }
        let films = filmItems(site)
        let filmGroups = grouped(films, prefix: "f", site.words)
        let (personCount, personGroups) = people.value
        return context(site, films: (films.count, filmGroups), people: (personCount, personGroups))
    }

    static func grouped(_ items: [Item], prefix: String, _ w: Words) -> [TemplateValue] {
        // Each key worked out once, not in every comparison (thousands of names), and compared
        // as UTF-8 bytes: the same order as String's for the NFC text KOBIS sends, without
        // String's normalizing comparison of Hangul (a tenth of a morning's pages).
        let sorted = items.map { (key: Array(sortKey($0.text).utf8), text: Array($0.text.utf8), item: $0) }
            .sorted { a, b in
                if a.key != b.key { return a.key.lexicographicallyPrecedes(b.key) }
                if a.text != b.text { return a.text.lexicographicallyPrecedes(b.text) }
                return a.item.href < b.item.href
            }.map(\.item)
        let byGroup = Dictionary(grouping: sorted) { w.searchGroup(of: $0.text) }
        return byGroup.keys.sorted().map { g in
            let label = w.searchGroupLabel(g, first: byGroup[g]![0].text)
            return [
                "label": .text(label), "anchor": .text("\(prefix)\(g)"), "count": .int(byGroup[g]!.count),
                "items": .list(
                    byGroup[g]!.map { ["text": .text($0.text), "href": .text($0.href), "detail": .text($0.detail)] }
                )
            ]
        }
    }

    static func filmItems(_ site: SiteModel) -> [Item] {
        let w = site.words
        return site.films.values.map { film in
            Item(
                text: PeopleIndex.clean(site.title(of: film.code)), href: site.href(.movie(film.code), from: .search),
                detail: [
                    film.openDate.map { "\($0.year)" }, w("totalShort2", w.people(film.audienceTotal, compact: true))
                ]
                .compactMap { $0 }.joined(separator: " · "))
        }
    }

    static func peopleItems(_ site: SiteModel) -> [Item] {
        let w = site.words
        return site.people.people.map { person in
            Item(text: w.personName(person.name, english: person.englishName),
                 href: site.href(.person(person.id), from: .search),
                 detail: PersonPage.roleLabel(person, w) + " · " + w("filmsText", "\(person.credits.count)"))
        }
    }

    /// The page's values around the two lists, each a count and its groups.
    static func context(
        _ site: SiteModel, films: (count: Int, groups: [TemplateValue]), people: (count: Int, groups: [TemplateValue])
    ) -> TemplateValue {
        let route = Route.search
        let w = site.words
        // The example date is one the site has (its latest), so trying it finds something.
        let example = site.days.last?.date ?? Day(year: 2024, month: 2, day: 10)!
        let content: TemplateValue = [
            "help": .text(w("searchHelp", example.iso, w.monthDay(example))),
            "filmCount": .text(KoreanFormat.grouped(films.count)),
            // 「1편」, "1 film": the count with its noun, singular for one.
            "filmCountText": .text(w("filmsText", KoreanFormat.grouped(films.count))),
            "helpFilms": .text(w("searchHelpFilms", films.count == 1 ? "1" : "")),
            "personCount": .text(KoreanFormat.grouped(people.count)),
            "films": .list(films.groups),
            "people": .list(people.groups),
        ]
        return site.base(route, title: w("searchTitle"), description: w("searchDescription"),
                         kind: "search", content: ["search": content])
    }
}

/// The search page, its index and the script that carries the index for pages opened from disk.
struct SearchJob: PageJob {
    func id(_ site: SiteModel) -> String { "search" }
    /// A fifth of a real-sized morning's rendering: begun first.
    var rendersLong: Bool { true }

    func key(_ keys: PageKeys, into f: inout Fingerprint) -> Bool {
        keys.addSearch(to: &f)
        return true
    }

    /// The index beside the page, and the page's 31,000 entries freed beside the pages still to
    /// write: the last of a morning's pages to end was this one, while the other core sat idle.
    func render(_ site: SiteModel, _ templates: Templates) throws -> ([OutputFile], Int) {
        let index = Later { SearchIndex.json(site) }, path = site.path(.searchIndex)
        let context = SearchPage.context(site)
        let page = try site.page(.search, "search", context, templates)
        FreeLater.inBackground(consume context)
        let json = index.value
        return ([page, OutputFile(path: path, contents: json),
                 OutputFile(path: SearchIndex.scriptPath(path), contents: SearchIndex.script(json))], 1)
    }
}
