import Foundation
import Mustache

/// A template file's text and the path to name in errors.
public struct TemplateSource: Sendable {
    /// Library name: the path under the templates folder without `.mustache` ("partials/header").
    public let name: String
    /// Shown in errors: "Templates/day.mustache".
    public let displayPath: String
    public let text: String
    public init(name: String, displayPath: String, text: String) {
        self.name = name; self.displayPath = displayPath; self.text = text
    }
}

/// A template problem, reported the way compilers do: `file:line:col: message`.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}

/// The compiled templates. Parsed once per build; rendering never touches the disk.
public struct Templates: Sendable {
    public static let requiredPages = ["day", "grid", "movie", "archive", "404"]
    let library: MustacheLibrary
    let paths: [String: String]

    public static func compile(_ sources: [TemplateSource], folder: String) throws -> Templates {
        var library = MustacheLibrary()
        var paths: [String: String] = [:]
        for source in sources.sorted(by: { $0.name < $1.name }) {
            do {
                library.register(try MustacheTemplate(string: source.text), named: source.name)
            } catch let error as MustacheTemplate.ParserError {
                throw TemplateError(file: source.displayPath, line: error.context.lineNumber,
                                    column: error.context.columnNumber, message: describe(error.error))
            }
            paths[source.name] = source.displayPath
        }
        // swift-mustache renders a missing partial as nothing; a typo must fail the build instead.
        for source in sources.sorted(by: { $0.name < $1.name }) {
            for reference in partialReferences(in: source.text) where paths[reference.name] == nil {
                throw TemplateError(file: source.displayPath, line: reference.line, column: reference.column,
                                    message: "no template named '\(reference.name)' (looked for \(folder)/\(reference.name).mustache)")
            }
        }
        for page in requiredPages where paths[page] == nil {
            throw TemplateError(file: folder, line: 0, column: 0,
                                message: "\(page).mustache is missing (a site needs \(requiredPages.map { $0 + ".mustache" }.joined(separator: ", ")))")
        }
        return Templates(library: library, paths: paths)
    }

    func render(_ name: String, _ context: [String: Any]) throws -> String {
        guard let text = library.render(context, withTemplate: name) else {
            throw TemplateError(file: name + ".mustache", line: 0, column: 0, message: "template not found")
        }
        return text
    }

    static func describe(_ error: Error) -> String {
        guard let e = error as? MustacheTemplate.Error else {
            // The parser's reader runs off the end of the text when a tag or section is left open.
            let text = String(describing: error)
            return text == "overflow" ? "the template ends inside a tag or section that is never closed" : text
        }
        switch e {
        case .sectionCloseNameIncorrect: return "closing tag does not match the section it closes"
        case .unfinishedName: return "unfinished tag: expected '}}'"
        case .expectedSectionEnd: return "section is never closed"
        case .invalidSetDelimiter: return "malformed set-delimiter tag"
        case .transformAppliedToInheritanceSection: return "a transform cannot apply to an inheritance section"
        case .illegalTokenInsideInheritSection: return "only block definitions may appear inside a parent tag"
        case .textInsideInheritSection: return "text is not allowed inside a parent tag"
        case .invalidConfigVariableSyntax: return "malformed config variable"
        case .unrecognisedConfigVariable: return "unknown config variable"
        }
    }

    /// `{{> name}}` and `{{< name}}` tags with their 1-based line and column.
    static func partialReferences(in text: String) -> [(name: String, line: Int, column: Int)] {
        var found: [(String, Int, Int)] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (lineIndex, line) in lines.enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                let after = rest[open.upperBound...]
                let trimmed = after.drop { $0 == " " }
                guard let sigil = trimmed.first, sigil == ">" || sigil == "<", let close = after.range(of: "}}") else {
                    rest = after
                    continue
                }
                let name = after[after.index(after: after.firstIndex(of: sigil)!)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                if !name.isEmpty && !name.hasPrefix("*") {
                    let column = line.distance(from: line.startIndex, to: open.lowerBound) + 1
                    found.append((name, lineIndex + 1, column))
                }
                rest = after[close.upperBound...]
            }
        }
        return found
    }
}
