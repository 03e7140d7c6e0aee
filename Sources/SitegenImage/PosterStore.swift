import Foundation
import SitegenBasics
import SitegenModel

/// Posters' sized copies from earlier builds, kept in the cache folder (`<cache>/posters/`) under
/// the original's address: decoding a poster and encoding it four times is the costliest thing a
/// build does. Without it a whole history's 2,800 posters took two minutes of a two-core machine
/// every morning, and the stage's deadline cut off the rest, so a third of the films showed the
/// placeholder. By address, as the cache takes the bytes at an address as fixed (a new poster
/// choice is a new address), so a poster already copied is not even read from the cache again.
///
/// Each address has a list (`<key>.list`: a line per copy, `card|page width height path`) and
/// each copy its file, named as in the site (by its own bytes), so two originals that make the
/// same copy share it. A copy is taken only when the list names it and its file is a whole WebP;
/// anything else is resized again. Like the cards, a write that fails only costs the next build a
/// resize, and deleting the folder at any time is safe.
public final class PosterStore: @unchecked Sendable {
    let folder: URL
    private let lock = NSLock()
    private var reusedCount = 0
    /// Originals whose copies were taken from the store this build (for tests and the profile).
    public var reused: Int { lock.withLock { reusedCount } }

    /// What the copies depend on beside the original: a change here makes every key new.
    static let recipe =
        "poster-copies 1 webp q\(PosterCopies.quality) \(SizedPoster.cardWidth) \(SizedPoster.pageWidth)"

    public init(cache: URL) { folder = cache.appendingPathComponent("posters", isDirectory: true) }

    func key(_ url: String) -> String {
        var f = Fingerprint(Self.recipe)
        f.add(url)
        return String(f.value, radix: 16).leftPadded(to: 16)
    }

    /// The copies an earlier build made of the poster at `url`, when every one is still whole.
    func copies(of url: String) -> PosterCopies.Copies? {
        let list = folder.appendingPathComponent(key(url) + ".list")
        guard let text = try? String(contentsOf: list, encoding: .utf8) else { return nil }
        var card: [PosterFile] = [], page: [PosterFile] = []
        var bytes: [String: Data] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]) else { return nil }
            let path = String(fields[3])
            // Only a name this store could have written, in the site's poster folder.
            guard let name = path.split(separator: "/").last.map(String.init), Self.isCopyName(name),
                path == SizedPoster.folder + "/" + name,
                let data = try? Data(contentsOf: folder.appendingPathComponent(name), options: .alwaysMapped),
                Self.isWholeWebP(data)
            else { return nil }
            let file = PosterFile(path: path, width: width, height: height)
            switch fields[0] {
            case "card": card.append(file)
            case "page": page.append(file)
            default: return nil
            }
            bytes[path] = data
        }
        guard !card.isEmpty, !page.isEmpty else { return nil }
        lock.withLock { reusedCount += 1 }
        return PosterCopies.Copies(poster: SizedPoster(card: card, page: page), bytes: bytes)
    }

    /// Keeps the copies for the next build: each file first, the list that names them last.
    func keep(_ copies: PosterCopies.Copies, of url: String) {
        for (path, data) in copies.bytes {
            let url = folder.appendingPathComponent(String(path.split(separator: "/").last ?? ""))
            // Written even when a file of that name is there: it may be the damaged one that sent
            // this poster to be resized again.
            Self.write(data, to: url)
        }
        let lines = copies.poster.card.map { ("card", $0) } + copies.poster.page.map { ("page", $0) }
        let list = lines.map { "\($0.0) \($0.1.width) \($0.1.height) \($0.1.path)\n" }.joined()
        Self.write(Data(list.utf8), to: folder.appendingPathComponent(key(url) + ".list"))
    }

    /// `0123456789abcdef-200.webp`: the copy's hash and width, nothing a path could climb with.
    static func isCopyName(_ name: String) -> Bool {
        name.hasSuffix(".webp") && name.utf8.count > 5
            && name.utf8.dropLast(5).allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) || $0 == 0x2D
            }
    }

    /// A RIFF container of the length its header gives, holding WebP (a copy cut short by a full
    /// disk is not taken).
    static func isWholeWebP(_ data: Data) -> Bool {
        guard data.count > 12, data.prefix(4) == Data("RIFF".utf8), data.dropFirst(8).prefix(4) == Data("WEBP".utf8)
        else { return false }
        let length = data.dropFirst(4).prefix(4).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        return length + 8 == data.count
    }

    /// Whole or not at all (a temporary renamed over it); a failure only costs a resize (or, for a
    /// card, a drawing), so it is not an error.
    static func write(_ data: Data, to url: URL) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard (try? data.write(to: temporary)) != nil else { return }
        if rename(temporary.path, url.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
