import Foundation
import SitegenBasics
import SitegenMustache

/// The site's templates: the engine's library under the site's rules (every page has its
/// template, no partial is missing) and what a rebuild must know of them. Parsed once per build;
/// rendering never touches the disk.
public struct Templates: Sendable {
    public static let requiredPages = ["day", "movie", "person", "search", "archive", "404", "week",
                                       "year", "years", "records", "filters", "market", "regions", "region",
                                       "distributors", "distributor"]
    var library: TemplateLibrary
    /// Of every source's name and text.
    public let fingerprint: UInt64
    /// Each language's interface strings, as templates read them (`{{t.name}}`).
    let strings: [Language: TemplateValue]
    /// The same tables as text, for the words render puts together itself (titles, descriptions).
    let words: [Language: [String: String]]
    /// A template shows `site.builtAt`, so every page changes with every build.
    public let stampsBuildTime: Bool
    /// A name found in no context is an error (`file:line:col: no value 'x'`) instead of nothing.
    /// Off for builds: user templates may name values a page lacks. The tests render every stock
    /// template with it on, so a renamed context key cannot silently blank a column.
    public var strict: Bool {
        get { library.strict }
        set { library.strict = newValue }
    }

    /// `strings`: a table per language, each already merged over the stock one; a language
    /// without a table has none (its `{{t.name}}` are empty).
    public static func compile(
        _ sources: [TemplateSource], strings: [StringTable] = [], folder: String
    ) throws -> Templates {
        let library = try TemplateLibrary(sources)
        // A partial that does not exist must fail the build, not render as nothing.
        if let reference = library.missingPartials.first {
            let file = "\(folder)/\(reference.name).mustache"
            throw TemplateError(file: reference.file, line: reference.line, column: reference.column,
                                message: "no template named '\(reference.name)' (looked for \(file))")
        }
        let names = Set(sources.map(\.name))
        for page in requiredPages where !names.contains(page) {
            let files = requiredPages.map { $0 + ".mustache" }.joined(separator: ", ")
            throw TemplateError(file: folder, line: 0, column: 0,
                                message: "\(page).mustache is missing (a site needs \(files))")
        }
        // What every page is made from besides its data: a rebuild re-renders all pages when it changes.
        var fingerprint = Fingerprint("templates")
        var stampsBuildTime = false
        for source in sources.sorted(by: { $0.name < $1.name }) {
            fingerprint.add(source.name); fingerprint.add(source.text)
            stampsBuildTime = stampsBuildTime || source.text.contains("builtAt")
        }
        var tables: [Language: TemplateValue] = [:], words: [Language: [String: String]] = [:]
        for table in strings.sorted(by: { $0.language.rawValue < $1.language.rawValue }) {
            fingerprint.add(table.language.rawValue)
            var fields: [String: TemplateValue] = [:]
            for name in table.strings.keys.sorted() {
                fingerprint.add(name); fingerprint.add(table.strings[name]!)
                fields[name] = .text(table.strings[name]!)
            }
            tables[table.language] = .object(fields)
            words[table.language] = table.strings
        }
        return Templates(
            library: library, fingerprint: fingerprint.value, strings: tables, words: words,
            stampsBuildTime: stampsBuildTime)
    }

    func render(_ name: String, _ context: TemplateValue) throws -> String { try library.render(name, context) }

    func renderData(_ name: String, _ context: TemplateValue) throws -> Data { try library.renderData(name, context) }
}
