import Foundation
import SitegenImage

/// Every film's own poster, for the real-sized world's stand-in: a photograph-like 700×1000 JPEG
/// (`PosterImages.testPhoto`) seeded by the number in its address, which the image search took
/// from the film's title, so each film's search points at its own picture. Made when first asked
/// and kept among the last few dozen only: a whole history's 9,000 posters would be 2 GB.
final class StandInPosters: @unchecked Sendable {
    let capacity: Int
    private let lock = NSLock()
    private var kept: [UInt32: Data] = [:]
    /// Oldest first: the first let go.
    private var order: [UInt32] = []

    init(capacity: Int = 64) { self.capacity = capacity }

    /// The poster at `path` (`/img/poster-<hex>.jpg`), or nil for any other address or when
    /// libvips cannot make it.
    func poster(at path: String) -> Data? {
        guard let seed = Self.seed(path) else { return nil }
        if let known = lock.withLock({ kept[seed] }) { return known }
        guard let made = try? PosterImages.testPhoto(seed: seed) else {
            return nil
        }
        lock.withLock {
            guard kept.updateValue(made, forKey: seed) == nil else { return }
            order.append(seed)
            if order.count > capacity { kept[order.removeFirst()] = nil }
        }
        return made
    }

    static func seed(_ path: String) -> UInt32? {
        guard path.hasPrefix("/img/poster-"), path.hasSuffix(".jpg") else { return nil }
        return UInt32(path.dropFirst("/img/poster-".count).dropLast(".jpg".count), radix: 16)
    }
}
