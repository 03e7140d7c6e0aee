import Foundation
import SitegenBasics

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
    public static let requiredPages = ["day", "grid", "movie", "person", "search", "archive", "404", "week", "week-grid", "year", "years", "records"]
    /// Library name → path shown in errors.
    let paths: [String: String]
    /// The parsed templates compiled for rendering, once per build instead of once per page.
    let program: TemplateProgram
    /// Of every source's name and text.
    public let fingerprint: UInt64
    /// A template shows `site.builtAt`, so every page changes with every build.
    public let stampsBuildTime: Bool
    /// A name found in no context is an error (`file:line:col: no value 'x'`) instead of nothing.
    /// Off for builds: user templates may name values a page lacks. The tests render every stock
    /// template with it on, so a renamed context key cannot silently blank a column.
    public var strict = false

    public static func compile(_ sources: [TemplateSource], folder: String) throws -> Templates {
        let (parsed, paths) = try parse(sources)
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
        // What every page is made from besides its data: a rebuild re-renders all pages when it changes.
        var fingerprint = Fingerprint("templates")
        var stampsBuildTime = false
        for source in sources.sorted(by: { $0.name < $1.name }) {
            fingerprint.add(source.name); fingerprint.add(source.text)
            stampsBuildTime = stampsBuildTime || source.text.contains("builtAt")
        }
        return Templates(paths: paths, program: TemplateProgram(parsed), fingerprint: fingerprint.value,
                         stampsBuildTime: stampsBuildTime)
    }

    /// The engine's part of compiling, without the site's rules: parses every source and refuses
    /// partials that always include themselves.
    static func parse(_ sources: [TemplateSource]) throws -> (parsed: [String: [TemplateNode]], paths: [String: String]) {
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
        try refuseCycles(parsed, paths)
        return (parsed, paths)
    }

    /// A partial that always includes itself, directly or through others, would never finish.
    /// Inclusion inside a section stays allowed (a tree rendered by a recursive partial, as the
    /// spec has it): its depth is the data's, and the renderer stops a runaway one.
    private static func refuseCycles(_ parsed: [String: [TemplateNode]], _ paths: [String: String]) throws {
        let edges = parsed.mapValues { TemplateParser.references($0).filter { $0.always && parsed[$0.name] != nil } }
        var done: Set<String> = []
        var chain: [(name: String, line: Int, column: Int)] = []  // each template on the way, and where it includes the next
        func visit(_ name: String) throws {
            for edge in edges[name] ?? [] {
                chain.append((name, edge.line, edge.column))
                if let k = chain.firstIndex(where: { $0.name == edge.name }) {
                    let loop = chain[k...].map(\.name) + [edge.name]
                    let first = chain[k]
                    throw TemplateError(file: paths[first.name]!, line: first.line, column: first.column,
                                        message: loop.count == 2 ? "partial '\(edge.name)' includes itself"
                                            : "partial '\(edge.name)' includes itself: \(loop.joined(separator: " → "))")
                }
                if !done.contains(edge.name) { try visit(edge.name) }
                chain.removeLast()
            }
            done.insert(name)
        }
        for name in parsed.keys.sorted() where !done.contains(name) { try visit(name) }
    }

    func render(_ name: String, _ context: TemplateValue) throws -> String {
        String(decoding: try renderData(name, context), as: UTF8.self)
    }

    func renderData(_ name: String, _ context: TemplateValue) throws -> Data {
        var renderer = TemplateRenderer(program: program, strict: strict)
        do {
            guard try renderer.render(name, context) else {
                throw TemplateError(file: name + ".mustache", line: 0, column: 0, message: "template not found")
            }
        } catch let error as TemplateRenderError {
            throw TemplateError(file: paths[error.template] ?? error.template + ".mustache", line: error.line, column: error.column,
                                message: error.message)
        }
        return Data(renderer.out)
    }
}
