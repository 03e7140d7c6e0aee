import Foundation

/// What a build keeps in the cache folder for the next, as named partitions (Hugo's
/// `cache/filecache`): docs/architecture.md's table "What a build keeps" lists each, its key, its
/// rule for "still good?", who writes it, when it is pruned, and that deleting it costs time,
/// never a figure (a test holds the table to `partitions`).
///
/// The partitions of files that reach a site (`posters`, `cards`) are `KeptFiles`: one checksum
/// rule, one way to write, pruned after a whole successful build. The response cache with its
/// history, the memos, and the output's manifest and page keys keep their own proven formats
/// (see the table), each with the same checksum where a damaged file could mislead a build.
public final class KeptStore: Sendable {
    /// Every partition, by the name the table gives it.
    public static let partitions = [
        "responses", "history", "answer-memo", "demo-memo", "posters", "cards", "temporaries", "manifest",
    ]

    public let cache: URL
    /// Posters' sized copies and the lists naming them, by a hash of recipe and address (`PosterStore`).
    public let posters: KeptFiles
    /// Drawn share cards (named by what they show) and app icons (by the favicon's hash).
    public let cards: KeptFiles

    public init(cache: URL) {
        self.cache = cache
        posters = KeptFiles(store: cache, partition: "posters")
        cards = KeptFiles(store: cache, partition: "cards")
    }

    /// After a whole successful build: marks the cards the site publishes (an update in place
    /// renders only what changed, and the rest of its cards are still the site's), deletes what
    /// the build did not use, and says what the two partitions hold. `published`: the site's
    /// files' paths; a card or icon is kept under its file's own name. An array, not any
    /// sequence: 69,000 paths through a lazy flattening, generic across the module, were a
    /// morning's last 60 ms on one core.
    public func prune(published: [String]) -> KeptFiles.Usage {
        for path in published where path.hasPrefix("card/") || path.hasPrefix("en/card/") || path.hasPrefix("icon-") {
            cards.note(String(path.split(separator: "/").last ?? ""))
        }
        return posters.prune() + cards.prune()
    }

    /// `cache kept: posters and cards 1,204 files, 85.3 MB (pruned 12 files, 0.4 MB)`.
    public static func line(_ usage: KeptFiles.Usage) -> String {
        func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
        func files(_ n: Int) -> String { "\(Count.grouped(n)) \(n == 1 ? "file" : "files")" }
        let pruned = usage.removedFiles == 0 ? "" : " (pruned \(files(usage.removedFiles)), \(mb(usage.removedBytes)))"
        return "cache kept: posters and cards \(files(usage.files)), \(mb(usage.bytes))\(pruned)"
    }
}
