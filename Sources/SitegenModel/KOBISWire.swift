import Foundation

/// A JSON value KOBIS documents as a string. Numbers and nulls are tolerated so one odd value
/// becomes a per-field warning instead of failing the whole response.
struct LenientString: Decodable, Sendable {
    let value: String
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { value = "" }
        else if let s = try? c.decode(String.self) { value = s }
        else if let i = try? c.decode(Int64.self) { value = String(i) }
        else if let d = try? c.decode(Double.self) { value = String(d) }
        else if let b = try? c.decode(Bool.self) { value = String(b) }
        else { value = "" }
    }
}

/// The wire shapes, field for field as KOBIS sends them (every value a string).
enum KOBISWire {
    struct Fault: Decodable { let message: LenientString?; let errorCode: LenientString? }
    struct FaultProbe: Decodable { let faultInfo: Fault?; let faultResult: Fault? }

    struct DailyResponse: Decodable { let boxOfficeResult: DailyResult? }
    struct DailyResult: Decodable {
        let boxofficeType: LenientString?
        let showRange: LenientString?
        let dailyBoxOfficeList: [[String: LenientString]]?
    }

    struct WeeklyResponse: Decodable { let boxOfficeResult: WeeklyResult? }
    struct WeeklyResult: Decodable {
        let boxofficeType: LenientString?
        let showRange: LenientString?
        let yearWeekTime: LenientString?
        let weeklyBoxOfficeList: [[String: LenientString]]?
    }

    struct MovieInfoResponse: Decodable { let movieInfoResult: MovieInfoResult? }
    struct MovieInfoResult: Decodable { let movieInfo: MovieInfo? }
    struct MovieInfo: Decodable {
        let movieCd: LenientString?
        let movieNm: LenientString?
        let movieNmEn: LenientString?
        let movieNmOg: LenientString?
        let showTm: LenientString?
        let prdtYear: LenientString?
        let openDt: LenientString?
        let prdtStatNm: LenientString?
        let typeNm: LenientString?
        let nations: [[String: LenientString]]?
        let genres: [[String: LenientString]]?
        let directors: [[String: LenientString]]?
        let actors: [[String: LenientString]]?
        let showTypes: [[String: LenientString]]?
        let companys: [[String: LenientString]]?
        let audits: [[String: LenientString]]?
    }
}

extension Dictionary where Key == String, Value == LenientString {
    /// The field trimmed of the stray spaces KOBIS leaves ("오픈 더 도어 ", "2022-MF01001 ").
    func trimmed(_ key: String) -> String { (self[key]?.value ?? "").cleaned }
}

extension String {
    /// Trimmed, and without control characters: HTML and XML forbid them even escaped, and no
    /// title or name needs one. Everything else (emoji, right-to-left text) is kept as it is.
    var cleaned: String {
        let drop: (Unicode.Scalar) -> Bool = { $0 == "\r" || ForbiddenCharacters.contains($0) }
        // Nearly every field has nothing to drop: then it is only trimmed, often without a copy.
        guard unicodeScalars.contains(where: drop) else { return trimmingBlanks(newlines: true) }
        var scalars = String.UnicodeScalarView()
        for s in unicodeScalars where !drop(s) { scalars.append(s) }
        return String(scalars).trimmingBlanks(newlines: true)
    }
}
