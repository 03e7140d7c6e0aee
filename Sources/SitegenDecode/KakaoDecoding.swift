import Foundation
import SitegenModel

/// Kakao image search: `documents` with pixel sizes as JSON numbers, every other field a string.
enum KakaoWire {
    struct Response: Decodable { let documents: [Document]? }
    struct Document: Decodable {
        let image_url: String?
        let width: Int?
        let height: Int?
        let collection: String?
    }
    struct ErrorBody: Decodable { let errorType: String?; let message: String? }
}

public enum KakaoDecoder {
    /// The readable part of a Kakao error body (`{errorType, message}`), if it is one.
    public static func errorMessage(_ data: Data) -> String? {
        guard let body = try? JSONDecoder().decode(KakaoWire.ErrorBody.self, from: data) else { return nil }
        let parts = [body.errorType, body.message].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ": ")
    }

    /// No poster is this many pixels high (a print one-sheet scanned at 600 dpi is about 24,000):
    /// a size past it is a lie, and hotlinked posters publish the size as the image's width and height.
    static let maxSide = 30_000

    /// Picks the most poster-like image: portrait near the 1:1.43 one-sheet ratio, large enough,
    /// https preferred (http images are mixed content on an https site). Nil when nothing fits.
    public static func choosePoster(_ data: Data) throws -> Poster? {
        let response: KakaoWire.Response
        do { response = try JSONDecoder().decode(KakaoWire.Response.self, from: data) } catch {
            throw ResponseFormatError(reason: KOBISDecoder.notJSONReason(data, expected: "a Kakao image search result"))
        }
        guard let documents = response.documents else {
            throw ResponseFormatError(reason: "the response has no documents")
        }
        var best: (score: Double, poster: Poster)?
        for (index, doc) in documents.enumerated() {
            guard let raw = doc.image_url?.trimmingCharacters(in: .whitespaces), let w = doc.width, let h = doc.height,
                  w >= 200, h > w, h <= maxSide, let url = URL(string: raw), let scheme = url.scheme?.lowercased(),
                  scheme == "https" || scheme == "http", url.host != nil else { continue }
            let ratio = Double(h) / Double(w)
            guard (1.25...1.65).contains(ratio) else { continue }
            var score = 10 - abs(ratio - 1.43) * 10 - Double(index) * 0.2
            if scheme == "https" { score += 3 }
            if w >= 400 { score += 1 }
            if best == nil || score > best!.score { best = (score, Poster(url: raw, width: w, height: h)) }
        }
        return best?.poster
    }
}
