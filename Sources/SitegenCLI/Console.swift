import Foundation

/// Where the user reads what happened: notes and warnings on stderr, the summary on stdout.
/// Tests pass their own sink to read what a build said.
public struct Console: Sendable {
    public enum Stream: Sendable { case out, err }
    public let quiet: Bool
    /// Never printed: every line is scrubbed of these, whatever produced it.
    let secrets: [String]
    let output: @Sendable (Stream, String) -> Void

    public init(quiet: Bool, secrets: [String] = [], sink: @escaping @Sendable (Stream, String) -> Void = Console.standard) {
        self.quiet = quiet
        self.secrets = secrets.filter { $0.count >= 4 }
        self.output = sink
    }

    func sink(_ stream: Stream, _ line: String) {
        var clean = line
        for secret in secrets { clean = clean.replacingOccurrences(of: secret, with: "[key]") }
        output(stream, clean)
    }

    public func note(_ line: String) { if !quiet { sink(.err, line) } }
    public func warning(_ line: String) { if !quiet { sink(.err, "warning: " + line) } }
    public func summary(_ line: String) { if !quiet { sink(.out, line) } }
    public func error(_ line: String) { sink(.err, "error: " + line) }
    public func withSecrets(_ more: [String]) -> Console { Console(quiet: quiet, secrets: secrets + more, sink: output) }

    public static let standard: @Sendable (Stream, String) -> Void = { stream, line in
        let handle = stream == .out ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data((line + "\n").utf8))
    }
}
