import SitegenFetch

/// Where a build's notes, warnings and fetch progress go. The build decides what to say, never
/// how it reaches anyone: the CLI's console prints it (quiet when asked, keys scrubbed, a live
/// line only on a terminal), and tests keep the lines to read.
public protocol BuildReporter: Sendable {
    func note(_ line: String)
    func warning(_ line: String)
    /// Shows a live fetch's progress until the task is cancelled; nil when nothing is shown.
    func progress(of monitor: FetchMonitor) -> Task<Void, Never>?
}
