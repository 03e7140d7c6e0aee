import Foundation

/// Where the user reads what happened: notes and warnings on stderr, the summary on stdout.
/// Tests pass their own sink to read what a build said.
public struct Console: Sendable {
    public enum Stream: Sendable { case out, err }
    public let quiet: Bool
    let sink: @Sendable (Stream, String) -> Void

    public init(quiet: Bool, sink: @escaping @Sendable (Stream, String) -> Void = Console.standard) {
        self.quiet = quiet
        self.sink = sink
    }

    public func note(_ line: String) { if !quiet { sink(.err, line) } }
    public func warning(_ line: String) { if !quiet { sink(.err, "warning: " + line) } }
    public func summary(_ line: String) { if !quiet { sink(.out, line) } }
    public func error(_ line: String) { sink(.err, "error: " + line) }

    public static let standard: @Sendable (Stream, String) -> Void = { stream, line in
        let handle = stream == .out ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data((line + "\n").utf8))
    }
}
