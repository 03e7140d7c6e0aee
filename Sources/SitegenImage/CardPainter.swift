import Foundation
import SitegenBasics
import SitegenFetch
import SitegenRender

/// The image stage between render and write: gives the served posters' files their bytes, and
/// turns the share cards render left as SVG into PNG. A card is named by what it shows, so one
/// drawn by an earlier build (of this site or another folder) is taken from the card cache
/// (the store's `cards` partition, `KeptFiles`) instead: a morning's rebuild draws only the new
/// day's cards, and a cold build of a site whose cache is kept draws none.
public final class CardPainter: @unchecked Sendable {
    let kept: KeptFiles
    private var waiting: [(page: String, file: OutputFile)] = []
    public private(set) var drawn = 0
    public private(set) var reused = 0

    /// The served posters' bytes by path (`PosterCopies`): written for the posters' files, and
    /// embedded in the cards that show them.
    let posters: [String: Data]

    public init(kept: KeptFiles, posters: [String: Data] = [:]) {
        self.kept = kept
        self.posters = posters
    }

    /// The file to write now (any other file, or a card drawn before, with the cached file to
    /// hard-link in), or nil when the card waits for `drawWaiting`. Called from one thread (the
    /// render sink). A cached card is mapped, not read: linked in, its bytes are never copied.
    /// A served poster's file gets its bytes here.
    public func take(_ page: String, _ file: OutputFile) throws -> (file: OutputFile, linking: String?)? {
        if file.poster { return (OutputFile(path: file.path, contents: try poster(file.path, of: page)), nil) }
        guard file.drawing != nil else { return (file, nil) }
        let name = Self.name(file.path)
        if let image = kept.take(name) {
            reused += 1
            return (OutputFile(path: file.path, contents: image), kept.path(name))
        }
        waiting.append((page, file))
        return nil
    }

    /// Every waiting card drawn, one per core at a time (librsvg and the PNG encoder are
    /// single-threaded), each kept in the card cache (written whole, then renamed) for the next build.
    public func drawWaiting(into sink: (OutputFile) throws -> Void) throws {
        let all = waiting
        waiting = []
        // A few at a time, each batch handed on before the next is drawn: a first build draws
        // thousands, and their PNGs together would hold hundreds of megabytes.
        for start in stride(from: 0, to: all.count, by: 64) {
            for file in try draw(Array(all[start..<min(start + 64, all.count)])) { try sink(file) }
        }
    }

    private func draw(_ cards: [(page: String, file: OutputFile)]) throws -> [OutputFile] {
        let kept = kept
        let images = try cards.map { card in
            try card.file.drawing!.images.map { ($0.token, try poster($0.path, of: card.page), $0.width) }
        }
        let results = concurrentMap(cards.count, chunk: 1) { i -> Result<Data, Error> in
            let file = cards[i].file
            let drawing = file.drawing!
            return Result {
                let png = try CardImages.card(
                    svg: String(decoding: file.contents, as: UTF8.self), width: drawing.width,
                    height: drawing.height, images: images[i])
                kept.keep(png, as: Self.name(file.path))
                return png
            }
        }
        var out: [OutputFile] = []
        for (card, result) in zip(cards, results) {
            do {
                out.append(OutputFile(path: card.file.path, contents: try result.get()))
            } catch {
                throw CardFailure(
                    description: "share card \(card.file.path) of \(card.page): \(ErrorText.describe(error))")
            }
        }
        drawn += out.count
        return out
    }

    /// A served poster's bytes: render names only copies the poster stage made, so a missing one
    /// is a fault of the build, said rather than written as an empty file.
    private func poster(_ path: String, of page: String) throws -> Data {
        guard let bytes = posters[path] else {
            throw CardFailure(description: "poster \(path) of \(page): its copy was not made in this build")
        }
        return bytes
    }

    /// `card/0123abcd….png` → `0123abcd….png`.
    static func name(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }
}

/// A card libvips could not draw (a theme's card template that is not SVG, say); the render phase names it.
struct CardFailure: Error, CustomStringConvertible {
    let description: String
}
