import Foundation
import SitegenDecode
import SitegenModel

extension APIAnswer {
    /// Decodes the bytes as the pipeline reads them, so nothing that would fail later is cached,
    /// trusted from the cache or handed on: KOBIS faults surface as `KOBISFault`, anything else
    /// malformed as `ResponseFormatError` or `ResponseMismatchError`.
    public init(decoding response: SourceResponse, for request: SourceRequest) throws {
        self.response = response
        let (data, fetchedAt) = (response.body, response.fetchedAt)
        switch request {
        case .dailyChart(let day, _):
            let (chart, notes) = try KOBISDecoder.dailyChart(data, date: day, fetchedAt: fetchedAt)
            value = .day(chart, notes)
        case .periodChart(let kind, let start, _):
            let (chart, notes) = try KOBISDecoder.periodChart(data, kind: kind, start: start, fetchedAt: fetchedAt)
            value = .period(chart, notes)
        case .regionCodes:
            let (regions, notes) = try KOBISDecoder.regionCodes(data)
            value = .regions(regions, notes)
        case .movieInfo(let code): value = .movie(try KOBISDecoder.movieInfo(data, code: code))
        case .movieList:
            let (page, notes) = try KOBISDecoder.movieList(data, label: request.label)
            value = .filmList(page, notes)
        case .posterSearch: value = .poster(try KakaoDecoder.choosePoster(data))
        // Whether the bytes are an image is libvips's to say (PosterCopies); here only what no
        // retry can change: nothing at all, or more than any poster needs.
        case .posterImage:
            if data.isEmpty { throw ResponseMismatchError(reason: "the poster's host sent no bytes") }
            if data.count > SourceRequest.maxPosterBytes {
                throw ResponseMismatchError(
                    reason:
                        "the poster is \(data.count / 1_000_000) MB, more than the "
                            + "\(SourceRequest.maxPosterBytes / 1_000_000) MB a poster may be"
                )
            }
            value = .image
        }
    }
}

extension SourceRequest {
    /// A one-sheet scan at print size is a few MB; anything past this is not worth a phone's grid.
    public static let maxPosterBytes = 20_000_000
    /// The largest KOBIS or Kakao answer seen is a few hundred kB (a year's weekly chart with
    /// every region); one past this is not a chart, and is refused before it is held or decoded.
    public static let maxAnswerBytes = 16_000_000

    var isKOBIS: Bool {
        switch self {
        case .posterSearch, .posterImage: false
        default: true
        }
    }
}

extension SourceRequest {
    /// An answer about today (the film list's openings), worthless once it is old, even offline.
    var isTodays: Bool {
        if case .movieList = self { return true }
        return false
    }
    var isPosterImage: Bool {
        if case .posterImage = self { return true }
        return false
    }
    var isPosterSearch: Bool {
        if case .posterSearch = self { return true }
        return false
    }
}
