import Foundation
import SitegenMustache
@testable import SitegenRender
import Testing

/// The repository's Templates/ folder (the stock theme) compiled, read here so render tests need
/// nothing from the CLI.
enum StockTemplates {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The stock strings of `language`, as render's words read them.
    static func words(_ language: Language) throws -> Words {
        let url = repo.appendingPathComponent("Templates/strings/\(language.rawValue).json")
        return Words(language: language, table: try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url)))
    }

    static func compile() throws -> Templates {
        let folder = repo.appendingPathComponent("Templates")
        let walker = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var sources: [TemplateSource] = []
        for case let url as URL in walker where url.pathExtension == "mustache" {
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            sources.append(TemplateSource(name: String(relative.dropLast(".mustache".count)), displayPath: "Templates/\(relative)",
                                          text: try String(contentsOf: url, encoding: .utf8)))
        }
        var tables: [StringTable] = []
        for language in Language.allCases {
            let url = folder.appendingPathComponent("strings/\(language.rawValue).json")
            tables.append(try StringTable.parse(Data(contentsOf: url), language: language, displayPath: url.path))
        }
        return try Templates.compile(sources.sorted { $0.name < $1.name }, strings: tables, folder: "Templates")
    }
}
