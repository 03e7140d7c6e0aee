import Foundation
@testable import SitegenDecode
@testable import SitegenModel
import Testing

/// The real responses in ../shared/reference, when this machine has them.
@Suite(.enabled(if: Reference.available, "../shared/reference/kobis is not beside this checkout"))
struct ReferenceDecodingTests {
    @Test func theReferenceIsBesideTheCheckout() {
        #expect(Reference.present, "CI is set and \(Reference.folder.path) is missing")
    }

    @Test func decodesEveryRealDailyChartWithoutRejectingARow() throws {
        let files = Reference.files(prefix: "daily-")
        #expect(!files.isEmpty)
        for url in files {
            let data = try Data(contentsOf: url)
            let stem = url.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "daily-", with: "")
            let day = try #require(Day(compact: stem))
            let (chart, warnings) = try KOBISDecoder.dailyChart(data, date: day, fetchedAt: nil)
            let raw = try JSONSerialization.jsonObject(with: data) as! [String: Any]
            let rows = ((raw["boxOfficeResult"] as! [String: Any])["dailyBoxOfficeList"] as! [Any]).count
            #expect(warnings.isEmpty, "\(url.lastPathComponent): \(warnings)")
            #expect(chart.entries.count == rows)
            for e in chart.entries {
                #expect(e.title == e.title.trimmingCharacters(in: .whitespaces))
                if let change = e.audienceChange, let rate = e.audienceChangeRate, e.audience - change > 0 {
                    let expected = (Double(change) / Double(e.audience - change) * 1000).rounded() / 10
                    #expect(abs(expected - rate) < 0.051, "\(url.lastPathComponent) \(e.title)")
                }
            }
        }
    }

    @Test func decodesEveryRealMovieInfo() throws {
        for url in Reference.files(prefix: "movie-") {
            let code = url.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "movie-", with: "")
            let movie = try #require(try KOBISDecoder.movieInfo(try Data(contentsOf: url), code: code))
            #expect(!movie.title.isEmpty && !movie.directors.isEmpty, "\(code)")
            #expect(movie.openDate != nil || movie.productionStatus != "개봉", "\(code)")
        }
    }

    @Test func recognisesTheRealFaults() throws {
        for url in Reference.files(prefix: "fault-") {
            #expect(throws: KOBISFault.self, "\(url.lastPathComponent)") { try KOBISDecoder.checkFault(try Data(contentsOf: url)) }
        }
    }

    @Test func picksAPosterOnlyFromRealPortraitImages() throws {
        for url in Reference.files(prefix: "kakao-image-") {
            if let poster = try KakaoDecoder.choosePoster(try Data(contentsOf: url)) {
                #expect(poster.height > poster.width)
                #expect(poster.url.hasPrefix("http"))
            }
        }
    }
}
