import Foundation

/// A request as the preview handler sees it: the target still percent-encoded, as sent.
public struct PreviewRequest: Sendable {
    public let method: String
    public let path: String
    public let query: String
    public let headers: [String: String]
    /// The client's socket; nil for a request made up in a test.
    public var connection: Connection?

    public func queryValue(_ name: String) -> String? {
        URLComponents(string: "/?" + query)?.queryItems?.first { $0.name == name }.map { $0.value ?? "" }
    }
}

public struct PreviewResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: Data
    /// A file sent from disk piece by piece instead of `body`: a page may ask for a 30 MB file
    /// from 64 tabs at once, and holding each whole would take gigabytes.
    public var file: FileBody?
    public init(status: Int, headers: [(String, String)] = [], body: Data = Data(), file: FileBody? = nil) {
        self.status = status; self.headers = headers; self.body = body; self.file = file
    }
}

/// A file answered from disk, `insert` sent at its offset (the live-reload script in a page):
/// never held whole, so 94 slow readers of a 1.9 MB file hold a piece each, not 436 MB.
public struct FileBody: Sendable {
    public let url: URL
    public let length: Int
    public var insert: (at: Int, bytes: Data)?
    public var contentLength: Int { length + (insert?.bytes.count ?? 0) }
}

/// Reads a request head from a byte stream with hard limits, looking at each byte once, so a
/// hostile client costs linear time and bounded memory and is refused as soon as it is too long.
public struct RequestHead {
    public static let maxRequestLine = 8 * 1024
    public static let maxHeaders = 16 * 1024

    public enum Outcome: Equatable {
        case needMore
        case complete(consumed: Int)
        case refused(status: Int)
    }

    private var bytes: [UInt8] = []
    private var scanned = 0
    private var lineStart = 0
    private var requestLineEnd: Int?

    public init() {}

    /// Adds what arrived and says whether the head is complete, incomplete or refused.
    public mutating func feed(_ chunk: some Sequence<UInt8>) -> Outcome {
        bytes.append(contentsOf: chunk)
        while scanned < bytes.count {
            let byte = bytes[scanned]
            scanned += 1
            if byte == UInt8(ascii: "\n") {
                let line = scanned - 1 - lineStart - (scanned >= 2 && bytes[scanned - 2] == UInt8(ascii: "\r") ? 1 : 0)
                if requestLineEnd == nil {
                    // A request line may not hold a bare CR: it would reach Location headers.
                    if bytes[lineStart..<(lineStart + line)].contains(UInt8(ascii: "\r")) {
                        return .refused(status: 400)
                    }
                    requestLineEnd = scanned
                } else if line == 0 {
                    return .complete(consumed: scanned)
                }
                lineStart = scanned
            }
            if requestLineEnd == nil {
                if scanned - lineStart > Self.maxRequestLine + 2 { return .refused(status: 414) }
            } else if scanned - requestLineEnd! > Self.maxHeaders { return .refused(status: 431) }
        }
        return .needMore
    }

    /// The parsed request once `feed` said `.complete`; nil for a malformed head (400).
    public func request() -> PreviewRequest? {
        guard requestLineEnd != nil else { return nil }
        // Split as bytes: as Characters, "\r\n" is one grapheme and would not split at "\n".
        var lines = bytes[0..<scanned].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
        let parts = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."),
              parts[1].unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let target = parts[1]
        let question = target.firstIndex(of: "?")
        return PreviewRequest(
            method: String(parts[0]), path: String(target[..<(question ?? target.endIndex)]),
            query: question.map { String(target[target.index(after: $0)...]) } ?? "", headers: headers)
    }
}
