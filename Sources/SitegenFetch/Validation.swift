import Foundation
import SitegenDecode
import SitegenModel

extension SourceRequest {
    /// Decodes the bytes as the pipeline will, so nothing that would fail later is cached or
    /// returned: KOBIS faults surface as `KOBISFault`, anything else malformed as `ResponseFormatError`.
    public func validate(_ data: Data) throws {
        switch self {
        case .dailyChart(let day): _ = try KOBISDecoder.dailyChart(data, date: day, fetchedAt: nil)
        case .periodChart(let kind, let start): _ = try KOBISDecoder.periodChart(data, kind: kind, start: start, fetchedAt: nil)
        case .movieInfo(let code): _ = try KOBISDecoder.movieInfo(data, code: code)
        case .posterSearch: _ = try KakaoDecoder.choosePoster(data)
        }
    }

    var isKOBIS: Bool {
        if case .posterSearch = self { return false }
        return true
    }
}
