import Foundation
import SitegenBasics
import SitegenModel

/// `search/index.json`: what the search box looks through, fetched only once a reader uses it.
/// Arrays with positional fields instead of objects keep it small (3,650 days: see the README);
/// trailing empty fields are left out.
///
///     {"r":["2024-01-28","2024-02-10"],            the range of day pages (or "ds": every day, when not contiguous)
///      "f":[[code,title,year,total,en,og,poster]],  films, most watched first; year 0 when unknown
///      "p":[[id,name,role,[film…],en]]}             people; role 1 감독, 2 배우, 3 both; films as positions in "f"
enum SearchIndex {
    /// `search/index.js` beside `search/index.json`: the same index as a script, for a site opened
    /// straight from disk, where browsers refuse fetch() but still run a `<script src>` of a file
    /// beside the page. search.js loads it only there.
    static func scriptPath(_ jsonPath: String) -> String { String(jsonPath.dropLast("json".count)) + "js" }

    static func script(_ json: Data) -> Data {
        Data("sitegenSearchIndex(".utf8) + json + Data(");\n".utf8)
    }

    static func json(_ site: SiteModel) -> Data {
        let films = site.films.values.sorted { ($1.audienceTotal, $0.code) < ($0.audienceTotal, $1.code) }
        let position = Dictionary(uniqueKeysWithValues: films.enumerated().map { ($1.code, $0) })
        var o = JSONWriter(capacity: 64 * 1024)
        o.object { o in
            let dates = site.days.map(\.date)
            if let first = dates.first, let last = dates.last {
                if dates.count == last.ordinal - first.ordinal + 1 {
                    o.key("r"); o.array { a in a.string(first.iso); a.string(last.iso) }
                } else {
                    o.key("ds"); o.array { a in for d in dates { a.string(d.iso) } }
                }
            }
            o.key("f")
            o.array { a in
                for film in films {
                    // English: its title first, the Korean one in the second key, so either finds it.
                    let title = site.title(of: film.code)
                    let other = site.words.otherScript(korean: film.title, english: film.englishTitle)
                    var fields: [String] = [
                        other == title ? "" : other,
                        film.originalTitle == film.title || film.originalTitle == film.englishTitle
                            ? "" : film.originalTitle,
                        site.posterThumbnail(film.code) ?? ""
                    ].map(PeopleIndex.clean)
                    while fields.last == "" { fields.removeLast() }
                    a.array { f in
                        f.string(film.code); f.string(PeopleIndex.clean(title))
                        f.raw(String(film.openDate?.year ?? 0)); f.raw(String(film.audienceTotal))
                        for field in fields { f.string(field) }
                    }
                }
            }
            o.key("p")
            o.array { a in
                for person in site.people.people {
                    let codes = person.credits.compactMap { position[$0.code] }.sorted()
                    a.array { p in
                        let name = site.words.personName(person.name, english: person.englishName)
                        p.string(person.id); p.string(name)
                        p.raw(String((person.directs ? 1 : 0) + (person.acts ? 2 : 0)))
                        p.array { list in for i in codes { list.raw(String(i)) } }
                        let other = site.words.otherScript(korean: person.name, english: person.englishName)
                        if !other.isEmpty && other != name { p.string(other) }
                    }
                }
            }
        }
        return o.data
    }
}
