import Foundation

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
    let parsed: [String: [TemplateNode]]

    public static func compile(_ sources: [TemplateSource], folder: String) throws -> Templates {
        var parsed: [String: [TemplateNode]] = [:]
        var paths: [String: String] = [:]
        for source in sources.sorted(by: { $0.name < $1.name }) {
            do {
                parsed[source.name] = try TemplateParser.parse(source.text)
            } catch let error as TemplateSyntaxError {
                throw TemplateError(file: source.displayPath, line: error.line, column: error.column, message: error.message)
            }
            paths[source.name] = source.displayPath
        }
        // A partial that does not exist must fail the build, not render as nothing.
        for name in parsed.keys.sorted() {
            for reference in TemplateParser.references(parsed[name]!) where parsed[reference.name] == nil {
                throw TemplateError(file: paths[name]!, line: reference.line, column: reference.column,
                                    message: "no template named '\(reference.name)' (looked for \(folder)/\(reference.name).mustache)")
            }
        }
        for page in requiredPages where parsed[page] == nil {
            throw TemplateError(file: folder, line: 0, column: 0,
                                message: "\(page).mustache is missing (a site needs \(requiredPages.map { $0 + ".mustache" }.joined(separator: ", ")))")
        }
        return Templates(parsed: parsed)
    }

    func render(_ name: String, _ context: TemplateValue) throws -> String {
        String(decoding: try renderData(name, context), as: UTF8.self)
    }

    func renderData(_ name: String, _ context: TemplateValue) throws -> Data {
        var renderer = TemplateRenderer(templates: parsed)
        guard renderer.render(name, context) else {
            throw TemplateError(file: name + ".mustache", line: 0, column: 0, message: "template not found")
        }
        return Data(renderer.out)
    }
}
