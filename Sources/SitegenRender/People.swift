import Foundation
import SitegenBasics
import SitegenModel

/// One person's part in one film: a director, an actor (with the character KOBIS names), or both.
struct Credit: Sendable {
    let code: String
    var directed = false
    var acted = false
    var characters: [String] = []
}

/// A director of a film of the site, or an actor among the ones a film page shows
/// (`MoviePage.actorsShown`) of one film and credited in two or more: KOBIS lists every actor of a
/// film (96 for 경관의 피), and a page for each, linked from no page or repeating the one film's
/// credit, was 60,000 of a real-sized whole history's pages and most of its files. Their page lists
/// every film they are credited in; the others are names on the film pages. KOBIS gives people no code in
/// movie info, so a person is their name plus English name: two different people sharing both are
/// one page (a documented limit).
struct PersonRecord: Sendable {
    let id: String
    let name: String
    let englishName: String
    /// In the order the films first reached the charts.
    var credits: [Credit]
    var directs: Bool { credits.contains { $0.directed } }
    var acts: Bool { credits.contains { $0.acted } }
}

/// Every credited person, with ids that are safe in any path or URL.
struct PeopleIndex: Sendable {
    /// Sorted by id.
    let people: [PersonRecord]
    /// Each person with a page by `fingerprint`, to their place in `people`; a name whose print
    /// another name took first (64 bits shared: never yet seen) is in `sharedPrints` by its key.
    private let placeByPrint: [UInt64: Int]
    private let sharedPrints: [String: Int]
    private let positionByID: [String: Int]
    /// The people whose id is not their key's hash (a collision moved it), with the id: every
    /// other id follows from the name alone, so a page key need not look each one up.
    let suffixed: [String]

    init(_ dataset: Dataset, codes: [String]) {
        // Records in first-seen order, found by the print of their key (`fingerprint`) and not by
        // the key as a String: making, lowercasing and hashing one for each kept credit, and
        // sorting the people by it, were two thirds of this index, the largest part of a
        // morning's. The print is checked against the record's own name, so two names sharing
        // one can never merge. Changed in place (a copy out of a dictionary and back copied every
        // credit list, a twentieth of a rebuild).
        var records: [(name: String, english: String, print: UInt64, credits: [Credit])] = []
        var places = Places()
        var shown: [Bool] = []
        // Who keeps a page (a director, or an actor some film page shows who is credited in two
        // films or more), found first by the prints alone, so the others (most of a real-sized
        // history's 330,000 credits) are never recorded. A print shared by chance only lets one
        // more through; who keeps a page is still decided by the record, below.
        let movies = codes.map { dataset.movies[$0] }
        let prints = concurrentMap(movies.count, chunk: 512) { i -> [UInt64] in
            guard let movie = movies[i] else { return [] }
            return movie.directors.map(Self.print) + movie.actors.map(Self.print)
        }
        var candidates = Set<UInt64>(), shownPrints = Set<UInt64>()
        for (movie, marks) in zip(movies, prints) {
            guard let movie else { continue }
            candidates.formUnion(marks.prefix(movie.directors.count))
            shownPrints.formUnion(marks.dropFirst(movie.directors.count).prefix(MoviePage.actorsShown))
        }
        var films: [UInt64: Int] = [:]
        var counted = Set<UInt64>()  // this film's, so a person credited twice in it counts once
        for marks in prints {
            counted.removeAll(keepingCapacity: true)
            for mark in marks where shownPrints.contains(mark) && !candidates.contains(mark) {
                guard counted.insert(mark).inserted else { continue }
                films[mark, default: 0] += 1
                if films[mark] == 2 { candidates.insert(mark) }
            }
        }
        for (index, code) in codes.enumerated() {
            guard let movie = movies[index] else { continue }
            let marks = prints[index]
            func add(_ person: Person, _ mark: UInt64, directed: Bool, isShown: Bool) {
                guard candidates.contains(mark) else { return }
                let name = Self.clean(person.name), english = Self.clean(person.englishName)
                guard !name.isEmpty else { return }
                let i: Int
                if let known = places.find(mark, name, english, { (records[$0].name, records[$0].english) }) {
                    i = known
                } else {
                    i = records.count
                    places.add(mark, name, english, at: i)
                    records.append((name, english, mark, []))
                    shown.append(false)
                }
                if isShown { shown[i] = true }
                if records[i].credits.last?.code != code { records[i].credits.append(Credit(code: code)) }
                let last = records[i].credits.count - 1
                if directed { records[i].credits[last].directed = true } else {
                    records[i].credits[last].acted = true
                    let role = Self.clean(person.role)
                    if !role.isEmpty && !records[i].credits[last].characters.contains(role) {
                        records[i].credits[last].characters.append(role)
                    }
                }
            }
            for (i, d) in movie.directors.enumerated() { add(d, marks[i], directed: true, isShown: true) }
            for (i, a) in movie.actors.enumerated() {
                add(a, marks[movie.directors.count + i], directed: false, isShown: i < MoviePage.actorsShown)
            }
        }
        let kept = records.indices.filter { i in
            records[i].credits.contains { $0.directed } || (shown[i] && records[i].credits.count >= 2)
        }
        // Ids are assigned in key order, so a hash collision (40 bits; rare) still gives every
        // person a distinct, stable id: the later key gets a "-2" suffix. A key's id is the top
        // 40 bits of its print (`hashID`), so they sort by those and by the key only on a tie.
        func key(_ i: Int) -> String { Self.key(name: records[i].name, english: records[i].english) }
        let order = kept.sorted { a, b in
            let (x, y) = (records[a].print >> 24, records[b].print >> 24)
            return x != y ? x < y : key(a) < key(b)
        }
        var taken = Set<String>()
        var ids = [String](repeating: "", count: records.count)
        var suffixed: [String] = []
        for i in order {
            let base = Self.hexID(records[i].print)
            var id = base, n = 2
            while !taken.insert(id).inserted { id = "\(base)-\(n)"; n += 1 }
            ids[i] = id
            if id != base { suffixed.append(key(i) + "\u{1F}" + id) }
        }
        self.suffixed = suffixed
        // In id order: the 40 bits first, then the id (only ids sharing them differ after).
        let sorted = order.sorted { a, b in
            let (x, y) = (records[a].print >> 24, records[b].print >> 24)
            return x != y ? x < y : ids[a] < ids[b]
        }
        people = sorted.map { i in
            let r = records[i]
            return PersonRecord(id: ids[i], name: r.name, englishName: r.english, credits: r.credits)
        }
        var pages = Places()
        for (place, i) in sorted.enumerated() {
            pages.add(records[i].print, records[i].name, records[i].english, at: place)
        }
        placeByPrint = pages.byPrint
        sharedPrints = pages.shared
        positionByID = Dictionary(uniqueKeysWithValues: people.enumerated().map { ($1.id, $0) })
    }

    /// Records found by their print, checked against the record's name (`sameKey`); the rare name
    /// whose print another took first is found by its key.
    private struct Places {
        var byPrint: [UInt64: Int] = [:]
        var shared: [String: Int] = [:]

        func find(_ mark: UInt64, _ name: String, _ english: String,
                  _ names: (Int) -> (String, String)) -> Int? {
            guard let i = byPrint[mark] else { return nil }
            let (known, knownEnglish) = names(i)
            if PeopleIndex.sameKey(known, knownEnglish, name, english) { return i }
            return shared[PeopleIndex.key(name: name, english: english)]
        }

        mutating func add(_ mark: UInt64, _ name: String, _ english: String, at i: Int) {
            if byPrint[mark] == nil { byPrint[mark] = i } else {
                shared[PeopleIndex.key(name: name, english: english)] = i
            }
        }
    }

    /// Whether two cleaned names are one `key`: the same name, and English names alike but for case.
    static func sameKey(_ name: String, _ english: String, _ otherName: String, _ otherEnglish: String) -> Bool {
        name == otherName && (english == otherEnglish || english.lowercased() == otherEnglish.lowercased())
    }

    func id(of person: Person) -> String? { place(of: person).map { people[$0].id } }

    private func place(of person: Person) -> Int? {
        let name = Self.clean(person.name), english = Self.clean(person.englishName)
        guard let i = placeByPrint[Self.fingerprint(name: name, english: english)] else { return nil }
        if Self.sameKey(people[i].name, people[i].englishName, name, english) { return i }
        return sharedPrints[Self.key(name: name, english: english)]
    }

    /// Whether `person` has a page, for a page's key (130,000 asked a morning in a real-sized
    /// history): by the print alone, without making a key string. A print shared by chance could
    /// only say yes for one without (the key then notes a page that is not there, as it would
    /// any other fact).
    func hasPage(_ person: Person) -> Bool { placeByPrint[Self.print(of: person)] != nil }

    func person(_ id: String) -> PersonRecord? { positionByID[id].map { people[$0] } }

    static func key(name: String, english: String) -> String { name + "\u{1F}" + english.lowercased() }

    /// FNV-1a of `key(name:english:)`'s bytes, without making the string when the English name is
    /// ASCII (nearly always).
    static func fingerprint(name: String, english: String) -> UInt64 {
        guard english.utf8.allSatisfy({ $0 < 0x80 }) else { return FNV1a.hash64(key(name: name, english: english)) }
        return asciiPrint(name: name.utf8, english: english.utf8)
    }

    /// The key's FNV-1a for an ASCII English name, whose lowercasing is byte by byte.
    private static func asciiPrint<Name: Sequence<UInt8>, English: Sequence<UInt8>>(
        name: Name, english: English
    ) -> UInt64 {
        let hash = FNV1a.continued(FNV1a.hash64(bytes: name), bytes: CollectionOfOne(0x1F))
        return FNV1a.continued(hash, bytes: english.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
    }

    /// `fingerprint` of the person's names as `clean` leaves them, in one pass over each name's
    /// bytes when both are clean and the English name ASCII (nearly always): 330,000 credits of a
    /// real-sized history each morning, read four times over as Strings before.
    static func print(of person: Person) -> UInt64 {
        var name = person.name, english = person.englishName
        let quick = name.withUTF8 { n in english.withUTF8 { e in quickPrint(n, e) } }
        return quick ?? fingerprint(name: clean(person.name), english: clean(person.englishName))
    }

    private static func quickPrint(
        _ name: UnsafeBufferPointer<UInt8>, _ english: UnsafeBufferPointer<UInt8>
    ) -> UInt64? {
        guard isClean(bytes: name), isClean(bytes: english), english.allSatisfy({ $0 < 0x80 }) else { return nil }
        return asciiPrint(name: name, english: english)
    }

    /// Ten hex digits of 64-bit FNV-1a: only [0-9a-f], so no name ever reaches a path.
    static func hashID(_ key: String) -> String { FNV1a.hex(key.utf8, digits: 10) }

    /// `hashID` of the key whose `fingerprint` is `print`: its first ten hex digits.
    static func hexID(_ print: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 10) { buffer in
            for i in 0..<10 { buffer[i] = digits[Int(truncatingIfNeeded: print >> UInt64(60 - 4 * i)) & 0xF] }
            return 10
        }
    }

    /// Spaces collapsed, control characters dropped: " 김민서 " and "김민서" are one person.
    static func clean(_ s: String) -> String {
        if isClean(s) { return s }
        let words = s.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return String(String.UnicodeScalarView(words.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
    }

    /// Nearly every name is already clean: printable ASCII and Hangul with single inner spaces.
    /// Read as bytes, since asking Unicode whether each Character is whitespace was an eighth of a
    /// rebuild. Anything else (another script, a control, any Unicode space) takes the slow road.
    static func isClean(_ s: String) -> Bool {
        var s = s
        return s.withUTF8(isClean(bytes:))
    }

    static func isClean(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousSpace = true  // so a leading space is not clean
        for b in bytes {
            switch b {
            case 0x20:
                if previousSpace { return false }
                previousSpace = true
            // ASCII; lead bytes of U+A000–U+DFFF (Hangul syllables)
            case 0x21...0x7E, 0xEA...0xED: previousSpace = false
            case 0x80...0xBF: break  // continuation bytes
            default: return false
            }
        }
        return !previousSpace || bytes.isEmpty
    }
}
