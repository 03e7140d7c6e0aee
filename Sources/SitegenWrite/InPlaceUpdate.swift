import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

extension SiteWriter {
    /// Starts a rebuild that changes a few pages of the existing output in place instead of
    /// staging the whole site again (which costs as much as a first build: tens of thousands of
    /// files made, then as many deleted). `keptCount` files of pages not rendered again stay;
    /// `replacing` are the previous build's files of the pages that are rendered again or gone
    /// (deleted unless written again);
    /// `isKept` says whether a path is one of the kept files (asked only of a path written twice).
    /// `drift` is what `checkOutput` found (its files are among `replacing`, their pages rendered
    /// again); `folders` and `fileMode` are the last build's record, carried over.
    public func update(
        keptCount: Int, replacing: [String], drift: OutputDrift = OutputDrift(), folders: [BuildManifest.Folder] = [],
        fileMode: UInt32? = nil, isKept: @escaping (String) -> Bool
    ) throws -> Update {
        try checkReplaceable()
        return Update(
            writer: self, keptCount: keptCount, replacing: replacing, drift: drift, folders: folders,
            fileMode: fileMode, isKept: isKept)
    }

    /// Nothing reaches the output until `finish`, and a render that fails before it leaves the
    /// site as it was: changed files wait in a staging folder beside the output (the same one a
    /// whole build uses, cleaned up the same way), so memory holds none of them. `finish`
    /// replaces each changed file by a rename (a reader sees the old page
    /// or the new one, never half of one), writes new pages before it deletes pages that are
    /// gone (so no page links to a deleted one meanwhile), and forgets the manifest first, so a
    /// build that dies part way makes the next build a whole, staged one. What drifted since the
    /// last build is put right on the way: names no build wrote go first, and files found edited
    /// or deleted are written again unless their bytes are what this build renders.
    public final class Update {
        let writer: SiteWriter
        let root: String
        let keptCount: Int
        let replacing: [String]
        let replaced: Set<String>
        let drift: OutputDrift
        let isKept: (String) -> Bool
        /// The files written (or found unchanged) by this build.
        private var present: Set<String> = []
        /// Changed files, each staged under a number.
        private var pending: [String] = []
        private var staging: String?
        private var bytes = 0, unchanged = 0
        private var stamps: [String: UInt64] = [:]
        private var folders: [BuildManifest.Folder]
        private var fileMode: UInt32?
        /// Folders whose names change here: their stamps are taken again at the end.
        private var touched: Set<String> = []

        init(
            writer: SiteWriter, keptCount: Int, replacing: [String], drift: OutputDrift,
            folders: [BuildManifest.Folder],
            fileMode: UInt32?, isKept: @escaping (String) -> Bool
        ) {
            self.writer = writer
            root = writer.output.path
            self.keptCount = keptCount
            self.replacing = replacing
            replaced = Set(replacing)
            self.drift = drift
            self.folders = folders
            self.fileMode = fileMode
            self.isKept = isKept
        }

        /// `namedByContents`: the file's name is a hash of what it holds (a share card), so one of
        /// that name and size already there is taken as unchanged without reading it.
        public func add(_ relative: String, _ data: Data, from source: String? = nil, namedByContents: Bool = false)
            throws
        {
            try SiteWriter.checkRelative(relative)
            // Written twice in this build, or over a kept page's file (which exists on disk and
            // is not among the files being replaced).
            let overKept = !replaced.contains(relative) && access(root + "/" + relative, F_OK) == 0 && isKept(relative)
            guard present.insert(relative).inserted, !overKept else {
                throw SiteWriter.collision(relative, from: source)
            }
            bytes += data.count
            var info = stat()
            let path = root + "/" + relative
            if namedByContents, !drift.rewrite.contains(relative), lstat(path, &info) == 0, info.st_size == data.count {
                unchanged += 1
                stamps[relative] = FileStamp.file(info)
                return
            }
            if !drift.rewrite.contains(relative), SiteWriter.sameContents(path, data, mode: fileMode),
               lstat(path, &info) == 0 {
                unchanged += 1
                stamps[relative] = FileStamp.file(info)
                return
            }
            if staging == nil { staging = try writer.makeStagingFolder() }
            info = try SiteWriter.writeFile(staging! + "/\(pending.count)", data, relative: relative)
            // A rename keeps the inode and the modification time: this is the stamp it will have.
            stamps[relative] = FileStamp.file(info)
            if fileMode == nil { fileMode = UInt32(info.st_mode & 0o7777) }
            pending.append(relative)
        }

        /// After a failed render: the output was never touched.
        public func abort() {
            if let staging { SiteWriter.removeTree(staging) }
        }

        /// Writes what changed, then deletes what the previous build wrote and this one did not.
        /// Until the last rename, each step can be undone: a step that fails puts the previous
        /// site back as it was (strays aside) and the build fails.
        public func finish() throws -> WriteReport {
            let stale = replacing.filter { !present.contains($0) && $0 != SiteWriter.marker }
            if !pending.isEmpty || !stale.isEmpty || !drift.strays.isEmpty || drift.marker { writer.forgetManifest() }
            defer { abort() }
            // Names no build wrote may be whole folders: then the footprint is measured afresh.
            let before = drift.strays.isEmpty && !drift.marker ? Footprint.of(pending + stale, in: root) : nil
            let output = try OutputFolder(root)
            if drift.marker {
                let temporary = try writer.makeStagingFolder() + "/marker"
                try SiteWriter.writeFile(temporary, Data(SiteWriter.markerText.utf8), relative: SiteWriter.marker)
                _ = output.moveIn(temporary, to: SiteWriter.marker)
                SiteWriter.removeTree(SiteWriter.parentFolder(temporary))
            }
            for relative in drift.strays {
                output.remove(relative)
                touched.insert(SiteWriter.parentFolder(relative))
            }
            // A gone file where a new one needs its folder (Public `about` → `about/index.html`),
            // or gone files in a folder a new file replaces: those go first, or the rename fails.
            var folders: Set<String> = []
            for relative in pending {
                var folder = SiteWriter.parentFolder(relative)
                while !folder.isEmpty, folders.insert(folder).inserted { folder = SiteWriter.parentFolder(folder) }
            }
            let written = Set(pending)
            let inTheWay = stale.filter { relative in
                if folders.contains(relative) { return true }
                var folder = SiteWriter.parentFolder(relative)
                while !folder.isEmpty {
                    if written.contains(folder) { return true }
                    folder = SiteWriter.parentFolder(folder)
                }
                return false
            }
            if let staging {
                var steps = InPlaceRollback(output: output, backups: staging)
                do {
                    try remove(inTheWay, { try steps.moveAside($0) }, { steps.removeFolder($0) })
                    // Every new folder before any live file changes: the likeliest step to fail
                    // then fails with nothing to undo but folders.
                    for folder in folders.sorted(by: { $0.utf8.count < $1.utf8.count }) {
                        if try steps.makeFolder(folder) { touched.formUnion([folder, SiteWriter.parentFolder(folder)]) }
                    }
                    for (number, relative) in SiteWriter.publishingOrder(pending) {
                        try steps.replace(relative, with: staging + "/\(number)")
                        touched.insert(SiteWriter.parentFolder(relative))
                    }
                } catch {
                    steps.undo()
                    throw error
                }
            }
            let setAside = Set(inTheWay)
            remove(stale.filter { !setAside.contains($0) }, output.unlink, output.rmdir)
            var report = WriteReport(fileCount: keptCount + present.count, byteCount: bytes, unchangedCount: unchanged,
                                     writtenCount: pending.count, deletedCount: stale.count)
            // Each path once: a folder where a page belongs is removed, then the page written.
            report.repairedCount =
                Set(drift.strays).union(pending.lazy.filter { self.drift.files.contains($0) }).count
                + (drift.marker ? 1 : 0)
            report.removedStrays = drift.strays
            report.footprintChange = before.map { Footprint.of(pending, in: root) - $0 }
            report.stamps = stamps
            report.fileMode = fileMode
            let untouched: [BuildManifest.Folder] = self.folders.filter { !self.touched.contains($0.path) }
            report.folders = untouched + writer.stampFolders(touched)
            return report
        }

        /// Deletes files of the output (or sets them aside), then the folders that leaves empty.
        private func remove(
            _ files: [String], _ removeFile: (String) throws -> Void, _ removeFolder: (String) -> Bool
        ) rethrows {
            var emptied: Set<String> = []
            for relative in files {
                try removeFile(relative)
                emptied.insert(SiteWriter.parentFolder(relative))
            }
            touched.formUnion(emptied)
            // Deepest first; rmdir refuses a folder that still has something in it.
            for folder in emptied.sorted(by: { $0.count > $1.count }) {
                var current = folder
                while !current.isEmpty, removeFolder(current) {
                    current = SiteWriter.parentFolder(current)
                    touched.insert(current)
                }
            }
        }
    }

    /// The order of the renames that publish an update, each file with its number in `files`:
    /// what pages use (poster copies, cards, styles, scripts, data) first, then the pages, the
    /// deepest first so a page is in before the one above that links it, then the feeds and
    /// sitemap that name pages. A build killed between two renames leaves no new page linking
    /// a poster copy that is not there yet.
    static func publishingOrder(_ files: [String]) -> [(Int, String)] {
        func rank(_ path: String) -> (Int, Int) {
            if path.hasSuffix(".html") { return (1, -path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }) }
            if path.hasSuffix(".xml") { return (2, 0) }
            return (0, 0)
        }
        return files.enumerated().map { ($0.offset, $0.element) }.sorted { a, b in
            let (ra, rb) = (rank(a.1), rank(b.1))
            return ra != rb ? ra < rb : a.0 < b.0
        }
    }
}
