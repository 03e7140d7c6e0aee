import Foundation
import SitegenBasics
import SitegenModel

/// A KOBIS `faultInfo` (sent with HTTP 200). 320010 is an invalid key.
public struct KOBISFault: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: String
    public let message: String
    public var isInvalidKey: Bool { code == "320010" }
    /// 320011 is reported by other clients as the daily quota; KOBIS documents no text for it.
    public var isQuota: Bool { code == "320011" || message.contains("초과") }
    public var description: String { "KOBIS said \(code) \(message)" }
}

/// A body that is not the JSON the endpoint promises (possibly cut off: worth another try).
public struct ResponseFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}

/// Well-formed JSON about something else than was asked: asking again will not help.
public struct ResponseMismatchError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
}

public enum KOBISDecoder {
    /// Faults are checked before anything else: they arrive with HTTP 200 and a different shape.
    public static func checkFault(_ data: Data) throws {
        guard let probe = try? JSONDecoder().decode(KOBISWire.FaultProbe.self, from: data),
              let fault = probe.faultInfo ?? probe.faultResult else { return }
        let code = (fault.errorCode?.value ?? "").trimmingCharacters(in: .whitespaces)
        let message = (fault.message?.value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        throw KOBISFault(code: code.isEmpty ? "unknown" : code, message: message)
    }

    /// The plain responses KOBIS normally sends are read by `FastJSON`; anything else (a fault,
    /// an odd value, broken JSON) is checked for a fault and decoded by `JSONDecoder` as it always was.
    static func decode<T: Decodable>(_ data: Data, fast: (Data) -> T?, expected: String) throws -> T {
        if let response = fast(data) { return response }
        try checkFault(data)
        do { return try JSONDecoder().decode(T.self, from: data) }
        catch { throw ResponseFormatError(reason: notJSONReason(data, expected: expected)) }
    }

    public static func dailyChart(_ data: Data, date: Day, fetchedAt: Date?) throws -> (DayChart, [DataWarning]) {
        let response = try decode(data, fast: KOBISWire.fastDaily, expected: "a KOBIS daily chart")
        guard let result = response.boxOfficeResult else {
            throw ResponseFormatError(reason: "the response has no boxOfficeResult")
        }
        try checkRange(result.showRange, start: date, end: date, asked: date.iso)
        var warnings: [DataWarning] = []
        let rows = result.dailyBoxOfficeList ?? []
        let entries = acceptedRows(rows, on: date, context: { "\(date.iso) row \($0)" }, warnings: &warnings)
        return (
            DayChart(date: date, entries: entries, fetchedAt: fetchedAt, rejectedRows: rows.count - entries.count),
            warnings
        )
    }

    /// The rows a chart can trust, in rank order: each maps cleanly and passes `FigureBounds`.
    static func acceptedRows(
        _ rows: [[String: LenientString]], on day: Day, context: (Int) -> String, warnings: inout [DataWarning]
    ) -> [ChartEntry] {
        var mapped: [(place: String, entry: ChartEntry)] = []
        for (index, row) in rows.enumerated() {
            let place = context(index + 1)
            if let entry = mapRow(row, context: place, warnings: &warnings) { mapped.append((place, entry)) }
        }
        return FigureBounds.accepted(mapped, on: day, warnings: &warnings)
    }

    static func mapRow(_ row: [String: LenientString], context: String, warnings: inout [DataWarning]) -> ChartEntry? {
        let code = row.trimmed("movieCd")
        guard MovieCode.isValid(code) else {
            warnings.append(
                DataWarning(context: context, message: "movieCd \(quoted(code)) is not [0-9A-Za-z]+; row skipped"))
            return nil
        }
        let title = row.trimmed("movieNm")
        guard !title.isEmpty else {
            warnings.append(DataWarning(context: context, message: "movie \(code) has no title; row skipped"))
            return nil
        }
        var missing: [String] = []
        func int(_ key: String) -> Int64? {
            let v = KOBISNumber.integer(row[key]?.value ?? "")
            if v == nil { missing.append(key) }
            return v
        }
        func optionalInt(_ key: String) -> Int64? {
            let raw = row.trimmed(key)
            guard !raw.isEmpty else { return nil }
            let v = KOBISNumber.integer(raw)
            if v == nil {
                warnings.append(
                    DataWarning(context: context, message: "\(key) \(quoted(raw)) is not a number; shown as unknown"))
            }
            return v
        }
        func optionalRate(_ key: String) -> Double? {
            let raw = row.trimmed(key)
            guard !raw.isEmpty else { return nil }
            let v = KOBISNumber.decimal(raw)
            if v == nil {
                warnings.append(
                    DataWarning(context: context, message: "\(key) \(quoted(raw)) is not a number; shown as unknown"))
            }
            return v
        }
        let rank = int("rank"), audience = int("audiCnt"), audienceTotal = int("audiAcc")
        let sales = int("salesAmt"), salesTotal = int("salesAcc"), screens = int("scrnCnt"), showings = int("showCnt")
        guard let rank, let audience, let audienceTotal, let sales, let salesTotal, let screens, let showings,
            rank > 0, audience >= 0, audienceTotal >= 0, sales >= 0, salesTotal >= 0, screens >= 0, showings >= 0
        else {
            let what =
                missing.isEmpty
                ? "a negative count" : missing.map { "\($0) \(quoted(row.trimmed($0)))" }.joined(separator: ", ")
            warnings.append(
                DataWarning(context: context, message: "movie \(code): \(what) does not parse; row skipped"))
            return nil
        }
        let statusText = row.trimmed("rankOldAndNew")
        let status = RankStatus(rawValue: statusText) ?? .unknown
        return ChartEntry(
            rank: Int(rank), rankChange: Int(KOBISNumber.integer(row.trimmed("rankInten")) ?? 0), status: status,
            movieCode: code, title: title,
            rawTitle: BidiControls.strip(ForbiddenCharacters.strip(row["movieNm"]?.value ?? title)),
            openDate: Day(kobis: row.trimmed("openDt")),
            sales: sales, salesShare: optionalRate("salesShare"), salesChange: optionalInt("salesInten"),
            salesChangeRate: optionalRate("salesChange"), salesTotal: salesTotal,
            audience: audience, audienceChange: optionalInt("audiInten"),
            audienceChangeRate: optionalRate("audiChange"),
            audienceTotal: audienceTotal, screens: Int(screens), showings: Int(showings))
    }

    /// Returns nil when KOBIS has no info for the code (an empty or missing `movieInfo`).
    public static func movieInfo(_ data: Data, code requested: String) throws -> Movie? {
        let response = try decode(data, fast: KOBISWire.fastMovieInfo, expected: "KOBIS movie info")
        guard let result = response.movieInfoResult else {
            throw ResponseFormatError(reason: "the response has no movieInfoResult")
        }
        guard let info = result.movieInfo else { return nil }
        func s(_ v: LenientString?) -> String { (v?.value ?? "").cleaned }
        let title = s(info.movieNm)
        let code = s(info.movieCd)
        if code.isEmpty && title.isEmpty { return nil }
        guard code.isEmpty || code == requested else {
            throw ResponseMismatchError(reason: "asked for movie \(requested) but KOBIS answered with \(quoted(code))")
        }
        func names(_ list: [[String: LenientString]]?, _ key: String) -> [String] {
            (list ?? []).map { $0.trimmed(key) }.filter { !$0.isEmpty }
        }
        return Movie(
            code: requested, title: title, englishTitle: s(info.movieNmEn), originalTitle: s(info.movieNmOg),
            runtimeMinutes: KOBISNumber.integer(s(info.showTm)).map { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
            productionYear: KOBISNumber.integer(s(info.prdtYear)).map { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
            openDate: Day(kobis: s(info.openDt)), productionStatus: s(info.prdtStatNm), type: s(info.typeNm),
            nations: names(info.nations, "nationNm"), genres: names(info.genres, "genreNm"),
            directors: (info.directors ?? []).compactMap { d in
                let n = d.trimmed("peopleNm");
                return n.isEmpty ? nil : Person(name: n, englishName: d.trimmed("peopleNmEn"))
            },
            actors: (info.actors ?? []).compactMap { a in
                let n = a.trimmed("peopleNm")
                return n.isEmpty ? nil : Person(name: n, englishName: a.trimmed("peopleNmEn"), role: a.trimmed("cast"))
            },
            showTypes: (info.showTypes ?? []).map {
                [$0.trimmed("showTypeGroupNm"), $0.trimmed("showTypeNm")].filter { !$0.isEmpty }.joined(separator: " ")
            }
            .filter { !$0.isEmpty },
            companies: (info.companys ?? []).compactMap { c in
                let n = c.trimmed("companyNm")
                return n.isEmpty
                    ? nil
                    : Company(
                        code: c.trimmed("companyCd"), name: n, englishName: c.trimmed("companyNmEn"),
                        part: c.trimmed("companyPartNm"))
            },
            watchGrades: names(info.audits, "watchGradeNm"))
    }

    static func quoted(_ s: String) -> String {
        let clipped = s.count > 40 ? String(s.prefix(40)) + "…" : s
        return "'\(clipped.unicodeScalars.map { $0.value < 0x20 ? "?" : String($0) }.joined())'"
    }

    static func notJSONReason(_ data: Data, expected: String) -> String {
        if data.isEmpty { return "the response body is empty, not \(expected)" }
        let head = String(decoding: data.prefix(24), as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
        if (try? JSONSerialization.jsonObject(with: data)) == nil {
            return "the response is not JSON (it starts with \(quoted(head))), not \(expected)"
        }
        return "the JSON is not \(expected)"
    }
}
