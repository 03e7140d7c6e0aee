import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

extension SiteWriter {
    /// Starts a rebuild that changes a few pages of the existing output in place instead of
    /// staging the whole site again (which costs as much as a first build: tens of thousands of
    /// files made, then as many deleted). `keptCount` files of pages not rendered again stay; `replacing` are the previous build's
    /// files of the pages that are rendered again or gone (deleted unless written again);
    /// `isKept` says whether a path is one of the kept files (asked only of a path written twice).
    public func update(keptCount: Int, replacing: [String], isKept: @escaping (String) -> Bool) throws -> Update {
        try checkReplaceable()
        return Update(writer: self, keptCount: keptCount, replacing: replacing, isKept: isKept)
    }

    /// Nothing reaches the output until `finish`, and a render that fails before it leaves the
    /// site as it was: changed files wait in a staging folder beside the output (the same one a
    /// whole build uses, cleaned up the same way), so memory holds none of them. `finish`
    /// replaces each changed file by a rename (a reader sees the old page
    /// or the new one, never half of one), writes new pages before it deletes pages that are
    /// gone (so no page links to a deleted one meanwhile), and forgets the manifest first, so a
    /// build that dies part way makes the next build a whole, staged one.
    public final class Update {
        let writer: SiteWriter
        let root: String
        let keptCount: Int
        let replacing: [String]
        let replaced: Set<String>
        let isKept: (String) -> Bool
        /// The files written (or found unchanged) by this build.
        private var present: Set<String> = []
        /// Changed files, each staged under a number.
        private var pending: [String] = []
        private var staging: String?
        private var bytes = 0, unchanged = 0

        init(writer: SiteWriter, keptCount: Int, replacing: [String], isKept: @escaping (String) -> Bool) {
            self.writer = writer
            root = writer.output.path
            self.keptCount = keptCount
            self.replacing = replacing
            replaced = Set(replacing)
            self.isKept = isKept
        }

        public func add(_ relative: String, _ data: Data, from source: String? = nil) throws {
            try SiteWriter.checkRelative(relative)
            // Written twice in this build, or over a kept page's file (which exists on disk and
            // is not among the files being replaced).
            let overKept = !replaced.contains(relative) && access(root + "/" + relative, F_OK) == 0 && isKept(relative)
            guard present.insert(relative).inserted, !overKept else { throw SiteWriter.collision(relative, from: source) }
            bytes += data.count
            if SiteWriter.sameContents(root + "/" + relative, data) { unchanged += 1; return }
            if staging == nil { staging = try writer.makeStagingFolder() }
            try SiteWriter.writeFile(staging! + "/\(pending.count)", data, relative: relative)
            pending.append(relative)
        }

        /// After a failed render: the output was never touched.
        public func abort() {
            if let staging { SiteWriter.removeTree(staging) }
        }

        /// Writes what changed, then deletes what the previous build wrote and this one did not.
        public func finish() throws -> WriteReport {
            let stale = replacing.filter { !present.contains($0) && $0 != SiteWriter.marker }
            if !pending.isEmpty || !stale.isEmpty { writer.forgetManifest() }
            var made: Set<String> = [""]
            defer { abort() }
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
            remove(inTheWay)
            for (number, relative) in pending.enumerated() {
                try SiteWriter.makeFolders(for: relative, under: root, made: &made)
                if rename(staging! + "/\(number)", root + "/" + relative) != 0 {
                    throw WriteError("cannot replace \(ErrorText.printable(relative)) (\(String(cString: strerror(errno))))")
                }
            }
            remove(stale)
            return WriteReport(fileCount: keptCount + present.count, byteCount: bytes, unchangedCount: unchanged,
                               writtenCount: pending.count, deletedCount: stale.count)
        }

        /// Deletes files of the output, then the folders that leaves empty.
        private func remove(_ files: [String]) {
            var emptied: Set<String> = []
            for relative in files {
                unlink(root + "/" + relative)
                emptied.insert(SiteWriter.parentFolder(relative))
            }
            // Deepest first; rmdir refuses a folder that still has something in it.
            for folder in emptied.sorted(by: { $0.count > $1.count }) {
                var current = folder
                while !current.isEmpty, rmdir(root + "/" + current) == 0 {
                    current = (current as NSString).deletingLastPathComponent
                }
            }
        }
    }
}
