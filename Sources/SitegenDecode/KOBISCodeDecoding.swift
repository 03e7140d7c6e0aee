import Foundation
import SitegenModel

extension KOBISWire {
    struct CodeListResponse: Decodable { let codes: [[String: LenientString]]? }
}

extension KOBISDecoder {
    /// The 시·도 of `code/searchCodeList` (group 0105000000): `{"codes":[{fullCd, korNm, engNm}]}`,
    /// with no `…Result` wrapper. A code that could not be sent back as `wideAreaCd` as it is, or
    /// a region named twice, is left out with a warning; an answer with no region at all is an
    /// error, since every region page would then be missing.
    public static func regionCodes(_ data: Data) throws -> ([Region], [DataWarning]) {
        try checkFault(data)
        let response: KOBISWire.CodeListResponse
        do { response = try JSONDecoder().decode(KOBISWire.CodeListResponse.self, from: data) } catch {
            throw ResponseFormatError(reason: notJSONReason(data, expected: "KOBIS code list"))
        }
        guard let codes = response.codes else { throw ResponseFormatError(reason: "the response has no codes") }
        var regions: [Region] = [], warnings: [DataWarning] = [], seen = Set<String>()
        for row in codes {
            let code = row.trimmed("fullCd"), name = row.trimmed("korNm")
            guard MovieCode.isValid(code), !name.isEmpty, seen.insert(code).inserted else {
                warnings.append(
                    DataWarning(context: "decode region codes", message: "left out the entry \(quoted(code))"))
                continue
            }
            regions.append(Region(code: code, name: name, englishName: row.trimmed("engNm")))
        }
        guard !regions.isEmpty else { throw ResponseFormatError(reason: "the code list names no region") }
        return (regions, warnings)
    }
}
