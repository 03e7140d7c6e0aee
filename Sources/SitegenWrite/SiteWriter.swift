import CAtomicSwap
import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

public struct WriteError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "write: \(message)" }
}

public struct WriteReport: Sendable {
    public let fileCount: Int
    public let byteCount: Int
    /// Files identical to the previous build's, kept as they were (same inode, same mtime).
    public let unchangedCount: Int
    /// Files whose bytes are new, and files of the previous build that are gone.
    public let writtenCount: Int
    public let deletedCount: Int
    /// Files found deleted, edited or replaced since the last build and put back, and names no
    /// build wrote that were removed.
    public var repairedCount = 0
    /// Those names no build wrote, removed from the output (a hand-made `CNAME`, say).
    public var removedStrays: [String] = []
    /// What an in-place update added to the output's footprint (negative when it shrank), when known.
    public var footprintChange: Footprint?
    /// The whole output's footprint, when the write knows it: a staged build wrote every file in it.
    public var footprint: Footprint?
    /// What the manifest records of the output as this write left it (see `FileStamp`).
    public var stamps: [String: UInt64] = [:]
    public var folders: [BuildManifest.Folder] = []
    public var fileMode: UInt32?

    init(fileCount: Int, byteCount: Int, unchangedCount: Int, writtenCount: Int, deletedCount: Int) {
        self.fileCount = fileCount; self.byteCount = byteCount; self.unchangedCount = unchangedCount
        self.writtenCount = writtenCount; self.deletedCount = deletedCount
    }
}

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

    /// Names the system would refuse, said in our words before anything is created.
    func checkName() throws {
        for part in output.pathComponents where part.utf8.count > 255 {
            throw WriteError(
                "\(ErrorText.printable(output.path)): the name '\(ErrorText.printable(String(part.prefix(40))))…' is "
                    + "\(part.utf8.count) bytes long; names can be at most 255; pick a shorter --output"
            )
        }
        if output.path.utf8.count > 3800 {
            throw WriteError(
                "\(ErrorText.printable(String(output.path.prefix(60))))…: the path is too long; pick a shorter --output"
            )
        }
    }

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

    /// Held while a build writes `--output`: a second build into the same folder is refused.
    /// flock is released by the kernel when the process dies, even by SIGKILL.
    public final class Lock: @unchecked Sendable {
        private var fd: Int32
        let path: String
        let output: String
        /// Folders this build created to hold the output, deepest last.
        let created: [String]
        init(fd: Int32, path: String, output: String, created: [String]) {
            self.fd = fd; self.path = path; self.output = output; self.created = created
        }
        deinit { release() }
        public func release() {
            if fd >= 0 { close(fd); fd = -1 }
        }

        /// After a failed first build: nothing of it is left, neither the lock nor the folders
        /// made for it (each removed only if still empty).
        public func releaseAfterFailure() {
            release()
            guard !FileManager.default.fileExists(atPath: output) else { return }
            unlink(path)
            for folder in created.reversed() { rmdir(folder) }
        }
    }

    public var lockPath: String {
        output.deletingLastPathComponent().appendingPathComponent(".\(besideName).sitegen-lock").path
    }

    /// `command` is written into the lock beside the pid, so a second sitegen can say who holds
    /// the folder and what to do: a build ends by itself, `serve` holds it until it is stopped.
    public func lock(command: String = "build") throws -> Lock {
        try checkName()
        try checkOutsideWorkingFolder()
        // Before the lock file exists: a refused output (`/`, a folder not ours) leaves nothing beside it.
        try checkReplaceable()
        let parent = output.deletingLastPathComponent()
        var created: [String] = []
        var missing = parent
        while !FileManager.default.fileExists(atPath: missing.path) && missing.path != "/" {
            created.insert(missing.path, at: 0)
            missing = missing.deletingLastPathComponent()
        }
        try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            for folder in created.reversed() { rmdir(folder) }
            throw WriteError("cannot write in \(parent.path) (\(reason)); pick another --output")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = pread(fd, &buffer, buffer.count, 0)
            let fields =
                n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self).split(whereSeparator: \.isWhitespace) : []
            let holder = fields.first.map(String.init) ?? "?"
            close(fd)
            if fields.count > 1, fields[1] == "serve" {
                throw WriteError(
                    "sitegen serve (pid \(holder)) holds \(output.path) while it runs and rebuilds it on every change; "
                        + "stop it (Ctrl-C) first, or pick another --output"
                )
            }
            throw WriteError(
                "another sitegen (pid \(holder)) is writing \(output.path); wait for it to finish or pick another "
                    + "--output"
            )
        }
        let pid = "\(getpid()) \(command)\n"
        ftruncate(fd, 0)
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
        recoverAndClean()
        return Lock(fd: fd, path: lockPath, output: output.path, created: created)
    }

    /// What killed builds left beside the output: their staging folders are removed, and if one
    /// died between the two renames of the fallback swap, the previous site is put back.
    func recoverAndClean() {
        let fm = FileManager.default
        let parent = output.deletingLastPathComponent()
        let prefix = stagingPrefix
        let leftovers = ((try? fm.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.hasPrefix(prefix) }
            .sorted()
        if !fm.fileExists(atPath: output.path), let old = leftovers.last(where: { $0.hasSuffix("-old") }) {
            try? fm.moveItem(atPath: parent.appendingPathComponent(old).path, toPath: output.path)
        }
        for name in leftovers { Self.removeTree(parent.appendingPathComponent(name).path) }
    }

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

    /// A new staging folder beside the output, named so the next build's lock finds and removes
    /// it if this build dies.
    func makeStagingFolder() throws -> String {
        let parent = output.deletingLastPathComponent().path
        let folder = parent + "/\(stagingPrefix)\(getpid())-\(UUID().uuidString.prefix(8))"
        guard mkdir(folder, 0o755) == 0 else {
            throw WriteError("cannot write in \(parent) (\(String(cString: strerror(errno)))); pick another --output")
        }
        return folder
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

    /// A repository kept in the output (a deploy that pushes the built folder) goes into the new
    /// site with it: its history is no build's to replace. The names moved.
    static func moveVersionControl(
        _ names: [String] = SiteWriter.versionControl.sorted(), from: String, to: String
    ) -> [String] {
        names.filter { rename(from + "/" + $0, to + "/" + $0) == 0 }
    }

    /// mkdir for each folder of `relative` not made yet under `root`, parents first (plain calls:
    /// a site has thousands of folders). `made` remembers them between calls.
    static func makeFolders(for relative: String, under root: String, made: inout Set<String>) throws {
        var created: [String] = []
        try makeFolders(for: relative, under: root, made: &made, created: &created)
    }

    /// The same, adding to `created` each folder that was not there before.
    static func makeFolders(
        for relative: String, under root: String, made: inout Set<String>, created: inout [String]
    ) throws {
        var missing: [String] = []
        var folder = parentFolder(relative)
        while !made.contains(folder) {
            missing.append(folder)
            folder = parentFolder(folder)
        }
        for folder in missing.reversed() {
            if mkdir(root + "/" + folder, 0o755) == 0 { created.append(folder) } else if errno != EEXIST {
                throw WriteError("cannot create \(ErrorText.printable(folder)) (\(String(cString: strerror(errno))))")
            }
            made.insert(folder)
        }
    }

    /// An existing output must be empty or carry the marker: `--output ~` must never be replaced.
    func checkReplaceable() throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: output.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw WriteError("\(output.path) exists and is not a folder; pick another --output")
        }
        let contents = (try? fm.contentsOfDirectory(atPath: output.path)) ?? []
        if !contents.isEmpty && !contents.contains(Self.marker) {
            throw WriteError(
                "\(output.path) is not empty and was not written by sitegen (no \(Self.marker) file); pick another "
                    + "--output or empty it"
            )
        }
    }

    /// The current folder (or one holding it) swapped for a new one would leave the shell that
    /// runs sitegen in a deleted folder (`--output .`): refused, whether this build is whole or not,
    /// so the answer does not change with the day.
    func checkOutsideWorkingFolder() throws {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
        if here == output.path || here.hasPrefix(output.path == "/" ? "/" : output.path + "/") {
            throw WriteError(
                "--output \(ErrorText.printable(output.path)) is the current folder or holds it; a build replaces that "
                    + "folder whole, which would leave this shell in a deleted one; run sitegen from outside it")
        }
    }

    /// A whole build swaps the output folder for a new one and removes the old: refused, before
    /// anything is made, when the old one could not be removed (a read-only folder, left beside
    /// the site for good) or when another file system is mounted inside it (it would leave the
    /// site with the old folder).
    func checkSwappable() throws {
        guard FileManager.default.fileExists(atPath: output.path) else { return }
        let where_ = ErrorText.printable(output.path)
        if access(output.path, W_OK) != 0 {
            throw WriteError(
                "\(where_) is read-only (\(String(cString: strerror(errno)))); a build replaces it whole, so make it "
                    + "writable (chmod u+w) or pick another --output")
        }
        if let mount = Self.mountPoints().first(where: { $0.hasPrefix(output.path + "/") }) {
            throw WriteError(
                "\(ErrorText.printable(mount)) is another file system mounted inside \(where_); a whole build replaces "
                    + "the folder, so unmount it or pick another --output")
        }
    }

    /// The mount points the kernel lists for this process (`/proc/self/mountinfo`'s fifth field,
    /// its octal escapes undone); none where there is no such file.
    static func mountPoints() -> [String] {
        // Foundation reads to the end: a /proc file says its size is 0.
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: "/proc/self/mountinfo")) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 4 else { return nil }
            var bytes: [UInt8] = []
            var rest = Array(fields[4].utf8)[...]
            while let byte = rest.first {
                if byte == UInt8(ascii: "\\"), rest.count >= 4,
                    let code = UInt8(String(decoding: rest.dropFirst().prefix(3), as: UTF8.self), radix: 8)
                {
                    bytes.append(code)
                    rest = rest.dropFirst(4)
                } else {
                    bytes.append(byte)
                    rest = rest.dropFirst()
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    func swapIn(_ staging: URL) throws {
        let fm = FileManager.default
        if fm.fileExists(atPath: output.path) {
            // One syscall swaps old and new, so no instant exists without a complete site.
            let result = sitegen_exchange_paths(staging.path, output.path)
            if result == 0 {
                Self.removeTree(staging.path)
                return
            }
            guard result == ENOSYS || result == EINVAL || result == ENOTSUP else {
                throw WriteError("cannot replace \(output.path): \(String(cString: strerror(result)))")
            }
            let old = staging.deletingLastPathComponent().appendingPathComponent(staging.lastPathComponent + "-old")
            try fm.moveItem(at: output, to: old)
            do { try fm.moveItem(at: staging, to: output) }
            catch { try? fm.moveItem(at: old, to: output); throw error }
            Self.removeTree(old.path)
        } else {
            try fm.moveItem(at: staging, to: output)
        }
    }

    /// One open, write, close: Foundation's createFile writes through a temporary file, which
    /// costs more than the page itself when a site has twenty thousand of them.
    /// What `fstat` says of the file once written, for its stamp.
    @discardableResult
    static func writeFile(_ path: String, _ data: Data, relative: String) throws -> stat {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError("cannot write \(relative) (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw WriteError("cannot write \(relative) (\(String(cString: strerror(errno))))")
                }
                offset += n
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw WriteError("cannot write \(relative) (\(String(cString: strerror(errno))))")
        }
        return info
    }

    /// The stamps of these folders of the output as they are now (after the swap, so each is
    /// recorded as the site has it). A folder that is not there is left out.
    func stampFolders<S: Sequence>(_ folders: S) -> [BuildManifest.Folder] where S.Element == String {
        var out: [BuildManifest.Folder] = []
        var info = stat()
        for folder in folders
        where lstat(folder.isEmpty ? output.path : output.path + "/" + folder, &info) == 0 && FileStamp.isFolder(info) {
            out.append(BuildManifest.Folder(path: folder, stamp: FileStamp.folder(info)))
        }
        return out
    }

    /// A hard link to a regular file of `size` bytes at `from`: `link` does not follow a symbolic
    /// link, it links the link, which a copy of the site would then follow anywhere. Anything
    /// else linked in is taken out again, and the caller writes the bytes.
    static func linkRegular(_ from: String, _ target: String, size: Int, _ info: inout stat) -> Bool {
        guard link(from, target) == 0 else { return false }
        if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == size { return true }
        unlink(target)
        return false
    }

    /// Same size first (a stat), then the bytes. A symbolic link, or a file with other
    /// permissions than `mode` (when given), is never the same as what a build writes.
    static func sameContents(_ path: String, _ data: Data, mode: UInt32? = nil) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == data.count,
              mode.map({ UInt32(info.st_mode & 0o7777) == $0 }) ?? true else { return false }
        guard let existing = FileManager.default.contents(atPath: path) else { return false }
        return existing == data
    }

    /// Deletes a folder tree with plain unlinkat calls (FileManager's is slow on big trees), never
    /// following a link or crossing onto another file system (`OutputFolder.removeEntry`).
    static func removeTree(_ path: String) { OutputFolder.removeTree(path) }

    static func checkRelative(_ path: String) throws {
        guard isInside(path) else { throw WriteError("refusing to write outside the site: '\(path)'") }
    }

    /// One pass over the bytes (it runs for each of sixty thousand files): no empty, "." or ".."
    /// segment, no leading "/", no NUL.
    static func isInside(_ path: String) -> Bool {
        var segment = 0, dots = 0, safe = !path.isEmpty
        for byte in path.utf8 where safe {
            switch byte {
            case UInt8(ascii: "/"):
                safe = segment > 0 && !(dots == segment && dots <= 2)
                segment = 0; dots = 0
            case 0: safe = false
            case UInt8(ascii: "."): segment += 1; dots += 1
            default: segment += 1
            }
        }
        return safe && segment > 0 && !(dots == segment && dots <= 2)
    }

    /// "date/2024-02-10/index.html" → "date/2024-02-10"; a top-level name → "". By bytes, not
    /// through NSString, which bridged every path of a site.
    static func parentFolder(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// Regular files under `folder`, sorted, by path relative to it.
}
