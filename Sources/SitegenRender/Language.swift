import Foundation
import SitegenMustache

/// The editions of the site: Korean at the root, English under `en/`. Templates are shared; each
/// language has its table of interface strings (`Templates/strings/<code>.json`), which
/// templates read as `{{t.name}}`.
public enum Language: String, Sendable, CaseIterable, Hashable {
    case ko, en

    /// Where the edition's pages live, from the site root.
    var folder: String { self == .ko ? "" : "\(rawValue)/" }
    /// `<html lang>` and `hreflang`.
    var tag: String { rawValue }
    var ogLocale: String { self == .ko ? "ko_KR" : "en_US" }
}

/// A table of interface strings, parsed: one flat JSON object of names to text.
public struct StringTable: Sendable {
    public let language: Language
    public let displayPath: String
    public let strings: [String: String]

    public init(language: Language, displayPath: String, strings: [String: String]) {
        self.language = language; self.displayPath = displayPath; self.strings = strings
    }

    /// `data` as a table, or one line naming the file and what is wrong with it.
    public static func parse(_ data: Data, language: Language, displayPath: String) throws -> StringTable {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TemplateError(file: displayPath, line: 0, column: 0,
                                message: "not a JSON object of names and strings")
        }
        var strings: [String: String] = [:]
        for (name, value) in object {
            guard let text = value as? String else {
                throw TemplateError(file: displayPath, line: 0, column: 0, message: "'\(name)' is not a string")
            }
            strings[name] = text
        }
        return StringTable(language: language, displayPath: displayPath, strings: strings)
    }
}

extension Language {
    /// The root edition writes what both share (the site's data, robots.txt, the service worker),
    /// and its 404 page answers for both.
    var isRoot: Bool { self == .ko }
    /// From the edition's folder up to the site root.
    var up: String { isRoot ? "" : "../" }
    /// Before a URN's name, so an edition's feed entries are its own.
    var urnPrefix: String { isRoot ? "" : "\(rawValue):" }
}
