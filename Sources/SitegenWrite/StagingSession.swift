import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

// A whole build's write: every file goes into a staging folder beside the output (unchanged ones
// linked from the previous site), and only `finish` swaps it in. Apart from the in-place update
// (`InPlaceUpdate.swift`), which writes into the live folder.
extension SiteWriter {
    /// Starts a build's staging folder beside the output; files are added as they are rendered.
    public func begin() throws -> Session {
        let fm = FileManager.default
        let parent = output.deletingLastPathComponent()
        try checkReplaceable()
        try checkSwappable()
        do { try fm.createDirectory(at: parent, withIntermediateDirectories: true) }
        catch { throw WriteError("cannot create \(parent.path) (\(ErrorText.describe(error))); pick another --output") }
        let staging = URL(fileURLWithPath: try makeStagingFolder())
        let previous = fm.fileExists(atPath: output.appendingPathComponent(Self.marker).path) ? output.path : nil
        return Session(writer: self, staging: staging, previous: previous)
    }

    /// The same path added twice: silently replacing a generated page would hide it, so both are named.
    static func collision(_ relative: String, from source: String?) -> WriteError {
        let what =
            source.map { "\(ErrorText.printable($0)) would replace the generated \(ErrorText.printable(relative))" }
            ?? "\(ErrorText.printable(relative)) is generated twice"
        return WriteError("\(what); rename or remove one of them")
    }

    /// One build's staging folder. Nothing reaches `--output` until `finish` swaps it in whole.
    /// Safe to `add` to from several threads (`BackgroundWriter` writes on two): the names and
    /// folders are claimed under a lock, the files written outside it.
    public final class Session: @unchecked Sendable {
        let writer: SiteWriter
        let staging: URL
        let previous: String?
        private let lock = NSLock()
        private var made: Set<String> = [""]
        private var written: Set<String> = []
        private var bytes = 0, count = 0, unchanged = 0
        /// The files' sizes as a host counts them (`lstat`'s, so a card linked in from the card
        /// cache counts what is on disk), and of those the share cards' (`card/`), which the
        /// summary line gives apart.
        private var diskBytes: Int64 = 0, cardBytes: Int64 = 0, cardCount = 0
        private var stamps: [String: UInt64] = [:]
        private let fileMode: UInt32?

        init(writer: SiteWriter, staging: URL, previous: String?) {
            self.writer = writer; self.staging = staging; self.previous = previous
            fileMode = Self.createdMode(staging.path)
        }

        /// The permissions `open(…, 0o644)` gives under this process's umask, read off the
        /// staging folder `mkdir(…, 0o755)` made (0o644 is within 0o755), so that a previous
        /// file someone chmod-ed is never linked in as if unchanged. Asking `umask` would set it.
        static func createdMode(_ folder: String) -> UInt32? {
            var info = stat()
            guard lstat(folder, &info) == 0 else { return nil }
            return UInt32(info.st_mode) & 0o644
        }

        public func add(_ relative: String, _ data: Data) throws {
            try add(relative, data, from: nil)
        }

        /// `source` names the Public file being copied, for the error when it collides. `linking`
        /// names a file outside the site that holds these very bytes (a share card in the card
        /// cache): it is hard-linked in rather than written again, when both are on one file system.
        public func add(_ relative: String, _ data: Data, from source: String?, linking: String? = nil) throws {
            do {
                try SiteWriter.checkRelative(relative)
                try lock.withLock {
                    guard written.insert(relative).inserted else { throw SiteWriter.collision(relative, from: source) }
                    try makeFolders(for: relative)
                }
                let target = staging.path + "/" + relative
                // Unchanged since the last build: link the old file in, keeping its modification
                // time, so a deploy that syncs by time or hash uploads only what changed.
                var kept = false
                var info = stat()
                if let previous, SiteWriter.sameContents(previous + "/" + relative, data, mode: fileMode),
                    link(previous + "/" + relative, target) == 0,
                    lstat(target, &info) == 0
                {
                    kept = true
                } else if let linking, SiteWriter.linkRegular(linking, target, size: data.count, &info) {
                    // Written, as far as the build is concerned: only the bytes were not copied.
                } else {
                    info = try SiteWriter.writeFile(target, data, relative: relative)
                }
                let stamp = FileStamp.file(info)
                lock.withLock {
                    if kept { unchanged += 1 }
                    bytes += data.count
                    count += 1
                    diskBytes += Int64(info.st_size)
                    if relative.hasPrefix("card/") {
                        cardBytes += Int64(info.st_size)
                        cardCount += 1
                    }
                    stamps[relative] = stamp
                }
            } catch let error as WriteError {
                throw error
            } catch {
                throw WriteError("\(writer.output.path): \(ErrorText.describe(error))")
            }
        }

        private func makeFolders(for relative: String) throws {
            try SiteWriter.makeFolders(for: relative, under: staging.path, made: &made)
        }

        /// Marks the folder as sitegen's and swaps it in atomically.
        public func finish() throws -> WriteReport {
            let (files, kept, bytes) = lock.withLock { (count, unchanged, self.bytes) }
            try add(SiteWriter.marker, Data(SiteWriter.markerText.utf8))
            writer.forgetManifest()
            let carried = previous.map { SiteWriter.moveVersionControl(from: $0, to: staging.path) } ?? []
            do { try writer.swapIn(staging) } catch {
                if let previous { _ = SiteWriter.moveVersionControl(carried, from: staging.path, to: previous) }
                if let error = error as? WriteError { throw error }
                throw WriteError("\(writer.output.path): \(ErrorText.describe(error))")
            }
            var report = WriteReport(
                fileCount: files, byteCount: bytes, unchangedCount: kept, writtenCount: files - kept, deletedCount: 0)
            // What a host counts: every file is this build's (the marker's too); a repository
            // carried over is not published, so not counted. Added up, it spares the summary line
            // a walk of a whole history's 40,000 files (a quarter of a second).
            let footprint = lock.withLock {
                report.stamps = stamps
                report.fileMode = fileMode
                report.folders = writer.stampFolders(made)
                var written = Footprint(bytes: diskBytes, files: count)
                (written.cardBytes, written.cardFiles) = (cardBytes, cardCount)
                return written
            }
            report.footprint = footprint
            return report
        }

        public func abort() { SiteWriter.removeTree(staging.path) }
    }
}
