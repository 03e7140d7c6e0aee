import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

// The writer itself: the output it owns, the names it keeps beside it, and the preflight a build
// runs before fetching. What it does is in files of one purpose each: the lock (`WriterLock`),
// the refusals (`OutputRefusals`), a whole build staged and swapped in (`StagingSession`,
// `StagingSwap`), an update in place (`InPlaceUpdate`), a repair (`OutputCheck`), and the files
// themselves put on disk (`FileEmission`, `SitePaths`).
/// The one writer. A first build (or one that changes more than two thirds of the pages) goes into a
/// staging folder beside `--output`, swapped in with a single atomic rename only when everything
/// is written; a later build updates the folder in place (`Update`: changed files staged, then
/// renamed into place one by one), after checking it against the last build's manifest
/// (`checkOutput`). Either way a failure leaves the previous site exactly as it was.
public struct SiteWriter: Sendable {
    /// Marks a folder as sitegen's, so a build never replaces a folder it did not create.
    public static let marker = ".sitegen"
    public static let markerText = "This folder is written by sitegen and replaced on every build.\n"
    public static let stagingInfix = ".sitegen-staging-"

    public let output: URL

    /// A symlinked output is followed: its target is what gets swapped, so the link keeps working.
    public init(output: URL) { self.output = output.standardizedFileURL.resolvingSymlinksInPath() }

    /// Staging folders and the lock sit beside the output under names derived from its own; a
    /// long name is shortened (with a hash, to stay distinct) so they fit in 255 bytes.
    var besideName: String {
        let name = output.lastPathComponent
        guard name.utf8.count > 150 else { return name }
        var head = name
        while head.utf8.count > 100 { head.removeLast() }
        return head + "~" + String(FNV1a.hash64(name), radix: 16)
    }
    var stagingPrefix: String { ".\(besideName)\(Self.stagingInfix)" }

    /// Checks, before anything is fetched, that the output can be replaced and its parent written.
    public func preflight() throws {
        try checkReplaceable()
        let fm = FileManager.default
        let parent = output.deletingLastPathComponent()
        do { try fm.createDirectory(at: parent, withIntermediateDirectories: true) }
        catch { throw WriteError("cannot create \(parent.path) (\(ErrorText.describe(error))); pick another --output") }
        let probe = parent.appendingPathComponent("\(stagingPrefix)probe-\(getpid())")
        do {
            try fm.createDirectory(at: probe, withIntermediateDirectories: false)
            try fm.removeItem(at: probe)
        } catch {
            throw WriteError("cannot write in \(parent.path) (\(ErrorText.describe(error))); pick another --output")
        }
    }
}
