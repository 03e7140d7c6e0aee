import Foundation
import SitegenFetch
#if canImport(Glibc)
import Glibc
#endif

/// The live fetch progress line: redrawn in place on a terminal, absent otherwise (a log file or
/// CI gets the summary line only, never control characters).
struct ProgressLine {
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    static func start(_ monitor: FetchMonitor, enabled: Bool) -> Task<Void, Never>? {
        guard enabled, stderrIsTerminal else { return nil }
        return Task.detached {
            while !Task.isCancelled {
                FileHandle.standardError.write(Data(("\r\u{1B}[2K" + monitor.progressLine).utf8))
                try? await Task.sleep(nanoseconds: 120_000_000)
            }
            FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        }
    }
}
