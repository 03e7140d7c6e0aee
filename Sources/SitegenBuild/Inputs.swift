import Foundation
import SitegenBasics
import SitegenModel
import SitegenMustache
import SitegenRender
import SitegenTheme

/// Reads what the user wrote (templates, assets, notes) from disk, before the pure render stage.
/// Templates and assets lie over the stock theme built into the binary, file by file, as a
/// Hugo site's own layouts lie over its theme's.
public enum Inputs {
    /// The `Notes/site.md` that `sitegen init` writes: instructions for the operator, not a note
    /// for readers, so a build publishes nothing from it until it is edited (and says so).
    public static let sampleSiteNote = """
    오늘의 박스오피스에 대한 편집자 노트를 여기에 씁니다. 이 글은 첫 화면에 나옵니다.

    - 날짜별 노트: `Notes/date/2024-02-10.md`
    - 영화별 노트: `Notes/movie/<movieCd>.md`
    - 링크는 사이트 뿌리에서 적습니다: [날짜별 보기](archive/index.html)

    이 안내문을 고치기 전에는 사이트에 아무것도 나오지 않습니다.

    """

    /// Whether a site note is still init's sample (whitespace at the ends aside).
    public static func isSampleSiteNote(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
            == sampleSiteNote.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The stock templates with the folder's replacing theirs. A folder the user named must exist;
    /// `required` false lets a missing default folder mean the stock theme alone. `usedStockOnly`
    /// says the folder gave no file of its own.
    public static func templates(
        at folder: URL, label: String, required: Bool = true
    ) throws -> (templates: Templates, usedStockOnly: Bool) {
        var sources: [String: TemplateSource] = [:]
        for (path, data) in EmbeddedTheme.files(in: "Templates") where path.hasSuffix(".mustache") {
            let name = String(path.dropLast(".mustache".count))
            sources[name] = TemplateSource(
                name: name, displayPath: "(stock theme)/\(path)", text: String(decoding: data, as: UTF8.self))
        }
        var own = 0
        if try folderExists(folder, label: label, option: "--templates", required: required) {
            for (relative, url) in try files(in: folder, withExtension: "mustache") {
                guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                    throw InputError("\(label)/\(relative): cannot read it as UTF-8 text")
                }
                let name = String(relative.dropLast(".mustache".count))
                sources[name] = TemplateSource(name: name, displayPath: "\(label)/\(relative)", text: text)
                own += 1
            }
        }
        let ordered = sources.keys.sorted().map { sources[$0]! }
        let (strings, ownStrings) = try stringTables(at: folder, label: label)
        return (try Templates.compile(ordered, strings: strings, folder: label), own + ownStrings == 0)
    }

    /// Each language's stock strings with the folder's `strings/<language>.json` over them, name
    /// by name, so a theme changes the words it wants and keeps the rest. A name the stock table
    /// lacks is a typo, and an error.
    static func stringTables(at folder: URL, label: String) throws -> ([StringTable], own: Int) {
        var tables: [StringTable] = []
        var own = 0
        for language in Language.allCases {
            let path = "Templates/strings/\(language.rawValue).json"
            guard let data = EmbeddedTheme.files(in: "Templates").first(where: { "Templates/" + $0.0 == path })?.1
            else { continue }
            var strings = try StringTable.parse(data, language: language, displayPath: "(stock theme)/\(path)").strings
            let url = folder.appendingPathComponent("strings/\(language.rawValue).json")
            if let mine = try? Data(contentsOf: url) {
                let shown = "\(label)/strings/\(language.rawValue).json"
                let table = try StringTable.parse(mine, language: language, displayPath: shown)
                for name in table.strings.keys.sorted() where strings[name] == nil {
                    throw InputError("\(shown): no string named '\(ErrorText.printable(name))' in the stock theme")
                }
                strings.merge(table.strings) { _, new in new }
                own += 1
            }
            tables.append(StringTable(language: language, displayPath: path, strings: strings))
        }
        return (tables, own)
    }

    /// One file to publish as it is, and where it came from (for a collision's error).
    public struct PublicFile: Sendable {
        public let path: String
        public let contents: Data
        public let source: String
    }

    /// The stock assets with the folder's replacing and joining them. Dotfiles (.env, .git/,
    /// .DS_Store) are private by convention: never published, and listed in `skipped`.
    public static func publicFiles(at folder: URL, label: String, required: Bool = true) throws
        -> (files: [PublicFile], skipped: [String], usedStockOnly: Bool) {
        var files: [String: PublicFile] = [:]
        for (path, data) in EmbeddedTheme.files(in: "Public") {
            files[path] = PublicFile(path: path, contents: data, source: "(stock theme)/\(path)")
        }
        var skipped: [String] = []
        var own = 0
        if try folderExists(folder, label: label, option: "--public", required: required) {
            guard let all = FolderFiles.list(folder) else {
                throw InputError("cannot read the folder \(ErrorText.printable(folder.path))")
            }
            for file in all {
                if file.relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                    skipped.append(file.relative)
                    continue
                }
                guard let data = FileManager.default.contents(atPath: file.url.path) else {
                    throw InputError("cannot read \(ErrorText.printable(file.url.path))")
                }
                files[file.relative] = PublicFile(
                    path: file.relative, contents: data, source: "\(label)/\(file.relative)")
                own += 1
            }
        }
        return (files.keys.sorted().map { files[$0]! }, skipped, own == 0)
    }

    private static func folderExists(_ folder: URL, label: String, option: String, required: Bool) throws -> Bool {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue {
            throw InputError("\(option) '\(ErrorText.printable(label))' is a file, not a folder")
        }
        if !exists && required {
            throw InputError(
                "\(option) folder '\(ErrorText.printable(label))' not found; leave \(option) out to use the stock "
                    + "theme built into sitegen"
            )
        }
        return exists
    }

    /// Far more than any note is (a page of text is a few KB), far less than breaks a page.
    static let maxNoteBytes = 256_000
    /// Links and images in a note: 5,000 of libcmark's slowest pattern take 0.1 s.
    static let maxNoteBrackets = 10_000

    /// `site.md`, `date/YYYY-MM-DD.md`, `movie/<movieCd>.md`. A missing folder means no notes.
    public static func notes(at folder: URL, label: String) throws -> (NoteSources, [String]) {
        var notes = NoteSources()
        var warnings: [String] = []
        guard FileManager.default.fileExists(atPath: folder.path) else { return (notes, []) }
        for (relative, _) in try files(in: folder, withExtension: "markdown") {
            warnings.append("\(label)/\(relative): notes are read from .md files only; rename it to .md; ignored")
        }
        for (relative, url) in try files(in: folder, withExtension: "md") {
            // A note is read into every page that shows it: a pasted log of 300 MB made a 315 MB
            // home page and took the build to 1.3 GB.
            if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
                size > maxNoteBytes
            {
                throw InputError(
                    "\(label)/\(relative) is \(size / 1_000) KB; a note is at most \(maxNoteBytes / 1_000) KB")
            }
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw InputError("\(label)/\(relative): cannot read it as UTF-8 text")
            }
            // libcmark 0.30 takes time quadratic in nested link and image brackets: `![[]()` 42,000
            // times, inside the size cap, took 5.5 s a page that shows it. No note needs this many.
            let brackets = text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "[") ? 1 : 0) }
            if brackets > maxNoteBrackets {
                throw InputError(
                    "\(label)/\(relative) has \(brackets) '[' brackets; a note has at most \(maxNoteBrackets) "
                        + "(Markdown links grow slow past that)")
            }
            let parts = relative.split(separator: "/").map(String.init)
            let stem = parts.last.map { String($0.dropLast(3)) } ?? ""
            switch (parts.count, parts.first) {
            case (1, _) where stem == "site": notes.site = text
            case (1, _) where stem.uppercased() == "README": continue
            case (2, "date"):
                if let day = Day(iso: stem) { notes.days[day] = text }
                else { warnings.append("\(label)/\(relative): not named after a real date (YYYY-MM-DD.md); ignored") }
            case (2, "movie"):
                if MovieCode.isValid(stem) { notes.movies[stem] = text }
                else { warnings.append("\(label)/\(relative): not named after a movieCd ([0-9A-Za-z]+.md); ignored") }
            default:
                warnings.append("\(label)/\(relative): not site.md, date/YYYY-MM-DD.md or movie/<movieCd>.md; ignored")
            }
        }
        return (notes, warnings)
    }

    static func files(in folder: URL, withExtension ext: String) throws -> [(String, URL)] {
        guard let all = FolderFiles.list(folder) else { throw InputError("cannot read the folder \(folder.path)") }
        return all.filter { $0.url.pathExtension == ext }.map { ($0.relative, $0.url) }
    }
}

public struct InputError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}