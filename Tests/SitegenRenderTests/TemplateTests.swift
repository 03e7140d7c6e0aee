import Foundation
import Testing
import SitegenMustache
@testable import SitegenRender

@Suite struct TemplateTests {
    static let pages = Templates.requiredPages.map { TemplateSource(name: $0, displayPath: "T/\($0).mustache", text: "<p>{{x}}</p>") }

    @Test func aSyntaxErrorNamesFileLineAndColumn() {
        let bad = TemplateSource(name: "day", displayPath: "Templates/day.mustache", text: "<h1>\n<ul>\n<li>{{name}</li>\n")
        let error = #expect(throws: TemplateError.self) {
            try Templates.compile(Self.pages.filter { $0.name != "day" } + [bad], folder: "Templates")
        }
        #expect(error?.description.hasPrefix("Templates/day.mustache:3:") == true)
        #expect(error?.description.contains("unfinished tag") == true)
    }

    @Test func anUnclosedSectionIsAnError() {
        let bad = TemplateSource(name: "week", displayPath: "Templates/week.mustache", text: "{{#items}}\n<li>{{.}}</li>\n")
        let error = #expect(throws: TemplateError.self) {
            try Templates.compile(Self.pages.filter { $0.name != "week" } + [bad], folder: "Templates")
        }
        #expect(error?.description.hasPrefix("Templates/week.mustache:") == true)
    }

    @Test func aMissingPartialIsAnErrorAtItsTag() {
        let page = TemplateSource(name: "movie", displayPath: "Templates/movie.mustache", text: "<main>\n  <p>x</p> {{> partials/nope }}\n</main>")
        let error = #expect(throws: TemplateError.self) {
            try Templates.compile(Self.pages.filter { $0.name != "movie" } + [page], folder: "Templates")
        }
        #expect(error?.description == "Templates/movie.mustache:2:12: no template named 'partials/nope' (looked for Templates/partials/nope.mustache)")
    }

    @Test func aMissingPageTemplateIsAnError() {
        let error = #expect(throws: TemplateError.self) {
            try Templates.compile(Self.pages.filter { $0.name != "archive" }, folder: "Templates")
        }
        #expect(error?.description.contains("archive.mustache is missing") == true)
    }

    @Test func escapesValuesUnlessTripleBraced() throws {
        let templates = try Templates.compile(Self.pages, folder: "T")
        #expect(try templates.render("day", ["x": "<script>&\"'"]) == "<p>&lt;script&gt;&amp;&quot;&#39;</p>")
    }
}
