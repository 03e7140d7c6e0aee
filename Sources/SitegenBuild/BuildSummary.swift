import Foundation
import SitegenBasics
import SitegenFetch
import SitegenModel
import SitegenWrite

/// What a build made, for the summary line and the rebuild tests.
public struct BuildSummary: Sendable {
    public let days: Int
    public let movies: Int
    public let pages: Int
    public let files: Int
    /// Files written with new bytes, and files of the previous build deleted.
    public let written: Int
    public let deleted: Int
    /// Files of the last build found deleted or edited by hand and put back, and names no build
    /// wrote that were removed: the output always ends as a clean build would leave it.
    public var repaired = 0
    /// The output as a host counts it, when measured (`build` measures it; serve's rebuilds do not).
    public var footprint: Footprint?
    /// What an in-place update changed of the footprint, when it knows (see `FootprintRecord`).
    public var footprintChange: Footprint?
    /// The whole output's footprint as a staged build wrote it, added up while writing.
    public var footprintWritten: Footprint?
    /// What the store's posters and cards hold after a whole build pruned them (`KeptStore`).
    public var kept: KeptFiles.Usage?
    /// The build changed a few pages of the previous site in place instead of staging all of it.
    /// The whole range as it will be published once its history is filled in (a backfill's build
    /// has fewer days than its range): said beside what was built, with the hosts it fits.
    public var predicted: PublishedSize?
    public let updatedInPlace: Bool
    /// The pages an in-place update rendered again (their keys changed, or their files were not
    /// as the last build left them), by page id; nil for a whole build, which renders every page.
    public var rerendered: Set<String>?
    public let seconds: Double
    public let output: URL
    public let source: DataSourceKind

    public var line: String {
        let what = source == .demo ? "demo data (fictional)" : "KOBIS data"
        // A rebuild says how much of the site it touched: "(28771 files, 212 changed, 3 deleted)".
        var counts = Count.of(files, "file")
        if let footprint { counts = footprint.text }
        if written < files || deleted > 0 {
            counts +=
                written == 0 && deleted == 0
                ? ", none changed" : ", \(written) changed" + (deleted > 0 ? ", \(deleted) deleted" : "")
        }
        if repaired > 0 { counts += ", \(repaired) repaired" }
        if let predicted {
            counts += "; the whole range \(predicted.text) when filled in, \(predicted.hostsText)"
        } else if let footprint {
            // Only what it is over: a site that fits every host needs no word about hosts.
            let size = PublishedSize(bytes: footprint.bytes, files: footprint.files)
            if PublishedSize.hosts.contains(where: { !size.fits($0) }) { counts += "; \(size.hostsText)" }
        }
        return String(format: "built %@, %@, %@ (%@) from %@ in %.2f s → %@",
                      Count.of(days, "day"), Count.of(movies, "movie"), Count.of(pages, "page"), counts, what, seconds,
                      output.path)
    }
}
