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

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }
}

/// Templates that include each other by name, compiled together once: rendering never touches
/// the disk, and every error names the template's path, line and column.
public struct TemplateLibrary: Sendable {
    /// Library name → path shown in errors.
    let paths: [String: String]
    /// The parsed templates compiled for rendering, once instead of once per render.
    let program: TemplateProgram
    /// The partials and parents named that the library lacks, where each is named, in the order
    /// of the naming templates' names. The spec renders them as nothing; a caller may refuse them.
    public let missingPartials: [(file: String, line: Int, column: Int, name: String)]
    /// A name found in no context is an error (`file:line:col: no value 'x'`) instead of nothing.
    public var strict = false
    /// How much one page may take (`RenderLimits`).
    public var limits = RenderLimits()

    public init(_ sources: [TemplateSource]) throws {
        let (parsed, paths) = try Self.parse(sources)
        var missing: [(file: String, line: Int, column: Int, name: String)] = []
        for name in parsed.keys.sorted() {
            for reference in TemplateParser.references(parsed[name]!) where parsed[reference.name] == nil {
                missing.append((paths[name]!, reference.line, reference.column, reference.name))
            }
        }
        self.paths = paths
        self.program = TemplateProgram(parsed)
        self.missingPartials = missing
    }

    /// Parses every source and refuses partials that always include themselves.
    static func parse(_ sources: [TemplateSource]) throws
        -> (parsed: [String: [TemplateNode]], paths: [String: String]) {
        var parsed: [String: [TemplateNode]] = [:]
        var paths: [String: String] = [:]
        for source in sources.sorted(by: { $0.name < $1.name }) {
            do {
                parsed[source.name] = try TemplateParser.parse(source.text)
            } catch let error as TemplateSyntaxError {
                throw TemplateError(file: source.displayPath, line: error.line, column: error.column,
                                    message: error.message)
            }
            paths[source.name] = source.displayPath
        }
        try refuseCycles(parsed, paths)
        return (parsed, paths)
    }

    /// A partial that always includes itself, directly or through others, would never finish.
    /// Inclusion inside a section stays allowed (a tree rendered by a recursive partial, as the
    /// spec has it): its depth is the data's, and the renderer stops a runaway one.
    private static func refuseCycles(_ parsed: [String: [TemplateNode]], _ paths: [String: String]) throws {
        let edges = parsed.mapValues { TemplateParser.references($0).filter { $0.always && parsed[$0.name] != nil } }
        var done: Set<String> = []
        // Each template on the way, and where it includes the next.
        var chain: [(name: String, line: Int, column: Int)] = []
        func visit(_ name: String) throws {
            for edge in edges[name] ?? [] {
                chain.append((name, edge.line, edge.column))
                if let k = chain.firstIndex(where: { $0.name == edge.name }) {
                    let loop = chain[k...].map(\.name) + [edge.name]
                    let first = chain[k]
                    let message = loop.count == 2 ? "partial '\(edge.name)' includes itself"
                        : "partial '\(edge.name)' includes itself: \(loop.joined(separator: " → "))"
                    throw TemplateError(file: paths[first.name]!, line: first.line, column: first.column,
                                        message: message)
                }
                if !done.contains(edge.name) { try visit(edge.name) }
                chain.removeLast()
            }
            done.insert(name)
        }
        for name in parsed.keys.sorted() where !done.contains(name) { try visit(name) }
    }

    public func render(_ name: String, _ context: TemplateValue) throws -> String {
        String(decoding: try renderData(name, context), as: UTF8.self)
    }

    public func renderData(_ name: String, _ context: TemplateValue) throws -> Data {
        var renderer = TemplateRenderer(program: program, strict: strict, limits: limits)
        defer { program.giveBack(renderer.hints) }
        do {
            guard try renderer.render(name, context) else {
                throw TemplateError(file: name + ".mustache", line: 0, column: 0, message: "template not found")
            }
        } catch let error as TemplateRenderError {
            throw TemplateError(file: paths[error.template] ?? error.template + ".mustache", line: error.line,
                                column: error.column, message: error.message)
        }
        return Data(renderer.out)
    }
}
