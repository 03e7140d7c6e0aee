import ArgumentParser
import Foundation
import SitegenTheme

/// `sitegen init [DIR]`: a ready site folder, as `hugo new site` and `zola init` make one.
public struct InitCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new site folder: notes, theme folders, .gitignore and a publishing workflow.",
        discussion: """
        The stock theme is built into sitegen, so Templates/ and Public/ start empty: a file put there replaces the stock file of the same name (Templates/partials/footer.mustache replaces just the footer). With --eject they start as full copies of the stock theme to edit. DIR must be empty unless --force; an existing file is never overwritten.
        """)

    @Argument(help: "The folder to create or fill (default: the current folder).")
    public var directory: String = "."

    @Flag(help: "Copy the whole stock theme into Templates/ and Public/ to edit it.")
    public var eject = false

    @Flag(help: "Fill a folder that is not empty (existing files are still never overwritten).")
    public var force = false

    public init() {}

    public func run() async throws {
        let console = Console.forCommand(quiet: false, environment: ProcessInfo.processInfo.environment)
        try await console.reportingErrors {
            let folder = URL(fileURLWithPath: directory)
            let report = try SiteStarter(folder: folder, eject: eject, force: force).create()
            for path in report.skipped { console.note("init: kept your \(path) (never overwritten)") }
            console.summary("init: created \(report.created.count) files in \(directory); next: cd \(directory) && sitegen build")
        }
    }
}

/// The files of a new site, written without overwriting anything.
struct SiteStarter {
    let folder: URL
    let eject: Bool
    let force: Bool

    struct Report { var created: [String] = []; var skipped: [String] = [] }

    func files() -> [(path: String, contents: Data)] {
        var files: [(String, Data)] = [
            ("README.md", Data(Self.readme.utf8)),
            (".gitignore", Data("_site/\n.sitegen-cache/\n".utf8)),
            ("Notes/site.md", Data(Self.siteNote.utf8)),
        ]
        if let workflow = EmbeddedTheme.files(in: "deploy").first(where: { $0.path == "github-pages.yml" }) {
            files.append((".github/workflows/sitegen.yml", workflow.contents))
        }
        if eject {
            files += EmbeddedTheme.files(in: "Templates").map { ("Templates/" + $0.path, $0.contents) }
            files += EmbeddedTheme.files(in: "Public").map { ("Public/" + $0.path, $0.contents) }
        }
        return files
    }

    func create() throws -> Report {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw InputError("\(folder.path) is a file, not a folder") }
            let existing = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
            if !existing.isEmpty && !force {
                throw UsageError("\(folder.path) is not empty; pass --force to add the missing files (none is overwritten)")
            }
        }
        var report = Report()
        for folderName in ["Templates", "Public", "Notes"] {
            try makeFolder(folder.appendingPathComponent(folderName))
        }
        for (path, contents) in files() {
            let url = folder.appendingPathComponent(path)
            if fm.fileExists(atPath: url.path) { report.skipped.append(path); continue }
            try makeFolder(url.deletingLastPathComponent())
            // O_EXCL: a file that appeared meanwhile is still never overwritten.
            let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard fd >= 0 else {
                if errno == EEXIST { report.skipped.append(path); continue }
                throw InputError("cannot create \(url.path): \(String(cString: strerror(errno)))")
            }
            defer { close(fd) }
            let written = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written == contents.count else { throw InputError("cannot write \(url.path): \(String(cString: strerror(errno)))") }
            report.created.append(path)
        }
        return report
    }

    private func makeFolder(_ url: URL) throws {
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw InputError("cannot create the folder \(url.path)")
        }
    }

    static let siteNote = """
    오늘의 박스오피스에 대한 편집자 노트를 여기에 씁니다. 이 글은 첫 화면에 나옵니다.

    - 날짜별 노트: `Notes/date/2024-02-10.md`
    - 영화별 노트: `Notes/movie/<movieCd>.md`
    - 링크는 사이트 뿌리에서 적습니다: [날짜별 보기](archive/index.html)

    """

    static let readme = """
    # A sitegen site

    `sitegen build` makes the site in `_site/` (`sitegen serve` previews it). Without
    `KOBIS_API_KEY` it builds from sitegen's demo source, and every page says so.

    - `Notes/` — Markdown notes: `site.md` on the home page, `date/YYYY-MM-DD.md` on that day,
      `movie/<movieCd>.md` on that film's page.
    - `Templates/` — empty means sitegen's stock theme. A file here replaces the stock file of the
      same name, one at a time: `Templates/partials/footer.mustache` changes only the footer.
      `sitegen init --eject` copies the whole stock theme here to edit.
    - `Public/` — copied into the site as it is. A file here replaces the stock asset of the same
      name (`Public/style.css`); other files are added beside them.
    - `.github/workflows/sitegen.yml` — rebuilds and publishes the site to GitHub Pages every
      morning; add the secret `KOBIS_API_KEY` to the repository.

    """
}
