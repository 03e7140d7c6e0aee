import Foundation
import SitegenBasics
import SitegenModel
import SitegenMustache

/// A page's share card (`og:image`), as render leaves it: SVG from a `card-*` template, named by a
/// hash of everything it shows, for the pipeline to rasterise (or take from its card cache).
struct ShareCard: Sendable {
    /// `card/<16 hex>.png` (or `.jpg`, with a poster), from the site root.
    let path: String
    let alt: String
    let file: OutputFile

    /// What the layout's `og:image` tags read.
    func value(base: URL) -> TemplateValue {
        [
            "url": .text(Route.joined(base, path)), "width": .int(ShareCards.width),
            "height": .int(ShareCards.height), "alt": .text(alt),
            "type": .text(path.hasSuffix(".jpg") ? "image/jpeg" : "image/png"),
        ]
    }
}

/// Share cards of days, weeks, weekends, films and people. The SVG is the theme's (`card-*.mustache`,
/// so a theme restyles cards as it restyles pages); what they show is worked out here.
enum ShareCards {
    static let width = 1200
    static let height = 630
    /// Part of every card's name: a change to how cards are drawn (not what they show) renames them
    /// all, so no host or chat app keeps an old drawing under a name that now means a new one.
    static let drawingVersion = "2"
    /// The latest days with a card of their own. A day is shared while it is news; an older day
    /// shares its week's card (the same films, most often), so the whole history costs a card a
    /// week, not one a day: 8,000 days are 8,000 cards, a GitHub Pages site's fifth.
    static let ownDays = 31
    /// The latest weeks and weekends with a card of their own: a year of each. An older one is
    /// rarely shared, and its page shows the site's card: with a card for every week and weekend,
    /// both editions' cards of the whole history were 9,000 files and 135 MB of GitHub Pages' 1 GB.
    static let ownPeriods = 53
    /// A person with fewer films than this on the site shares the site's card: their card would
    /// say little their page does not, and there are thousands of them (with three films, 40 of
    /// every 100 people of the demo history: 5,600 cards and 80 MB over both editions).
    static let ownPersonFilms = 5
    /// What the SVG writes where the film's poster goes; the painter puts the bytes there.
    static let posterToken = "sitegen-card-poster:"
    /// The poster's box on the stock film card, in pixels: the painter embeds it this wide.
    static let posterWidth = 340

    static func day(_ site: SiteModel, _ chart: DayChart, _ templates: Templates) throws -> ShareCard? {
        guard site.config.drawsCards else { return nil }
        let w = site.words
        let rows = topRows(site, chart.entries, label: w("cardAudience"))
        let alt = w("cardAltDay", w.longDate(chart.date), altRows(site, chart.entries))
        return try card(
            site, templates, "card-day", owner: site.path(.day(chart.date)), alt: alt,
            fields: ["heading": .text(w.longDate(chart.date)), "kind": .text(w("cardKindDay")), "rows": .list(rows)])
    }

    /// The card a day's pages show, and whether it is the day's own (its job writes it) or its
    /// week's or the site's (written by theirs).
    static func forDay(_ site: SiteModel, _ i: Int, _ templates: Templates) throws -> (card: ShareCard?, own: Bool) {
        if ownsCard(site, day: i) { return (try day(site, site.days[i], templates), true) }
        if let week = weekWithCard(site, day: i) {
            return (try period(site, site.periods[.week]![week], templates), false)
        }
        return (site.siteCard, false)
    }

    static func ownsCard(_ site: SiteModel, day i: Int) -> Bool { i >= site.days.count - ownDays }

    /// The week (its index) whose card an older day shows: its own week's, while that has a card.
    static func weekWithCard(_ site: SiteModel, day i: Int) -> Int? {
        guard let monday = PeriodKind.week.start(containing: site.days[i].date),
            let week = site.periodIndex[.week]?[monday], ownsCard(site, .week, week)
        else { return nil }
        return week
    }

    /// The card a week's or weekend's pages show, and whether it is their own or the site's.
    static func forPeriod(_ site: SiteModel, _ kind: PeriodKind, _ i: Int, _ templates: Templates) throws -> (
        card: ShareCard?, own: Bool
    ) {
        guard ownsCard(site, kind, i) else { return (site.siteCard, false) }
        return (try period(site, site.periods[kind]![i], templates), true)
    }

    static func ownsCard(_ site: SiteModel, _ kind: PeriodKind, _ i: Int) -> Bool {
        i >= (site.periods[kind]?.count ?? 0) - ownPeriods
    }

    /// A person's card: their own when they have films enough, or the site's.
    static func forPerson(_ site: SiteModel, _ person: PersonRecord, _ templates: Templates) throws -> (
        card: ShareCard?, own: Bool
    ) {
        let films = person.credits.lazy.filter { site.films[$0.code] != nil }.count
        guard films >= ownPersonFilms else { return (site.siteCard, false) }
        return (try self.person(site, person, templates), true)
    }

    /// The site's card: its title and what it is, no figures, so it changes only with the site's
    /// config. Every page without a card of its own shares it.
    static func site(_ site: SiteModel, _ templates: Templates) throws -> ShareCard? {
        guard site.config.drawsCards else { return nil }
        let title = site.siteTitle, w = site.words
        return try card(
            site, templates, "card-site", owner: site.path(.home), alt: "\(title): \(w("cardKindSite"))",
            fields: ["heading": .text(fit(title, width: 1080, size: 72)), "kind": .text(w("cardKindSite"))])
    }

    static func period(_ site: SiteModel, _ chart: PeriodChart, _ templates: Templates) throws -> ShareCard? {
        guard site.config.drawsCards else { return nil }
        let w = site.words
        let (start, end) = (chart.start, chart.end)
        let name = w.kindName(chart.kind)
        let span = w.cardSpan(start, end)
        let rows = topRows(site, chart.entries, label: w("cardPeriodAudience", name))
        // English names a week by its dates ("Week of Oct 6–12, 2025"), so a range after it would
        // say them twice; Korean names it by its number in the month and gives the dates beside.
        let heading = w.isKorean ? w.weekName(chart.kind, start) : w.periodHeading(chart.kind, start)
        let drawn = fit(heading, width: 1080, sizes: [54, 44])
        let alt = w("cardAltPeriod", heading, span, name, altRows(site, chart.entries))
        return try card(
            site, templates, "card-week", owner: site.path(.period(chart.kind, start)), alt: alt,
            fields: [
                "heading": .text(drawn.text), "headingSize": .int(drawn.size),
                "range": w.isKorean ? .text(span) : .null,
                "kind": .text(w("cardKindPeriod", name)), "rows": .list(rows),
            ])
    }

    /// A film the site's readers share: one that reached the top 3, or is on the latest year's
    /// charts. A film that peaked lower years ago shares the site's card (its page still names it
    /// in its title and description): a card for each of the 2,810 films of the demo history was
    /// 80 MB over both editions.
    static let ownFilmBestRank = 3

    /// The card a film's page shows, and whether it is the film's own.
    static func forMovie(_ site: SiteModel, code: String, _ templates: Templates) throws -> (
        card: ShareCard?, own: Bool
    ) {
        guard ownsCard(site, film: code) else { return (site.siteCard, false) }
        return (try movie(site, code: code, templates), true)
    }

    static func ownsCard(_ site: SiteModel, film code: String) -> Bool {
        guard let film = site.films[code] else { return false }
        // The national top 3 keep their card for good; a filter's top 3 are not theirs.
        if film.rankScope == .all && film.bestRank <= ownFilmBestRank { return true }
        guard let last = site.index.run(of: code)?.rows.last?.date, let latest = site.days.last?.date else {
            return false
        }
        return latest.days(since: last) < 365
    }

    static func movie(_ site: SiteModel, code: String, _ templates: Templates) throws -> ShareCard? {
        guard site.config.drawsCards, let film = site.films[code] else { return nil }
        // Its day of release as of the total beside it (「249,654명 · 09.07 기준」 beside 「개봉 17일차」,
        // the 5th's, read as one day's figures and did not add up).
        let last = film.asOf
        let w = site.words
        let run = w.dayOfRun(open: film.openDate, on: last)
        // The largest copy the site serves: the card shows it 340 px wide.
        let poster = site.dataset.postersServedFromSite ? site.dataset.sizedPosters[code]?.page.last : nil
        // The edition's name for the film, and under it the other script's (an English card
        // gives none: its reader has the page for the Korean title).
        let title = site.title(of: code)
        let subtitle = w.cardSubtitle(english: film.englishTitle)
        let national = film.rankScope == .all
        let alt =
            (national
                ? w("cardAltMovie", title, w.people(film.audienceTotal), w.shortDate(film.asOf), "\(film.bestRank)")
                : w("cardAltMovieScoped", title, w.people(film.audienceTotal), w.shortDate(film.asOf),
                    "\(film.bestRank)", w.scopeName(film.rankScope)))
            + (run.map { w("cardAltRun", $0, w.shortDate(last)) } ?? "")
        // Two lines when nothing is under it (an English card, a film with no English title): a
        // long title read "Sea Chaser: The Retur…" above half a card of room.
        // A title a little too long for its line is drawn smaller first.
        let titleLines: [TemplateValue]
        if fits(title, width: 680, size: 56) || !subtitle.isEmpty {
            let one = fit(title, width: 680, sizes: [56, 48])
            titleLines = [["text": .text(one.text), "y": .int(130), "size": .int(one.size)]]
        } else {
            let lines = wrap(title, width: 680, size: 52)
            titleLines = lines.enumerated().map { i, line in
                ["text": .text(line), "y": .int(lines.count == 1 ? 130 : 118 + 62 * i), "size": .int(52)]
            }
        }
        var fields: [String: TemplateValue] = [
            "title": .text(fit(title, width: 680, size: 56)),
            "titleLines": .list(titleLines),
            "englishTitle": subtitle.isEmpty ? .null : .text(fit(subtitle, width: 680, size: 30)),
            "total": .text(w.people(film.audienceTotal)),
            "asOf": .text(w("cardAsOf", w.shortDate(film.asOf))),
            "bestRank": .text(w("cardRank", "\(film.bestRank)")),
            "run": run.map { .text($0) } ?? .null,
            "poster": poster.map { .text(posterToken + $0.path) } ?? .null,
            "labels": [
                "total": .text(w("cardTotalLabel")), "bestRank": .text(
                    national ? w("cardBestRankLabel") : w("cardBestRankOn", w.scopeName(film.rankScope))),
                "run": .text(w("cardRunLabel")),
            ],
        ]
        fields["initial"] = .text(String(title.first.map(String.init) ?? "?"))
        let images = poster.map { [CardImage(token: posterToken + $0.path, path: $0.path, width: posterWidth)] } ?? []
        return try card(
            site, templates, "card-movie", owner: site.path(.movie(code)), alt: alt, fields: fields, images: images)
    }

    static func person(_ site: SiteModel, _ person: PersonRecord, _ templates: Templates) throws -> ShareCard? {
        guard site.config.drawsCards else { return nil }
        // No audience figures, and their latest films rather than their biggest: either would
        // change the card on mornings one of their films is showing (dozens of cards a day), and
        // the page has the figures. The latest three change only when a new film charts.
        let films = person.credits.compactMap { site.films[$0.code] }
        let top = films.sorted { ($0.date, $0.code) > ($1.date, $1.code) }.prefix(3)
        let w = site.words
        let roles = PersonPage.roleLabel(person, w)
        let rows: [TemplateValue] = top.enumerated().map { i, film in
            [
                "title": .text(fit(site.title(of: film.code), width: 840, size: 44)),
                "year": film.openDate.map { .text("\($0.year)") } ?? .null,
                "y": .int(310 + 90 * i),
            ]
        }
        let summary = w("cardFilms", "\(films.count)")
        let name = w.personName(person.name, english: person.englishName)
        let alt = w("cardAltPerson", name, roles, "\(films.count)")
            + (top.isEmpty ? "" : w("cardAltRecent", top.map { site.title(of: $0.code) }.joined(separator: ", ")))
        return try card(
            site, templates, "card-person", owner: site.path(.person(person.id)), alt: alt,
            fields: [
                "heading": .text(fit(name, width: 1000, size: 64)), "roles": .text(roles),
                "summary": .text(summary), "rows": .list(rows),
            ])
    }

    /// Ranks 1 to 3 as the card lists them, each with where its line goes.
    static func topRows(_ site: SiteModel, _ entries: [ChartEntry], label: String) -> [TemplateValue] {
        let w = site.words
        return entries.filter { $0.rank <= 3 }.prefix(3).enumerated().map { i, entry in
            let title = fit(site.title(entry), width: 640, sizes: [50, 44, 38])
            return [
                "rank": .text("\(entry.rank)"), "title": .text(title.text), "titleSize": .int(title.size),
                "figure": .text(w.people(entry.audience)), "label": .text(label),
                "total": .text(w("cardTotal", w.people(entry.audienceTotal, compact: true))),
                "y": .int(250 + 110 * i), "labelY": .int(250 + 110 * i + 38),
            ]
        }
    }

    static func altRows(_ site: SiteModel, _ entries: [ChartEntry]) -> String {
        entries.filter { $0.rank <= 3 }.prefix(3).map {
            site.words("cardAltRow", "\($0.rank)", site.title($0), site.words.people($0.audience))
        }.joined(separator: ", ")
    }

    static func card(
        _ site: SiteModel, _ templates: Templates, _ template: String, owner: String, alt: String,
        fields: [String: TemplateValue], images: [CardImage] = []
    ) throws -> ShareCard {
        var context = fields
        context["width"] = .int(width)
        context["height"] = .int(height)
        context["site"] = [
            "title": .text(fit(site.siteTitle, width: 700, size: 30)),
            "host": site.config.baseURL.map { .text(host($0)) } ?? .null,
        ]
        context["demo"] = site.isDemo ? .text(site.words("cardDemo")) : .null
        let svg = try templates.renderData(template, .object(context))
        // Named by what the card shows and whose it is: two pages never share a name (the writer
        // writes each file once), and an unchanged card keeps its name, so it is drawn only once.
        var f = Fingerprint("card")
        f.add(drawingVersion); f.add(owner); f.add(bytes: svg)
        // A poster's token holds its path, which names its bytes.
        for image in images { f.add(image.token) }
        // A card with a poster on it is a JPEG (the painter's choice, by whether it embeds an image).
        let path = "card/" + String(format: "%016llx", f.value) + (images.isEmpty ? ".png" : ".jpg")
        let drawing = CardDrawing(width: width, height: height, images: images)
        let demoAlt = site.isDemo ? site.words("cardAltDemo") : ""
        return ShareCard(path: path, alt: alt + demoAlt, file: OutputFile(path: path, contents: svg, drawing: drawing))
    }

    /// `user.github.io/mag`: what a card prints as the site's address.
    static func host(_ url: URL) -> String {
        var text = (url.host ?? "") + url.path
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// `text` cut to what fits `width` pixels at `size` (with "…"): SVG text does not wrap, and a
    /// long title must not run off the card. Widths are estimated (Hangul and CJK one em, Latin
    /// about 0.6), on the wide side, since a card cannot measure its font at render time.
    static func fit(_ text: String, width: Int, size: Int) -> String {
        let limit = Double(width) / Double(size)
        var used = 0.0
        var out = ""
        for ch in text {
            let w = em(ch)
            if used + w > limit {
                while out.last == " " { out.removeLast() }
                return out + "…"
            }
            used += w
            out.append(ch)
        }
        return out
    }

    /// `text` at the largest of `sizes` (largest first) it fits `width` pixels at, else cut at the
    /// smallest: a title a letter too long is drawn a little smaller, not cut ("Sea Chaser: The Retur…").
    static func fit(_ text: String, width: Int, sizes: [Int]) -> (text: String, size: Int) {
        for size in sizes.dropLast() where fits(text, width: width, size: size) { return (text, size) }
        let smallest = sizes.last!
        return (fit(text, width: width, size: smallest), smallest)
    }

    /// `text` on at most two lines of `width` pixels at `size`, broken between words, the second
    /// cut with "…" if it is still too long; one line when it fits on one, or when its first word
    /// alone does not fit (then it is cut as one line).
    static func wrap(_ text: String, width: Int, size: Int) -> [String] {
        if fits(text, width: width, size: size) { return [text] }
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        var first = ""
        var taken = 0
        for word in words {
            let next = first.isEmpty ? String(word) : first + " " + word
            guard fits(next, width: width, size: size) else { break }
            first = next
            taken += 1
        }
        guard taken > 0 else { return [fit(text, width: width, size: size)] }
        let rest = words[taken...].joined(separator: " ")
        return [first, fit(rest, width: width, size: size)]
    }

    static func fits(_ text: String, width: Int, size: Int) -> Bool {
        fit(text, width: width, size: size) == text
    }

    static func em(_ ch: Character) -> Double {
        // One character to Swift, but a ZWJ sequence, a flag or a keycap is drawn piece by
        // piece (up to seven boxes) by a font without emoji, which is what a card's fonts are.
        let scalars = ch.unicodeScalars
        if scalars.count > 1, scalars.contains(where: isEmojiPiece) { return Double(scalars.count) }
        guard let v = scalars.first?.value else { return 1 }
        if v == 0x20 { return 0.3 }
        if v < 0x7F { return ch.isUppercase || ch.isNumber ? 0.68 : 0.58 }
        if (0x1100...0x11FF).contains(v) || v >= 0x2E80 { return 1.0 }
        return 0.7
    }

    /// Part of an emoji sequence: a pictograph, a joiner, a presentation selector, a regional
    /// indicator (flags), a tag (subdivision flags) or a skin tone.
    static func isEmojiPiece(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v == 0x200D || v == 0xFE0F || v == 0x20E3 || (0xE0020...0xE007F).contains(v)
            || (v > 0x7F && scalar.properties.isEmoji)
    }
}

extension TemplateValue {
    /// `context` with `page.card` set: the layout's `og:image` tags read it.
    static func withCard(_ context: TemplateValue, _ card: ShareCard?, base: URL?) -> TemplateValue {
        guard let card, let base, case .object(var fields) = context, case .object(var page)? = fields["page"] else {
            return context
        }
        page["card"] = card.value(base: base)
        fields["page"] = .object(page)
        return .object(fields)
    }
}
