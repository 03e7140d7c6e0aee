import Foundation
import Testing
@testable import SitegenRender

/// The Mustache engine: the parts of the spec the templates use, and its errors.
@Suite struct TemplateEngineTests {
    func render(_ templates: [String: String], _ name: String = "page", context: TemplateValue) throws -> String {
        var sources = templates.map { TemplateSource(name: $0.key, displayPath: "T/\($0.key).mustache", text: $0.value) }
        for page in Templates.requiredPages where templates[page] == nil {
            sources.append(TemplateSource(name: page, displayPath: "T/\(page).mustache", text: ""))
        }
        return try Templates.compile(sources, folder: "T").render(name, context)
    }

    @Test func rendersVariablesEscapedOrRaw() throws {
        let context: TemplateValue = ["x": "<b>\"&'</b>", "n": 42, "yes": true]
        #expect(try render(["page": "{{x}}|{{{x}}}|{{& x}}|{{n}}|{{missing}}|{{yes}}"], context: context)
            == "&lt;b&gt;&quot;&amp;&#39;&lt;/b&gt;|<b>\"&'</b>|<b>\"&'</b>|42||true")
    }

    @Test func walksDottedNamesAndOuterContexts() throws {
        let context: TemplateValue = ["a": ["b": ["c": "deep"]], "root": "../", "items": [["name": "one"], ["name": "two"]]]
        #expect(try render(["page": "{{a.b.c}} {{a.x.c}}{{#items}}[{{root}}{{name}}]{{/items}}"], context: context) == "deep [../one][../two]")
    }

    @Test func sectionsFollowMustacheTruthiness() throws {
        let context: TemplateValue = ["t": true, "f": false, "empty": [], "list": [1, 2], "obj": ["v": "in"], "text": "s", "blank": ""]
        let template = "{{#t}}T{{/t}}{{#f}}F{{/f}}{{^f}}notF{{/f}}{{#empty}}E{{/empty}}{{^empty}}noE{{/empty}}{{#list}}<{{.}}>{{/list}}{{#obj}}{{v}}{{/obj}}{{#text}}[{{.}}]{{/text}}{{^blank}}noBlank{{/blank}}{{^nothing}}none{{/nothing}}"
        #expect(try render(["page": template], context: context) == "TnotFnoE<1><2>in[s]noBlanknone")
    }

    @Test func standaloneTagsLeaveNoBlankLines() throws {
        let template = "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n  {{! a comment }}\n</ul>\n"
        #expect(try render(["page": template], context: ["items": ["a", "b"]]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }

    @Test func inheritsLayoutsWithBlocksAndPartials() throws {
        let templates = [
            "base": "<html>{{$title}}Default{{/title}}|{{> part}}|{{$body}}{{/body}}</html>",
            "part": "[{{name}}]",
            "middle": "{{<base}}{{$title}}Middle{{/title}}{{$body}}mid-body{{/body}}{{/base}}",
            "page": "{{<middle}}{{$body}}page body {{name}}{{/body}}{{/middle}}",
        ]
        #expect(try render(templates, context: ["name": "x"]) == "<html>Middle|[x]|page body x</html>")
    }

    @Test func aPartialThatIncludesItselfStops() throws {
        let out = try render(["page": "a{{> page}}"], context: [:])
        #expect(out.hasPrefix("aaaa") && out.count <= 70)
    }

    @Test(arguments: [
        ("{{#a}}x{{/b}}", "1:8: closing tag 'b' does not match the section 'a' it closes"),
        ("x\n{{/a}}", "2:1: closing tag 'a' has no open section"),
        ("{{#a}}\n{{#b}}", "2:1: section 'b' is never closed"),
        ("ok {{name", "1:4: unfinished tag: expected '}}'"),
        ("{{{raw}}", "1:1: unfinished tag: expected '}}}'"),
        ("{{}}", "1:1: empty tag"),
        ("{{=<% %>=}}", "1:1: set-delimiter tags are not supported"),
        ("{{<base}}text{{/base}}", "1:1: only {{$block}} overrides may appear inside {{<base}}"),
    ])
    func reportsSyntaxErrorsWithLineAndColumn(_ text: String, _ expected: String) throws {
        let error = #expect(throws: TemplateError.self) {
            try render(["page": text, "base": "b"], context: [:])
        }
        #expect(error?.description == "T/page.mustache:" + expected)
    }
}
