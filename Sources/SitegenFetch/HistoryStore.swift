import Foundation
import SitegenBasics
import SitegenModel

/// The durable copy of what was fetched: every final answer (a chart once its figures settle,
/// movie info, a poster choice), one small file each, in a folder the site's repository keeps
/// under version control. The response cache is fast and disposable (a CI cache is evicted after
/// a week unused); this folder is what makes losing it cost one morning's calls, not the history.
///
/// One file per answer, never rewritten once final, so a daily commit adds a few files and git
/// stores each answer once (a compacted file per month or year would be rewritten every day and
/// stored again each time). A file is the answer's own bytes after one header line, so nothing
/// KOBIS said is lost and they take the same decoding road as the cache's.
extension ChartScope {
    /// Region codes are checked as movie codes are ([0-9A-Za-z]+) before they reach a path.
    var folderSuffix: String { self == .all ? "" : "-" + slug }
}

public struct HistoryStore: Sendable {
    public let folder: URL
    static let header = "sitegen-history 1 "

    public init(folder: URL) { self.folder = folder }

    /// The store as a build starts with it: what writers that died left is removed, and the
    /// folder's ignore file keeps sitegen's temporaries out of the commits of a site made before
    /// `init` wrote one.
    public static func open(folder: URL) -> HistoryStore {
        let store = HistoryStore(folder: folder)
        StoreTemporaries(store: folder).sweep()
        let ignore = folder.appendingPathComponent(".gitignore")
        if FileManager.default.fileExists(atPath: folder.path), !FileManager.default.fileExists(atPath: ignore.path) {
            try? Data(ignoreFile.utf8).write(to: ignore)
        }
        return store
    }

    /// `history/.gitignore`, as `init` writes it.
    public static let ignoreFile = """
        # sitegen's files while it writes an answer; any left by a killed run are removed by the next.
        \(StoreTemporaries.folderName)/

        """

    /// nil for what is not kept: poster images are bytes from other hosts, large, and fetched again
    /// from where the kept poster choice points.
    public func url(for request: SourceRequest) -> URL? {
        let path: String
        switch request {
        // The national charts where they always were; a filter's beside them ("daily-korean/").
        case .dailyChart(let day, let scope):
            path = "daily\(scope.folderSuffix)/\(day.compact.prefix(4))/\(day.compact).json"
        case .periodChart(let kind, let start, let scope):
            path = "\(kind.rawValue)\(scope.folderSuffix)/\(start.compact.prefix(4))/\(start.compact).json"
        // Read again after 30 days like poster choices, so it is kept in the cache only.
        case .regionCodes: return nil
        // Today's list, not history: the cache keeps it for the day.
        case .movieList: return nil
        case .movieInfo(let code):
            let safe = ResponseCache.safe(code)
            path = "movie/\(safe.prefix(4))/\(safe).json"
        case .posterSearch:
            path = "poster-search/" + ResponseCache(folder: folder).url(for: request).lastPathComponent
        case .posterImage: return nil
        }
        return folder.appendingPathComponent(path)
    }

    public func contains(_ request: SourceRequest) -> Bool {
        guard let url = url(for: request) else { return true }
        return access(url.path, F_OK) == 0
    }

    public func read(_ request: SourceRequest) -> SourceResponse? {
        guard let url = url(for: request), let (data, info) = RegularFile.read(url.path, limit: Self.maxFileBytes),
              Int(info.st_size) <= Self.maxFileBytes,
              let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let head = String(decoding: data[data.startIndex..<newline], as: UTF8.self)
        guard head.hasPrefix(Self.header), let seconds = Double(head.dropFirst(Self.header.count)) else { return nil }
        return SourceResponse(body: Data(data[(newline + 1)...]), fetchedAt: Date(timeIntervalSince1970: seconds))
    }

    /// An answer KOBIS could send and its header line: a larger file is no answer of ours, and
    /// is not read (a 300 MB one took 653 MB of memory).
    static let maxFileBytes = SourceRequest.maxAnswerBytes + 4096

    /// Atomic, as the cache writes: a reader (or a commit) sees the old file or the new one, and a
    /// killed write leaves nothing a commit picks up.
    public func write(_ request: SourceRequest, _ response: SourceResponse) throws {
        guard let url = url(for: request), let fetchedAt = response.fetchedAt else { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var data = Data((Self.header + String(fetchedAt.timeIntervalSince1970) + "\n").utf8)
        data.append(response.body)
        try StoreTemporaries(store: folder).write(data, to: url)
    }

    public func remove(_ request: SourceRequest) {
        if let url = url(for: request) { try? FileManager.default.removeItem(at: url) }
    }
}
