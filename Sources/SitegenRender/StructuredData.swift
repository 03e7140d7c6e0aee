import Foundation
import SitegenBasics
import SitegenModel

/// schema.org JSON-LD for search engines and link previews: a `Movie` on each film page, an
/// `ItemList` of each chart, and a `BreadcrumbList` on both. Written with the site's own JSON
/// writer, so keys keep one order and rebuilds stay byte-identical. URLs are absolute with
/// `--base-url` and relative to the page without it (JSON-LD resolves them against the page).
enum StructuredData {
    typealias Value = JSONWriter.Value

    /// The text of a `<script type="application/ld+json">` element. Every "<" is written as
    /// \u003c: only strings hold one, and no title from the network can then end the element.
    static func script(_ items: [Value]) -> String? {
        guard !items.isEmpty else { return nil }
        let text = JSONWriter.text(.object([("@context", .string("https://schema.org")), ("@graph", .array(items))]))
        // Byte by byte rather than Foundation's replacingOccurrences, which bridged to NSString
        // on every page and took 4% of a build.
        guard text.utf8.contains(UInt8(ascii: "<")) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "<") { bytes += Array("\\u003c".utf8) } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `target` as the page at `page` should name it.
    static func url(_ site: SiteModel, _ target: Route, from page: Route) -> String {
        site.absolute(target) ?? site.href(target, from: page)
    }

    /// Home, then each step (the last is the page itself).
    static func breadcrumbs(_ site: SiteModel, _ steps: [(name: String, route: Route)], from page: Route) -> Value {
        let all = [(name: site.words("home"), route: Route.home)] + steps
        return .object([
            ("@type", .string("BreadcrumbList")),
            ("itemListElement", .array(all.enumerated().map { i, step in
                .object([
                    ("@type", .string("ListItem")), ("position", .int(i + 1)), ("name", .string(step.name)),
                    ("item", .string(url(site, step.route, from: page))),
                ])
            })),
        ])
    }

    /// A chart as a ranked list; a film with a page is linked to it.
    static func chart(_ site: SiteModel, name: String, entries: [ChartEntry], from page: Route) -> Value {
        .object([
            ("@type", .string("ItemList")), ("name", .string(name)),
            ("itemListOrder", .string("https://schema.org/ItemListOrderAscending")),
            ("numberOfItems", .int(entries.count)),
            ("itemListElement", .array(entries.map { e in
                var item: [(String, Value)] = [
                    ("@type", .string("ListItem")), ("position", .int(e.rank)),
                    ("name", .string(site.title(of: e.movieCode))),
                ]
                if site.hasPage(e.movieCode) {
                    item.append(("url", .string(url(site, .movie(e.movieCode), from: page))))
                }
                return .object(item)
            })),
        ])
    }

    /// A film as schema.org's `Movie`: what KOBIS's movie info says, each field left out when
    /// unknown.
    static func movie(_ site: SiteModel, code: String, title: String, from page: Route) -> Value {
        var fields: [(String, Value)] = [
            ("@type", .string("Movie")), ("name", .string(title)),
            ("url", .string(url(site, .movie(code), from: page))),
        ]
        let movie = site.dataset.movies[code]
        // In the page's language, as the page shows them (an English page's search result named
        // its director in Hangul).
        let w = site.words
        if let english = movie?.englishTitle, !english.isEmpty { fields.append(("alternateName", .string(english))) }
        func people(_ list: [Person]) -> Value {
            .array(list.map { person in
                var p: [(String, Value)] = [
                    ("@type", .string("Person")),
                    ("name", .string(w.person(PeopleIndex.clean(person.name), english: person.englishName).text)),
                ]
                if let id = site.people.id(of: person) {
                    p.append(("url", .string(url(site, .person(id), from: page))))
                }
                return .object(p)
            })
        }
        if let movie {
            if !movie.directors.isEmpty { fields.append(("director", people(movie.directors))) }
            // The billed cast, as the page shows it; the rest are on the search page.
            if !movie.actors.isEmpty { fields.append(("actor", people(Array(movie.actors.prefix(10))))) }
            if !movie.genres.isEmpty {
                fields.append(("genre", .array(movie.genres.map { .string(w.genre($0) ?? $0) })))
            }
            if let minutes = movie.runtimeMinutes { fields.append(("duration", .string("PT\(minutes)M"))) }
            if let grade = movie.watchGrades.first {
                fields.append(("contentRating", .string(w.grade(grade) ?? grade)))
            }
            if let nation = movie.nations.first {
                let name = w.nation(nation) ?? nation
                let country: Value = .object([("@type", .string("Country")), ("name", .string(name))])
                fields.append(("countryOfOrigin", country))
            }
        }
        if let open = site.films[code]?.openDate ?? movie?.openDate {
            fields.append(("dateCreated", .string(open.iso)))
        } else if let year = movie?.productionYear {
            fields.append(("dateCreated", .string(Day.pad(year, 4))))
        }
        // Only a web address or a path of the site: never a `javascript:` or `data:` URL.
        if let poster = site.posterThumbnail(code),
            poster.hasPrefix("https://") || poster.hasPrefix("http://") || !poster.contains(":")
        {
            let absolute = poster.contains("://")
                ? poster : site.config.baseURL.map { Route.joined($0, poster) } ?? page.root + poster
            fields.append(("image", .string(absolute)))
        }
        return .object(fields)
    }
}
