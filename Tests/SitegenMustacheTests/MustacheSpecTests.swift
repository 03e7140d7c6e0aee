import Foundation
import Testing
@testable import SitegenMustache

/// The Mustache specification's own tests, read in place from `../shared/reference/mustache-spec`
/// beside the checkout (never copied into the project). Lambdas and dynamic names are left out on
/// purpose (see the README's template section).
@Suite(.enabled(if: MustacheSpec.available, "../shared/reference/mustache-spec is not beside this checkout"))
struct MustacheSpecTests {
    @Test func theSpecIsBesideTheCheckout() {
        #expect(MustacheSpec.present, "CI is set and \(MustacheSpec.folder.path) is missing")
    }

    @Test(arguments: ["comments", "interpolation", "inverted", "partials", "sections", "~inheritance", "delimiters"])
    func passesEveryTestOfTheModule(_ module: String) throws {
        let tests = try MustacheSpec.tests(module)
        var failures: [String] = []
        for test in tests {
            let got: String
            do { got = try MustacheSpec.render(test) } catch { got = "error: \(error)" }
            if got != test.expected {
                failures.append("\(test.name): expected \(test.expected.debugDescription), got \(got.debugDescription)")
            }
        }
        print("mustache spec \(module): \(tests.count - failures.count)/\(tests.count) pass")
        #expect(!tests.isEmpty)
        #expect(failures.isEmpty, "\(module): \(failures.count) failing\n\(failures.joined(separator: "\n"))")
    }
}

enum MustacheSpec {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/reference/mustache-spec")
    static var present: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("sections.json").path) }
    /// Run (and failed) in CI even without the folder: a CI that lost it must not pass by skipping.
    static var available: Bool { present || ProcessInfo.processInfo.environment["CI"] != nil }

    struct Test: Decodable {
        let name: String
        let data: JSON
        let template: String
        let partials: [String: String]?
        let expected: String
    }

    static func tests(_ module: String) throws -> [Test] {
        struct File: Decodable { let tests: [Test] }
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: folder.appendingPathComponent(module + ".json"))).tests
    }

    /// The engine itself, without the site's policies (required pages, missing partials are errors).
    static func render(_ test: Test) throws -> String {
        let sources = [TemplateSource(name: "spec-template", displayPath: "spec-template", text: test.template)]
            + (test.partials ?? [:]).map { TemplateSource(name: $0.key, displayPath: $0.key, text: $0.value) }
        var renderer = TemplateRenderer(templates: try TemplateLibrary.parse(sources).parsed)
        _ = try renderer.render("spec-template", test.data.templateValue)
        return String(decoding: renderer.out, as: UTF8.self)
    }
}

/// Generic JSON, as the spec's data is written.
enum JSON: Decodable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([JSON]), object([String: JSON])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let b = try? container.decode(Bool.self) { self = .bool(b) }
        else if let i = try? container.decode(Int.self) { self = .int(i) }
        else if let d = try? container.decode(Double.self) { self = .double(d) }
        else if let s = try? container.decode(String.self) { self = .string(s) }
        else if let a = try? container.decode([JSON].self) { self = .array(a) }
        else { self = .object(try container.decode([String: JSON].self)) }
    }

    /// The engine has no floating-point values (the site formats its numbers before rendering), so a
    /// decimal arrives as the text JSON wrote.
    var templateValue: TemplateValue {
        switch self {
        case .null: .null
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .double(let d): .text(String(d))
        case .string(let s): .text(s)
        case .array(let items): .list(items.map(\.templateValue))
        case .object(let fields): .object(fields.mapValues(\.templateValue))
        }
    }
}
