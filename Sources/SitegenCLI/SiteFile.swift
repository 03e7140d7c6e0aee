import Foundation
import SitegenBuild
import SitegenDeploy
import SitegenModel

/// `sitegen.toml`: what a site keeps about itself (its name, description and author, its base URL
/// and first day, the options it is built with), as Hugo's and Zola's config files do. The command
/// line overrides it.
///
/// Read by a small reader of the TOML this file needs (`key = value` lines, strings, booleans,
/// dates, the `[en]` and `[s3]` tables) rather than TOMLKit: every mistake must be one line naming the file,
/// the line and the key, which TOMLKit's values do not carry, and its C++ parser would add
/// minutes to every clean build. Anything beyond that subset is refused by line, never guessed.
struct SiteFile: Equatable {
    var name: String?
    var description: String?
    var author: String?
    var baseURL: String?
    var since: String?
    var english: Bool?
    var posters: SiteConfig.Posters?
    var regions: Bool?
    var market: Bool?
    var cards: Bool?
    var app: Bool?
    var englishName: String?
    var englishDescription: String?
    /// `deploy`: "github-pages" (nil is the same) or a bucket, `s3://BUCKET/optional/prefix`.
    var deploy: String?
    /// `[s3]`: the endpoint of an S3-compatible service (nil: AWS) and its region.
    var s3Endpoint: String?
    var s3Region: String?
    /// Where `since` was set, for an error about the day it names.
    var sinceLine: Int?

    static let defaultName = "sitegen.toml"

    /// The keys, by table, with what each holds, for the error that names an unknown one.
    static let keys: [String: [String]] = [
        "": [
            "name", "description", "author", "base_url", "since", "english", "posters", "regions", "market", "cards",
            "app", "deploy",
        ],
        "en": ["name", "description"],
        "s3": ["endpoint", "region"],
    ]

    enum Value: Equatable {
        case text(String), bool(Bool), date(String)
    }

    /// `text` read as a site file; `label` names it in errors (`sitegen.toml:4: …`).
    static func parse(_ text: String, label: String) throws -> SiteFile {
        var file = SiteFile()
        var table = ""
        var seen: Set<String> = []
        // A byte-order mark (Windows editors write one) is not part of the first key.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        // By Character, "\r\n" is one newline: Windows line ends split like Unix ones.
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = index + 1
            func fail(_ message: String) -> UsageError { UsageError("\(label):\(line): \(message)") }
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                let name = Self.stripComment(trimmed)
                guard name.hasPrefix("["), name.hasSuffix("]"), !name.hasPrefix("[[") else {
                    throw fail("'\(trimmed)' is not a table header like [en]")
                }
                table = String(name.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                guard keys[table] != nil, !table.isEmpty else {
                    throw fail("[\(table)] is not a table of the site file (the tables are [en] and [s3])")
                }
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw fail("'\(trimmed)' is not a setting; write key = value")
            }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let qualified = table.isEmpty ? key : "\(table).\(key)"
            guard let known = keys[table], known.contains(key) else {
                throw fail(
                    "'\(qualified)' is not a setting of the site file (\(table.isEmpty ? "" : "[\(table)] takes ")"
                        + "\(keys[table]!.joined(separator: ", ")))")
            }
            guard seen.insert(qualified).inserted else { throw fail("'\(qualified)' is set twice") }
            let value: Value
            do { value = try Self.value(trimmed[trimmed.index(after: equals)...]) } catch let problem as Problem {
                throw fail("\(qualified): \(problem.text)")
            }
            func text() throws -> String {
                guard case .text(let s) = value else { throw fail("\(qualified) must be a quoted string") }
                if let control = SettingText.control(in: s) {
                    throw fail("\(qualified) has a control character (\(control)); leave it out")
                }
                return s
            }
            func flag() throws -> Bool {
                guard case .bool(let b) = value else { throw fail("\(qualified) must be true or false") }
                return b
            }
            switch qualified {
            case "name": file.name = try text()
            case "description": file.description = try text()
            case "author": file.author = try text()
            case "base_url":
                guard case .text(let text) = value else { throw fail("base_url must be a quoted string") }
                if let problem = SettingText.baseURLProblem(text) { throw fail("base_url \(problem)") }
                file.baseURL = text
            case "since":
                switch value {
                case .date(let d), .text(let d):
                    guard Day(iso: d) != nil else {
                        throw fail("since '\(d)' is not a real date in the form YYYY-MM-DD")
                    }
                    file.since = d
                    file.sinceLine = line
                case .bool: throw fail("since must be a date like 2004-01-01")
                }
            case "english": file.english = try flag()
            case "posters":
                let text = try text()
                guard let posters = SiteConfig.Posters(rawValue: text) else {
                    throw fail("posters '\(text)' must be \"download\" or \"hotlink\"")
                }
                file.posters = posters
            case "regions": file.regions = try flag()
            case "market": file.market = try flag()
            case "cards": file.cards = try flag()
            case "app": file.app = try flag()
            case "en.name": file.englishName = try text()
            case "en.description": file.englishDescription = try text()
            case "deploy":
                let target = try text()
                if target != "github-pages", case .failure(let problem) = S3Target.parse(target) {
                    throw fail("deploy \(problem)")
                }
                file.deploy = target
            case "s3.endpoint":
                let endpoint = try text()
                if let problem = S3Target.endpointProblem(endpoint) { throw fail("s3.endpoint \(problem)") }
                file.s3Endpoint = endpoint
            case "s3.region":
                let region = try text()
                if let problem = S3Target.regionProblem(region) { throw fail("s3.region \(problem)") }
                file.s3Region = region
            default: throw fail("'\(qualified)' is not a setting of the site file")
            }
        }
        for (key, value) in [("name", file.name), ("en.name", file.englishName)] where value?.isEmpty == true {
            throw UsageError("\(label): \(key) is empty; give the site a name or leave the line out")
        }
        return file
    }

    /// The file at `url`, or nil when there is none (only a named file must exist).
    /// A site file is a few hundred bytes; one past this is not one, and is not read whole.
    static let maxBytes = 1 << 20

    static func load(_ url: URL, label: String, required: Bool) throws -> SiteFile? {
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > maxBytes {
            throw UsageError("\(label) is \(size / 1_000_000) MB; a site file is at most 1 MB")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
                throw UsageError("\(label) cannot be read\(isFolder.boolValue ? ": it is a folder" : "")")
            }
            if required { throw UsageError("--config \(label) does not exist") }
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else { throw UsageError("\(label) is not UTF-8 text") }
        return try parse(text, label: label)
    }

    struct Problem: Error { let text: String }

    /// One value: a basic or literal string, true or false, or a date.
    static func value(_ raw: Substring) throws -> Value {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("\"\"\"") || text.hasPrefix("'''") {
            throw Problem(text: "multi-line strings are not supported here; keep the value on one line")
        }
        if let quote = text.first, quote == "\"" || quote == "'" {
            var out = ""
            var iterator = text.dropFirst().makeIterator()
            var closed = false
            while let c = iterator.next() {
                if c == quote { closed = true; break }
                if c == "\\" && quote == "\"" {
                    switch iterator.next() {
                    case "\""?: out.append("\"")
                    case "\\"?: out.append("\\")
                    case "n"?: out.append("\n")
                    case "t"?: out.append("\t")
                    case "u"?:
                        let hex = String((0..<4).compactMap { _ in iterator.next() })
                        guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code)
                        else {
                            throw Problem(text: "\\u must be followed by four hex digits")
                        }
                        out.unicodeScalars.append(scalar)
                    default: throw Problem(text: "unknown escape after \\ (use \\\", \\\\, \\n, \\t or \\uXXXX)")
                    }
                } else {
                    out.append(c)
                }
            }
            guard closed else { throw Problem(text: "the string has no closing \(quote)") }
            let rest = String(iterator).trimmingCharacters(in: .whitespaces)
            guard rest.isEmpty || rest.hasPrefix("#") else {
                throw Problem(text: "unexpected '\(rest)' after the string")
            }
            return .text(out)
        }
        let bare = stripComment(text)
        switch bare {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "": throw Problem(text: "no value after =")
        default:
            // Shaped like a date: whether it is a real one is the setting's to say, by name.
            if bare.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) != nil { return .date(bare) }
            throw Problem(text: "'\(bare)' is not a value here; quote text (\"…\") or write true, false or a date")
        }
    }

    private static func stripComment(_ text: String) -> String {
        (text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text).trimmingCharacters(in: .whitespaces)
    }
}
