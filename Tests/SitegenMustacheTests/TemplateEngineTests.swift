import Foundation
import Testing
import SitegenMustache

/// The Mustache engine: the parts of the spec the templates use, and its errors.
@Suite struct TemplateEngineTests {
    func render(_ templates: [String: String], _ name: String = "page", context: TemplateValue) throws -> String {
        let sources = templates.map {
            TemplateSource(name: $0.key, displayPath: "T/\($0.key).mustache", text: $0.value)
        }
        return try TemplateLibrary(sources).render(name, context)
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

    /// Objects keep their fields as written instead of in a dictionary: these are the dictionary's
    /// rules they must still follow.
    @Test func objectFieldsReadLikeADictionary() throws {
        let literal: TemplateValue = ["a": "first", "b": "kept", "nothing": nil]
        guard case .object(var fields) = literal else { Issue.record("a literal is an object"); return }
        fields["a"] = "last"
        let set = TemplateValue.object(fields)
        #expect(try render(["page": "{{a}} {{b}} [{{nothing}}]{{^nothing}}null{{/nothing}}"], context: set) == "last kept []null")
        #expect(set == ["b": "kept", "nothing": nil, "a": "last"])
        fields["b"] = "changed"
        fields["a"] = nil
        #expect(try render(["page": "{{a}}|{{b}}|{{a.x}}"], context: .object(fields)) == "|changed|")
        #expect(TemplateValue.object(["x": 1, "y": ["z": "w"]]) == ["y": ["z": "w"], "x": 1])
        #expect(TemplateValue.object(["x": 1]) != ["x": 2])
    }

    /// A lookup first tries where the same tag found its name last (rows are built alike): rows
    /// that put a name elsewhere, lack it (so it is the outer object's), or hold a different name
    /// at that place still read their own values.
    @Test func eachRowReadsItsOwnValueWhereverItsObjectPutsTheName() throws {
        guard case .object(var changed) = ["b": "b4", "a": "a4", "c": "c4"] as TemplateValue else {
            Issue.record("a literal is an object")
            return
        }
        changed["a"] = "a4+"
        let rows: [TemplateValue] = [
            ["a": "a1", "b": "b1"], ["b": "b2", "a": "a2"], ["x": "x3", "b": "b3"], ["c": "c5"], .object(changed),
            ["a": nil, "b": "b6"], ["t": ["word": "own"]], ["a": "a8", "b": "b8"],
        ]
        let context: TemplateValue = ["a": "outer", "t": ["other": "o", "word": "outer word"], "rows": .list(rows)]
        let got = try render(["page": "{{#rows}}[{{a}} {{b}} {{t.word}}]{{/rows}}"], context: context)
        #expect(got
            == "[a1 b1 outer word][a2 b2 outer word][outer b3 outer word][outer  outer word][a4+ b4 outer word]"
            + "[ b6 outer word][outer  own][a8 b8 outer word]", "\(got)")
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

    @Test func keepsCRLFLineEndsAndDropsStandaloneLines() throws {
        let template = "<ul>\r\n  {{#items}}\r\n  <li>{{.}}</li>\r\n  {{/items}}\r\n  {{! note }}\r\n</ul>\r\n"
        #expect(try render(["page": template], context: ["items": ["a", "b"]]) == "<ul>\r\n  <li>a</li>\r\n  <li>b</li>\r\n</ul>\r\n")
    }

    @Test func reindentsStandalonePartialsButNotTheirValues() throws {
        let templates = ["page": "<nav>\n  {{> item}}\n</nav>\n", "item": "<a>\n{{{html}}}\n</a>\n"]
        #expect(try render(templates, context: ["html": "<b>\n</b>"]) == "<nav>\n  <a>\n  <b>\n</b>\n  </a>\n</nav>\n")
    }

    @Test func inheritanceTagsOnOneLineStandAlone() throws {
        let templates = [
            "base": "<main>\n  {{$body}}{{/body}}\n</main>\n",
            "page": "<div>\n  {{<base}}{{/base}}\n</div>\n{{<base}}{{$body}}\n<p>\n  x\n</p>\n{{/body}}{{/base}}\n",
        ]
        let out = try render(templates, context: [:])
        #expect(out == "<div>\n  <main>\n\n  </main>\n</div>\n<main>\n  <p>\n    x\n  </p>\n\n</main>\n")
    }

    @Test func changesDelimitersForTheRestOfTheTemplateOnly() throws {
        let templates = ["page": "{{=<% %>=}}\n<% x %> {{x}} <%> part %>\n<%={{ }}=%>{{x}}", "part": "{{x}}"]
        #expect(try render(templates, context: ["x": "v"]) == "v {{x}} v\nv")
    }

    @Test(arguments: [
        // Self-inclusion once or twice, the way issue 12 found it: it rendered 64 levels deep or never finished.
        (["partials/footer": "<footer>\n{{x}}\n{{> partials/footer}}\n</footer>"], "T/partials/footer.mustache:3:1: partial 'partials/footer' includes itself"),
        (["partials/footer": "<footer>\n\nx{{> partials/footer}}{{> partials/footer}}"], "T/partials/footer.mustache:3:2: partial 'partials/footer' includes itself"),
        (["a": "{{> b}}", "b": "b\n{{#x}}{{/x}}{{> a}}"], "T/a.mustache:1:1: partial 'a' includes itself: a → b → a"),
        (["base": "{{$body}}{{/body}}{{> base}}"], "T/base.mustache:1:19: partial 'base' includes itself"),
        (["a": "{{<b}}{{/b}}", "b": "{{> c}}", "c": "{{<a}}{{$x}}{{/x}}{{/a}}"], "T/a.mustache:1:1: partial 'a' includes itself: a → b → c → a"),
    ])
    func refusesPartialsThatAlwaysIncludeThemselves(_ templates: [String: String], _ expected: String) throws {
        let error = #expect(throws: TemplateError.self) {
            try render(templates.merging(["page": "{{> \(templates.keys.sorted()[0])}}"]) { a, _ in a }, context: [:])
        }
        #expect(error?.description == expected)
    }

    @Test func rendersARecursivePartialAsDeepAsTheDataAndStopsARunawayOne() throws {
        let templates = ["page": "{{> node}}", "node": "{{name}}({{#kids}}{{> node}}{{/kids}})"]
        let tree: TemplateValue = ["name": "a", "kids": [["name": "b", "kids": [["name": "c", "kids": []]]], ["name": "d", "kids": []]]]
        #expect(try render(templates, context: tree) == "a(b(c())d())")

        // Data that never runs out (a true flag is found again at every level) and two includes per level:
        // without a limit that throws, this is 2^64 renders.
        let started = ContinuousClock.now
        let error = #expect(throws: TemplateError.self) {
            try render(["page": "{{> loop}}", "loop": "x\n{{#yes}}{{> loop}}{{> loop}}{{/yes}}"], context: ["yes": true])
        }
        #expect(error?.description == "T/loop.mustache:2:9: partial 'loop' nested 64 deep: it keeps including itself")
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func strictModeNamesTheMissingValueAndWhereItIsUsed() throws {
        func strict(_ templates: [String: String], _ context: TemplateValue) throws -> String {
            let sources = templates.map { TemplateSource(name: $0.key, displayPath: "T/\($0.key).mustache", text: $0.value) }
            var compiled = try TemplateLibrary(sources)
            compiled.strict = true
            return try compiled.render("page", context)
        }
        let context: TemplateValue = ["title": "t", "empty": nil, "list": [["x": 1]], "obj": ["a": "b"]]
        #expect(try strict(["page": "{{title}}{{empty}}{{#empty}}no{{/empty}}{{^empty}}none{{/empty}}{{#list}}{{x}}{{title}}{{/list}}{{obj.a}}"], context)
            == "tnone1tb")
        let cases: [([String: String], String)] = [
            (["page": "<p>\n  {{titel}}</p>"], "T/page.mustache:2:3: no value 'titel'"),
            (["page": "{{obj.b}}"], "T/page.mustache:1:1: no value 'obj.b'"),
            (["page": "{{#list}}{{y}}{{/list}}"], "T/page.mustache:1:10: no value 'y'"),
            (["page": "{{#gone}}x{{/gone}}"], "T/page.mustache:1:1: no value 'gone'"),
            (["page": "{{^gone}}x{{/gone}}"], "T/page.mustache:1:1: no value 'gone'"),
            (["page": "a {{> part}}", "part": "\n {{nope}}"], "T/part.mustache:2:2: no value 'nope'"),
            (["page": "{{<base}}{{$b}}{{nope}}{{/b}}{{/base}}", "base": "<{{$b}}{{/b}}>"], "T/page.mustache:1:16: no value 'nope'"),
        ]
        for (templates, expected) in cases {
            let error = #expect(throws: TemplateError.self) { try strict(templates, context) }
            #expect(error?.description == expected)
            #expect(try render(templates, context: context).contains("x") == templates["page"]!.contains("^gone"), "lenient mode renders nothing for it")
        }
    }

    /// Every template of three pieces from a list of awkward ones: an error or a page, never a trap.
    @Test func neverCrashesOnMalformedTemplates() throws {
        let pieces = ["{{", "}}", "{{{", "}}}", "{{#a}}", "{{/a}}", "{{^a}}", "{{<p}}", "{{/p}}", "{{$b}}", "{{/b}}", "{{> p}}", "{{!",
                      "{{=| |=}}", "|x|", "{{=", "=}}", "\r\n", "\n  ", "\r", " ", "가", "{{a}}", "}", "{"]
        var rendered = 0, refused = 0
        for a in pieces { for b in pieces { for c in pieces {
            do {
                _ = try render(["page": a + b + c, "p": "{{$b}}d{{/b}}{{#a}}\n  {{a}}\n{{/a}}"], context: ["a": [1, 2]])
                rendered += 1
            } catch is TemplateError { refused += 1 }
        } } }
        #expect(rendered > 1000 && refused > 1000)

        let deep = String(repeating: "{{#a}}", count: 100_000)
        let error = #expect(throws: TemplateError.self) { try render(["page": deep], context: [:]) }
        #expect(error?.description == "T/page.mustache:1:601: sections nested more than 100 deep")
    }

    @Test(arguments: [
        ("{{#a}}x{{/b}}", "1:8: closing tag 'b' does not match the section 'a' it closes"),
        ("x\n{{/a}}", "2:1: closing tag 'a' has no open section"),
        ("{{a}}\n{{b}}\n{{c}}\n{{d}}\n{{/x}}", "5:1: closing tag 'x' has no open section"),
        ("a\r\nb\r\n  {{/x}}", "3:3: closing tag 'x' has no open section"),
        ("가나다 {{/x}}", "1:5: closing tag 'x' has no open section"),
        ("{{#a}}\n{{#b}}", "2:1: section 'b' is never closed"),
        ("ok {{name", "1:4: unfinished tag: expected '}}'"),
        ("ok {{a {{b}}", "1:4: unfinished tag: expected '}}'"),
        ("{{{raw}}", "1:1: unfinished tag: expected '}}}'"),
        ("{{}}", "1:1: empty tag"),
        ("<td>{{first name}}</td>", "1:5: 'first name' is not a name: names have no spaces"),
        ("{{=<% %>=}}\n<%#a%>", "2:1: section 'a' is never closed"),
        ("{{=<%=}}", "1:1: a set-delimiter tag names two delimiters separated by a space, as in {{=<% %>=}}"),
    ])
    func reportsSyntaxErrorsWithLineAndColumn(_ text: String, _ expected: String) throws {
        let error = #expect(throws: TemplateError.self) {
            try render(["page": text, "base": "b"], context: [:])
        }
        #expect(error?.description == "T/page.mustache:" + expected)
    }
}

/// A theme's template is code the site runs: a runaway one stops with one error naming its file
/// and line, by bytes or by time, instead of rendering without end.
@Suite struct RenderLimitTests {
    /// Nine loops nested in a few hundred bytes, over a list of 30: 30⁹ passes.
    static let nested = (0..<9).map { _ in "{{#l}}" }.joined() + "{{x}}" + (0..<9).map { _ in "{{/l}}" }.joined()
    static let context: TemplateValue = ["l": .list(Array(repeating: ["y": 1], count: 30)), "x": "xy"]

    func library(_ text: String, limits: RenderLimits) throws -> TemplateLibrary {
        var library = try TemplateLibrary([TemplateSource(name: "page", displayPath: "T/page.mustache", text: "\n" + text)])
        library.limits = limits
        return library
    }

    @Test func aRunawayTemplateStopsAtTheByteLimitNamingItsLine() throws {
        let started = ContinuousClock.now
        let error = #expect(throws: TemplateError.self) {
            try library(Self.nested, limits: RenderLimits(bytes: 1 << 20, seconds: 60)).render("page", Self.context)
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("T/page.mustache:2") && text.contains("over 1 MB"), "\(text)")
    }

    /// The same loops writing nothing: only the clock stops them.
    @Test func aRunawayTemplateThatWritesNothingStopsAtTheTimeLimit() throws {
        let silent = Self.nested.replacingOccurrences(of: "{{x}}", with: "{{missing}}")
        let started = ContinuousClock.now
        let error = #expect(throws: TemplateError.self) {
            try library(silent, limits: RenderLimits(bytes: 1 << 20, seconds: 1)).render("page", Self.context)
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("T/page.mustache:2") && text.contains("to render"), "\(text)")
    }
}
