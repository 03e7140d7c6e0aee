import Foundation
import SitegenBasics
import SitegenModel

/// A JSON value KOBIS documents as a string. Numbers and nulls are tolerated so one odd value
/// becomes a per-field warning instead of failing the whole response.
struct LenientString: Decodable, Sendable {
    let value: String
    init(value: String) { self.value = value }
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
    /// title or name needs one. Nor bidi overrides, embeddings or isolates (`BidiControls`).
    /// Everything else (emoji, right-to-left text) is kept as it is.
    public var cleaned: String {
        let drop: (Unicode.Scalar) -> Bool = {
            $0 == "\r" || ForbiddenCharacters.contains($0) || BidiControls.contains($0)
        }
        // Nearly every field has nothing to drop: then it is only trimmed, often without a copy.
        guard unicodeScalars.contains(where: drop) else { return trimmingBlanks(newlines: true) }
        var scalars = String.UnicodeScalarView()
        for s in unicodeScalars where !drop(s) { scalars.append(s) }
        return String(scalars).trimmingBlanks(newlines: true)
    }
}

/// The wire shapes from `FastJSON`, field for field as `JSONDecoder` would fill them; nil when the
/// fast reader's tree holds something only `JSONDecoder`'s rules can settle.
extension KOBISWire {
    /// Faults come in their own shape: any response naming one goes the slow, checked way.
    static func fastRoot(_ data: Data) -> [String: FastJSON.Value]? {
        guard let root = FastJSON.object(data), root["faultInfo"] == nil, root["faultResult"] == nil else { return nil }
        return root
    }

    static func fastResult(_ root: [String: FastJSON.Value]) -> [String: FastJSON.Value]?? {
        switch root["boxOfficeResult"] {
        case nil, .null?: return .some(nil)
        case .object(let fields)?: return .some(fields)
        default: return nil
        }
    }

    static func fastDaily(_ data: Data) -> DailyResponse? {
        guard let root = fastRoot(data), let result = fastResult(root) else { return nil }
        guard let fields = result else { return DailyResponse(boxOfficeResult: nil) }
        guard let type = FastJSON.Value.lenient(fields["boxofficeType"]),
            let range = FastJSON.Value.lenient(fields["showRange"]),
            let rows = FastJSON.Value.rows(fields["dailyBoxOfficeList"])
        else { return nil }
        return DailyResponse(
            boxOfficeResult: DailyResult(boxofficeType: type, showRange: range, dailyBoxOfficeList: rows))
    }

    static func fastWeekly(_ data: Data) -> WeeklyResponse? {
        guard let root = fastRoot(data), let result = fastResult(root) else { return nil }
        guard let fields = result else { return WeeklyResponse(boxOfficeResult: nil) }
        guard let type = FastJSON.Value.lenient(fields["boxofficeType"]),
            let range = FastJSON.Value.lenient(fields["showRange"]),
            let yearWeek = FastJSON.Value.lenient(fields["yearWeekTime"]),
            let rows = FastJSON.Value.rows(fields["weeklyBoxOfficeList"])
        else { return nil }
        return WeeklyResponse(
            boxOfficeResult: WeeklyResult(
                boxofficeType: type, showRange: range, yearWeekTime: yearWeek,
                weeklyBoxOfficeList: rows))
    }

    static func fastMovieInfo(_ data: Data) -> MovieInfoResponse? {
        guard let root = fastRoot(data) else { return nil }
        let result: [String: FastJSON.Value]
        switch root["movieInfoResult"] {
        case nil, .null?: return MovieInfoResponse(movieInfoResult: nil)
        case .object(let fields)?: result = fields
        default: return nil
        }
        let info: [String: FastJSON.Value]
        switch result["movieInfo"] {
        case nil, .null?: return MovieInfoResponse(movieInfoResult: MovieInfoResult(movieInfo: nil))
        case .object(let fields)?: info = fields
        default: return nil
        }
        typealias V = FastJSON.Value
        guard let movieCd = V.lenient(info["movieCd"]), let movieNm = V.lenient(info["movieNm"]),
            let movieNmEn = V.lenient(info["movieNmEn"]), let movieNmOg = V.lenient(info["movieNmOg"]),
            let showTm = V.lenient(info["showTm"]), let prdtYear = V.lenient(info["prdtYear"]),
            let openDt = V.lenient(info["openDt"]), let prdtStatNm = V.lenient(info["prdtStatNm"]),
            let typeNm = V.lenient(info["typeNm"]),
            let nations = V.rows(info["nations"]), let genres = V.rows(info["genres"]),
            let directors = V.rows(info["directors"]), let actors = V.rows(info["actors"]),
            let showTypes = V.rows(info["showTypes"]), let companys = V.rows(info["companys"]),
            let audits = V.rows(info["audits"])
        else { return nil }
        return MovieInfoResponse(
            movieInfoResult: MovieInfoResult(
                movieInfo: MovieInfo(
                    movieCd: movieCd, movieNm: movieNm, movieNmEn: movieNmEn, movieNmOg: movieNmOg, showTm: showTm,
                    prdtYear: prdtYear,
                    openDt: openDt, prdtStatNm: prdtStatNm, typeNm: typeNm, nations: nations, genres: genres,
                    directors: directors,
                    actors: actors, showTypes: showTypes, companys: companys, audits: audits)))
    }
}
