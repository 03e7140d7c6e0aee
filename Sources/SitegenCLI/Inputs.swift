import Foundation
import SitegenModel
import SitegenRender

/// Reads what the user wrote (templates, notes) from disk, before the pure render stage.
public enum Inputs {
    public static func templates(at folder: URL, label: String) throws -> Templates {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError("templates folder '\(label)' not found; pass --templates with the folder holding day.mustache, grid.mustache, …")
        }
        var sources: [TemplateSource] = []
        for (relative, url) in try files(in: folder, withExtension: "mustache") {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw InputError("\(label)/\(relative): cannot read it as UTF-8 text")
            }
            sources.append(TemplateSource(name: String(relative.dropLast(".mustache".count)), displayPath: "\(label)/\(relative)", text: text))
        }
        return try Templates.compile(sources, folder: label)
    }

    /// `site.md`, `date/YYYY-MM-DD.md`, `movie/<movieCd>.md`. A missing folder means no notes.
    public static func notes(at folder: URL, label: String) throws -> (NoteSources, [String]) {
        var notes = NoteSources()
        var warnings: [String] = []
        guard FileManager.default.fileExists(atPath: folder.path) else { return (notes, []) }
        for (relative, url) in try files(in: folder, withExtension: "md") {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw InputError("\(label)/\(relative): cannot read it as UTF-8 text")
            }
            let parts = relative.split(separator: "/").map(String.init)
            let stem = parts.last.map { String($0.dropLast(3)) } ?? ""
            switch (parts.count, parts.first) {
            case (1, _) where stem == "site": notes.site = text
            case (1, _) where stem.uppercased() == "README": continue
            case (2, "date"):
                if let day = Day(iso: stem) { notes.days[day] = text }
                else { warnings.append("\(label)/\(relative): not named after a real date (YYYY-MM-DD.md); ignored") }
            case (2, "movie"):
                if KOBISDecoder.isValidMovieCode(stem) { notes.movies[stem] = text }
                else { warnings.append("\(label)/\(relative): not named after a movieCd ([0-9A-Za-z]+.md); ignored") }
            default:
                warnings.append("\(label)/\(relative): not site.md, date/YYYY-MM-DD.md or movie/<movieCd>.md; ignored")
            }
        }
        return (notes, warnings)
    }

    static func files(in folder: URL, withExtension ext: String) throws -> [(String, URL)] {
        guard let all = FolderFiles.list(folder) else { throw InputError("cannot read the folder \(folder.path)") }
        return all.filter { $0.url.pathExtension == ext }.map { ($0.relative, $0.url) }
    }
}

public struct InputError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
