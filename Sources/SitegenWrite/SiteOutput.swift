import Foundation

/// Where one build's files go, whichever way it writes: a whole site staged and swapped in
/// (`StagedOutput`), or a few pages changed in place (`SiteWriter.Update`). The build renders
/// into either through the same four calls, so the render-and-write loop is written once.
public protocol SiteOutput: AnyObject {
    /// `source` names a Public file (for the error when it collides with a generated one);
    /// `linking` names a file outside the site with these very bytes (a share card in the card
    /// cache), which may be hard-linked in or taken as unchanged by its name.
    func add(_ relative: String, _ data: Data, from source: String?, linking: String?) throws
    /// Waits for files still being written on other threads; rethrows the first failure.
    func drain() throws
    /// Makes the output what was added: the site swapped in, or the changed files replaced.
    func finish() throws -> WriteReport
    /// After a failure: the output is left as it was.
    func abort()
}

extension SiteWriter.Update: SiteOutput {
    public func add(_ relative: String, _ data: Data, from source: String?, linking: String?) throws {
        try add(relative, data, from: source, namedByContents: linking != nil)
    }

    /// An update writes on the calling thread: nothing is left to wait for.
    public func drain() throws {}
}

/// A whole build: rendered files go to the staging folder on writer threads of their own
/// (`BackgroundWriter`), so writing overlaps rendering; Public files, which may collide with a
/// rendered page and must name themselves when they do, are written directly.
public final class StagedOutput: SiteOutput, @unchecked Sendable {
    let session: SiteWriter.Session
    let background: BackgroundWriter

    public init(_ session: SiteWriter.Session) {
        self.session = session
        background = BackgroundWriter(session: session)
    }

    public func add(_ relative: String, _ data: Data, from source: String?, linking: String?) throws {
        if source == nil { try background.add(relative, data, linking: linking) }
        else { try session.add(relative, data, from: source, linking: linking) }
    }

    public func drain() throws { try background.drain() }

    public func finish() throws -> WriteReport {
        try background.drain()
        return try session.finish()
    }

    public func abort() {
        try? background.drain()
        session.abort()
    }
}
