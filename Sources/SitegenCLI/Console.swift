import ArgumentParser
import Foundation
import SitegenBasics
import SitegenBuild
import SitegenFetch
import SitegenModel

/// Where the user reads what happened: notes and warnings on stderr, the summary on stdout.
/// Tests pass their own sink to read what a build said.
public struct Console: Sendable {
    public enum Stream: Sendable { case out, err }
    public let quiet: Bool
    /// Never printed: every line is scrubbed of these, whatever produced it.
    let secrets: [String]
    let output: @Sendable (Stream, String) -> Void

    public init(
        quiet: Bool, secrets: [String] = [], sink: @escaping @Sendable (Stream, String) -> Void = Console.standard
    ) {
        self.quiet = quiet
        self.secrets = Self.spellings(of: secrets.filter { $0.count >= 4 })
        self.output = sink
    }

    /// Whatever a line quotes (file names, API text), it stays one line without terminal codes.
    func sink(_ stream: Stream, _ line: String) {
        var clean = ErrorText.printable(line)
        for secret in secrets { clean = clean.replacingOccurrences(of: secret, with: "[key]") }
        output(stream, clean)
    }

    public func note(_ line: String) { if !quiet { sink(.err, line) } }
    public func warning(_ line: String) { if !quiet { sink(.err, "warning: " + line) } }
    public func summary(_ line: String) { if !quiet { sink(.out, line) } }
    /// A line the user asked for by name (`--timings`): printed even with `--quiet`.
    public func always(_ line: String) { sink(.err, line) }
    public func error(_ line: String) { sink(.err, "error: " + line) }

    /// Every form a key is sent or echoed in: as is, percent-encoded as a query value (with '+'
    /// encoded, as the client sends it, or not; upper- or lowercase hex), fully encoded, JSON-escaped.
    static func spellings(of keys: [String]) -> [String] {
        var query = CharacterSet.urlQueryAllowed
        query.remove(charactersIn: "&=+#")
        var all: [String] = []
        for key in keys {
            let forms = [key, key.addingPercentEncoding(withAllowedCharacters: query),
                         key.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed),
                         key.addingPercentEncoding(withAllowedCharacters: .alphanumerics),
                         key.replacingOccurrences(of: "/", with: "\\/")].compactMap { $0 }
            for form in forms {
                all.append(form)
                all.append(lowercaseEscapes(form))
            }
        }
        var seen = Set<String>()
        // Longest first, so a longer spelling is not left half-replaced by a shorter one.
        return all.filter { seen.insert($0).inserted }.sorted { $0.count > $1.count }
    }

    static func lowercaseEscapes(_ text: String) -> String {
        var out = "", rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let hex = rest[percent...].prefix(3)
            out += hex.lowercased()
            rest = rest[hex.endIndex...]
        }
        return out + rest
    }

    /// A command's console: quiet as asked, and scrubbing the keys in its environment.
    public static func forCommand(quiet: Bool, environment: [String: String]) -> Console {
        Console(
            quiet: quiet, secrets: [environment["KOBIS_API_KEY"], environment["KAKAO_REST_API_KEY"]].compactMap { $0 })
    }

    /// Runs a command's body: a usage problem exits 64, any other failure 1, each as one line.
    public func reportingErrors(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as UsageError {
            self.error(error.description)
            throw ExitCode.validationFailure
        } catch {
            self.error(ErrorText.describe(error))
            throw ExitCode.failure
        }
    }

    public static func printable(_ text: String) -> String { ErrorText.printable(text) }

    public static let standard: @Sendable (Stream, String) -> Void = { stream, line in
        let handle = stream == .out ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data((line + "\n").utf8))
    }
}

extension Console: BuildReporter {
    public func progress(of monitor: FetchMonitor) -> Task<Void, Never>? {
        ProgressLine.start(monitor, enabled: !quiet)
    }
}
