import Foundation
import Testing
import SitegenSiteSupport

/// The documentation a user reads (README.md, docs/) stays true to the binary and the stock theme,
/// and stands on its own: a clone has nothing beside the repository.
struct DocsTests {
    let repo = SiteFixture.repo

    func read(_ path: String) throws -> String {
        try String(contentsOf: repo.appendingPathComponent(path), encoding: .utf8)
    }

    /// README.md and every Markdown file under docs/, as repository-relative paths.
    func markdownFiles() throws -> [String] {
        let docs = repo.appendingPathComponent("docs")
        let found = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
        return ["README.md"] + found.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    @Test
    func everyOptionInTheHelpIsDocumented() async throws {
        let documented = DocsText.longOptions(in: try read("docs/cli.md"))
        for command in [[], ["build"], ["serve"], ["fetch"], ["init"], ["deploy"]] {
            let help = try await Binary.run(["help"] + command)
            #expect(help.status == 0, "\(help.err)")
            let options = DocsText.helpOptions(help.out)
            #expect(options.contains("--help"), "the OPTIONS of 'sitegen help \(command.joined())' were read: \(options)")
            for option in options {
                #expect(documented.contains(option), "docs/cli.md does not mention \(option) of 'sitegen \(command.joined())'")
            }
        }
        // Hidden from --help, yet the README tells users to run it.
        #expect(documented.contains("--generate-completion-script"))
    }

    /// The synopsis at the top of docs/cli.md is where a reader looks first: every option of each
    /// command's --help is in that command's lines (serve's "build options…" are build's).
    @Test
    func theSynopsisListsEveryOption() async throws {
        let page = try read("docs/cli.md")
        let block = try #require(page.firstMatch(of: /(?s)```\n(sitegen build .*?)```/)?.output.1)
        var synopsis: [String: String] = [:], current = ""
        for line in block.split(separator: "\n") {
            if let match = line.firstMatch(of: /^sitegen (\w+)/) { current = String(match.output.1) }
            if line.hasPrefix("sitegen ") && line.firstMatch(of: /^sitegen (\w+)/) == nil { current = "" }
            synopsis[current, default: ""] += line + "\n"
        }
        for command in ["build", "serve", "fetch", "init", "deploy"] {
            var listed = DocsText.longOptions(in: synopsis[command] ?? "")
            if synopsis[command]?.contains("[build options…]") == true { listed.formUnion(DocsText.longOptions(in: synopsis["build"] ?? "")) }
            let help = try await Binary.run(["help", command])
            for option in DocsText.helpOptions(help.out) where !["--help", "--version"].contains(option) {
                #expect(listed.contains(option), "the synopsis of docs/cli.md leaves out \(option) of 'sitegen \(command)'")
            }
            // A switch with both spellings shows both (`--market | --no-market`).
            for line in help.out.split(separator: "\n") {
                guard let pair = line.firstMatch(of: /^\s+--([a-z-]+)\/--no-\1\b/) else { continue }
                #expect(listed.contains("--no-" + pair.output.1), "the synopsis leaves out --no-\(pair.output.1) of 'sitegen \(command)'")
            }
        }
    }

    /// A doc that sends the reader to a section of the README ("the README section "X"", "the
    /// README's X section") names one that exists.
    @Test func everyReadmeSectionADocCitesExists() throws {
        let headings = Set(try read("README.md").matches(of: /(?m)^#{1,6}\s+(.+?)\s*$/).map { String($0.output.1).lowercased() })
        #expect(headings.contains("deploy") && headings.contains("quick start"), "\(headings)")
        var cited = 0
        for file in try markdownFiles() {
            let text = try read(file).replacingOccurrences(of: "\n", with: " ")
            let names = text.matches(of: /README(?:\.md)?(?:'s)? section "([^"]+)"/).map { String($0.output.1) }
                + text.matches(of: /README(?:\.md)?'s "?([A-Z][A-Za-z ]*?)"? section/).map { String($0.output.1) }
                + text.matches(of: /section "([^"]+)" of the README/).map { String($0.output.1) }
            for name in names {
                cited += 1
                #expect(headings.contains(name.lowercased()), "\(file) cites the README section \"\(name)\", which the README does not have")
            }
            for link in DocsText.links(in: try read(file)) where link.hasPrefix("README.md#") || link.contains("/README.md#") {
                cited += 1
                let anchor = String(link.split(separator: "#", maxSplits: 1)[1])
                #expect(DocsText.anchors(in: try read("README.md")).contains(anchor), "\(file) links \(link), which the README does not have")
            }
        }
        _ = cited
    }

    /// What `sitegen init` writes is what docs/install.md and docs/cli.md say it writes: each
    /// top-level file and folder, and the files an operator edits.
    @Test
    func theDocsListWhatInitWrites() async throws {
        let site = try SiteFixture.temporaryFolder().appendingPathComponent("site")
        do {
            let ran = try await Binary.run(["init", site.path])
            #expect(ran.status == 0)
        }
        var names = Set(try FileManager.default.contentsOfDirectory(atPath: site.path).map { name -> String in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: site.appendingPathComponent(name).path, isDirectory: &isFolder)
            return isFolder.boolValue ? name + "/" : name
        })
        names.remove(".github/")
        names.formUnion([".github/workflows/sitegen.yml", "Notes/site.md", "Public/custom.css", "vendor/sitegen/", "history/"])
        names.remove("vendor/")
        #expect(names.contains("sitegen.toml") && names.contains("Templates/"), "\(names.sorted())")
        for file in ["docs/install.md", "docs/cli.md"] {
            let text = try read(file)
            for name in names.sorted() {
                #expect(text.contains("`\(name)") || text.contains("`\(name.dropLast())`"), "\(file) does not list \(name), which init writes")
            }
        }
        #expect(!(try read("docs/install.md")).contains("`Public/style.css` replaces the stock stylesheet in\nthe same way"),
                "install.md recommends replacing the whole stylesheet rather than custom.css")
    }

    /// "see below" points at something below it.
    @Test func seeBelowPointsAtSomething() throws {
        let deploy = try read("docs/deploy.md")
        #expect(!deploy.contains("half-written page, see\nbelow"), "docs/deploy.md's cron paragraph says \"see below\" for nothing below")
    }

    @Test func everyNameTheStockTemplatesUseIsDocumented() throws {
        let doc = try read("docs/templates.md")
        let folder = repo.appendingPathComponent("Templates")
        let files = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".mustache") }.sorted()
        var names: [String: String] = [:]
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for name in DocsText.mustacheNames(in: text) where names[name] == nil { names[name] = file }
        }
        #expect(names["chart.entries"] != nil && names["day.heading"] != nil && names["change.kind"] != nil && names["movie.chart"] != nil,
                "the templates were parsed: \(names.count) names")
        #expect(names["content"] == nil && names["layout"] == nil && names["partials/poster"] == nil,
                "blocks, parents and partials are not context names")
        // Interface strings (`t.name`) are documented by their tables: each must be in every language's.
        var tables: [[String: String]] = []
        for language in ["ko", "en"] {
            let data = try Data(contentsOf: folder.appendingPathComponent("strings/\(language).json"))
            tables.append(try JSONDecoder().decode([String: String].self, from: data))
        }
        #expect(tables[0].keys.sorted() == tables[1].keys.sorted(), "strings/ko.json and strings/en.json name the same strings")
        #expect(doc.contains("`t.`"), "docs/templates.md explains the interface strings")
        for (name, file) in names.sorted(by: { $0.key < $1.key }) {
            if name.hasPrefix("t.") {
                let key = String(name.dropFirst(2))
                #expect(tables.allSatisfy { $0[key] != nil }, "Templates/\(file) reads `\(name)`, which a strings table lacks")
                continue
            }
            let documented = doc.contains("`\(name)`")
            #expect(documented, "docs/templates.md does not document `\(name)` (used in Templates/\(file))")
        }
    }

    /// The partials row of docs/templates.md names exactly the stock theme's partials: none that
    /// does not exist (it once listed `period-title`), none left out.
    @Test func thePartialsTheDocsListAreTheStockThemesPartials() throws {
        let docs = try read("docs/templates.md")
        let row = try #require(docs.split(separator: "\n").first { $0.hasPrefix("| `partials/…` |") })
        // A partial's own names are in parentheses after it.
        let names = String(row).replacing(/\([^)]*\)/, with: "")
        let listed = Set(names.matches(of: /`([a-z0-9-]+)`/).map { String($0.output.1) })
        let folder = repo.appendingPathComponent("Templates/partials")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) })
        #expect(listed.subtracting(files).isEmpty, "docs/templates.md lists partials that do not exist: \(listed.subtracting(files).sorted())")
        #expect(files.subtracting(listed).isEmpty, "docs/templates.md leaves out partials: \(files.subtracting(listed).sorted())")
    }

    @Test func docsPointAtNothingOutsideTheRepository() throws {
        for file in try markdownFiles() {
            let text = try read(file)
            for outside in ["../shared", "/shared/reference", "/shared/notes", "SPEC.md", "/work/"] {
                let mentioned = text.contains(outside)
                #expect(!mentioned, "\(file) refers to \(outside), which a clone does not have")
            }
        }
    }

    @Test func everyRelativeLinkResolvesInsideTheRepository() throws {
        var checked = 0
        for file in try markdownFiles() {
            let base = repo.appendingPathComponent(file).deletingLastPathComponent()
            for link in DocsText.links(in: try read(file)) where DocsText.isRelative(link) {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? repo.appendingPathComponent(file) : base.appendingPathComponent(parts[0]).standardizedFileURL
                #expect(target.path.hasPrefix(repo.standardizedFileURL.path + "/"), "\(file): \(link) leaves the repository")
                #expect(FileManager.default.fileExists(atPath: target.path), "\(file): \(link) names no file")
                if parts.count == 2, target.pathExtension == "md", let text = try? String(contentsOf: target, encoding: .utf8) {
                    #expect(DocsText.anchors(in: text).contains(parts[1]), "\(file): \(link) names no heading")
                }
                checked += 1
            }
        }
        #expect(checked >= 4, "the README links docs/cli.md and docs/templates.md")
    }

    /// The front door stays one: the README is short, shows the site, and leads to every page of
    /// the manual; the pictures it shows are small.
    @Test func theReadmeIsShortShowsTheSiteAndLeadsToTheWholeManual() throws {
        let readme = try read("README.md")
        #expect(readme.utf8.count <= 12_000, "README.md is \(readme.utf8.count) bytes")
        let links = Set(DocsText.links(in: readme))
        for page in try markdownFiles() where page.hasPrefix("docs/") {
            #expect(links.contains(page), "README.md does not lead to \(page)")
        }
        let pictures = links.filter { $0.hasPrefix("docs/images/") }
        #expect(pictures.count >= 3, "\(pictures)")
        for picture in pictures {
            let size = (try FileManager.default.attributesOfItem(atPath: repo.appendingPathComponent(picture).path)[.size] as? Int) ?? 0
            #expect(size > 5_000 && size < 150_000, "\(picture) is \(size) bytes")
        }
    }
}

/// Small readers of the text the docs tests compare.
enum DocsText {
    /// Every `--long-option` token in a text.
    static func longOptions(in text: String) -> Set<String> {
        Set(text.matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) })
    }

    /// The long options a help screen lists under OPTIONS (not those its prose mentions).
    static func helpOptions(_ help: String) -> [String] {
        var inOptions = false, options: [String] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") { inOptions = line.hasPrefix("OPTIONS:"); continue }
            guard inOptions, let match = line.firstMatch(of: /^\s+(?:-[A-Za-z], )?(--[a-z][a-z0-9-]*)/) else { continue }
            options.append(String(match.output.1))
        }
        return options
    }

    /// The names a Mustache template looks up: variables (`{{x}}`, `{{{x}}}`, `{{&x}}`) and
    /// sections (`{{#x}}`, `{{^x}}`), following set-delimiter tags; not partials, parents, blocks,
    /// closers, comments or `.`.
    static func mustacheNames(in text: String) -> [String] {
        var open = "{{", close = "}}", rest = Substring(text), names: [String] = []
        while let start = rest.range(of: open) {
            var after = rest[start.upperBound...]
            var closing = close
            if open == "{{" && after.hasPrefix("{") { after = after.dropFirst(); closing = "}" + close }
            guard let end = after.range(of: closing) else { break }
            var tag = after[..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            rest = after[end.upperBound...]
            if closing != close { if tag != "." { names.append(tag) }; continue }
            switch tag.first {
            case "=":
                let delimiters = tag.dropFirst().dropLast().split(whereSeparator: \.isWhitespace)
                if delimiters.count == 2 { open = String(delimiters[0]); close = String(delimiters[1]) }
            case ">", "<", "$", "/", "!": continue
            case "#", "^", "&":
                tag = String(tag.dropFirst()).trimmingCharacters(in: .whitespaces)
                if tag != "." { names.append(tag) }
            default:
                if tag != "." && !tag.isEmpty { names.append(tag) }
            }
        }
        return names
    }

    /// Link targets of Markdown inline links and reference definitions, outside code.
    static func links(in markdown: String) -> [String] {
        let prose = markdown.replacing(/(?s)```.*?```/, with: "").replacing(/`[^`\n]*`/, with: "")
        let inline = prose.matches(of: /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/).map { String($0.output.1) }
        let references = prose.matches(of: /(?m)^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)/).map { String($0.output.1) }
        // HTML the README uses for pictures side by side.
        let html = prose.matches(of: /<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/).map { String($0.output.1) }
        return inline + references + html
    }

    static func isRelative(_ link: String) -> Bool {
        link.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.\-]*:/) == nil && !link.hasPrefix("//")
    }

    /// GitHub's anchors for a file's headings: lowercase, punctuation dropped, spaces to hyphens.
    static func anchors(in markdown: String) -> Set<String> {
        let withoutCode = markdown.replacing(/(?s)```.*?```/, with: "")
        return Set(withoutCode.matches(of: /(?m)^#{1,6}\s+(.+?)\s*$/).map { match in
            String(match.output.1.lowercased().compactMap { c -> Character? in
                c == " " ? "-" : (c.isLetter || c.isNumber || c == "-" || c == "_") ? c : nil
            })
        })
    }
}
