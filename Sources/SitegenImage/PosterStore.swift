import Foundation
import SitegenBasics
import SitegenFetch
import SitegenModel

/// Posters' sized copies from earlier builds, kept in the store's `posters` partition
/// (`<cache>/posters/`, `KeptFiles`) under the original's address: decoding a poster and
/// encoding it four times is the costliest thing a build does. Without it a whole history's
/// 2,800 posters took two minutes of a two-core machine every morning, and the stage's deadline
/// cut off the rest, so a third of the films showed the placeholder. By address, as the cache
/// takes the bytes at an address as fixed (a new poster choice is a new address), so a poster
/// already copied is not even read from the cache again.
///
/// Each address has a list (`<key>.list`: a line per copy, `card|page width height path sum`,
/// then `sum <hex>` of those lines)
/// and each copy its file, named as in the site (by its own bytes), so two originals that make the
/// same copy share it. The store's one rule, with the checksums in the list rather than beside each
/// file (a morning reads 9,000 lists and 36,000 copies; a file more each cost it 45,000 reads): a
/// copy is taken only when the list names it and the line and the bytes still have the checksum
/// they were kept with, and the list only when its lines have the checksum of its last line;
/// anything else is resized again. A build asks for every poster the site shows, so pruning after
/// it deletes the lists and copies of posters no longer chosen. A write that fails only costs the
/// next build a resize, and deleting the folder at any time is safe.
public final class PosterStore: @unchecked Sendable {
    let kept: KeptFiles
    private let lock = NSLock()
    private var reusedCount = 0
    /// Originals whose copies were taken from the store this build (for tests and the profile).
    public var reused: Int { lock.withLock { reusedCount } }

    /// What the copies depend on beside the original: a change here makes every key new.
    static let recipe =
        "poster-copies 1 webp q\(PosterCopies.quality) \(SizedPoster.cardWidth) \(SizedPoster.pageWidth)"

    public init(kept: KeptFiles) { self.kept = kept }

    /// A store of its own over `<cache>/posters/` (tests; a build shares the plan's `KeptStore`).
    public convenience init(cache: URL) { self.init(kept: KeptStore(cache: cache).posters) }

    func key(_ url: String) -> String {
        var f = Fingerprint(Self.recipe)
        f.add(url)
        return String(format: "%016llx", f.value)
    }

    /// The copies an earlier build made of the poster at `url`, when every one is still whole.
    func copies(of url: String) -> PosterCopies.Copies? {
        guard let text = kept.takeListed(key(url) + ".list"), text.count <= 4096, let body = Self.checked(text)
        else { return nil }
        var card: [PosterFile] = [], page: [PosterFile] = []
        var bytes: [String: Data] = [:]
        for line in String(decoding: body, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 5, let width = Int(fields[1]), let height = Int(fields[2]),
                let sum = UInt64(fields[4], radix: 16)
            else { return nil }
            let path = fields[3]
            // Only a name this store could have written, in the site's poster folder, of the
            // width it says; a regular file (mapping a FIFO would wait for ever) whose bytes and
            // line are the ones kept together.
            guard let name = path.split(separator: "/").last.map(String.init), Self.isCopyName(name),
                path == SizedPoster.folder + "/" + name, name.hasSuffix("-\(width).webp"),
                let data = kept.takeListed(name), Self.checksum(data, fields[0], width, height, path) == sum
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
            // Written even when a file of that name is there: it may be the damaged one that sent
            // this poster to be resized again. Through the cache's temporaries, each under a name
            // of its own: two films can share a poster, and be resized at once.
            kept.keepListed(data, as: String(path.split(separator: "/").last ?? ""))
        }
        let lines = copies.poster.card.map { ("card", $0) } + copies.poster.page.map { ("page", $0) }
        let list = lines.map { kind, file in
            let sum = Self.checksum(copies.bytes[file.path] ?? Data(), kind, file.width, file.height, file.path)
            return "\(kind) \(file.width) \(file.height) \(file.path) \(String(sum, radix: 16))\n"
        }.joined()
        kept.keepListed(Self.signed(Data(list.utf8)), as: key(url) + ".list")
    }

    /// A list ends with the checksum of the lines above it (`sum <hex>`): each line's own sum
    /// finds a changed line, not a lost one, and a list that lost a page line once dropped
    /// `srcset` from every page for good.
    static func signed(_ lines: Data) -> Data {
        lines
            + Data("sum \(String(lines.withUnsafeBytes { MemoChecksum.of($0, tag: "poster list") }, radix: 16))\n".utf8)
    }

    /// The lines of a list whose last line is their checksum; nil for any other.
    static func checked(_ text: Data) -> Data? {
        guard text.last == UInt8(ascii: "\n") else { return nil }
        let withoutNewline = text.dropLast()
        let start = withoutNewline.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? withoutNewline.startIndex
        let lines = Data(text[text.startIndex..<start])
        return signed(lines) == text ? lines : nil
    }

    /// A copy's bytes with the line that names it: a flipped bit in either is found.
    static func checksum(_ data: Data, _ kind: String, _ width: Int, _ height: Int, _ path: String) -> UInt64 {
        data.withUnsafeBytes { MemoChecksum.of($0, tag: "\(kind) \(width) \(height) \(path)") }
    }

    /// `0123456789abcdef-200.webp`: the copy's hash and width, nothing a path could climb with.
    static func isCopyName(_ name: String) -> Bool {
        name.hasSuffix(".webp") && name.utf8.count > 5
            && name.utf8.dropLast(5).allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) || $0 == 0x2D
            }
    }
}
