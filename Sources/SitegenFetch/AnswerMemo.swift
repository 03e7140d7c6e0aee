import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import SitegenBasics
import SitegenDecode
import SitegenModel

/// The cache's answers as the last build decoded them, kept beside it (`answer-memo`), so a
/// morning reads a whole history's 44,000 KOBIS answers without decoding each again: decoding
/// was four fifths of a real site's morning (2.5 of 3.0 s).
///
/// Only a speed-up, and invisible: an answer is taken from it only when its file has the very
/// bytes (length and a 64-bit checksum of them) and the modification time the memo's value was
/// decoded from, so a refetched, edited or restored answer is decoded afresh. Content, because
/// the workflow restores the cache from a tarball each morning and every file's inode is new
/// then. Where the cache stays on one disk, a file is not even read while `stat` says it is the
/// very file the memo saw (`FileID`: inode and change time, beside size and modification time),
/// as git's index trusts a file: no edit, even with its time put back, leaves the change time as
/// it was. The file names the binary that wrote it (a new
/// sitegen may decode differently); a file that is another binary's, damaged (a checksum covers
/// it), cut short or unreadable is ignored, and one that cannot be written is simply not kept. It
/// holds the answers builds from this cache read, so it never grows past the cache's own.
public final class AnswerMemo: @unchecked Sendable {
    let file: URL
    let identity: String
    private let lock = NSLock()
    /// Loaded on the first answer asked for, not when the client is made: a build with nothing
    /// cached (or one that only writes) never reads it.
    private var known: [String: Kept]?
    private var used: [String: Kept] = [:]
    private var decoded = 0
    /// Entries this build added (decoded, or remembered as fetched): what decides a rewrite.
    private var added = 0
    /// Answers found by their bytes whose entry has no `FileID` yet (fetched by the build that
    /// wrote the memo): written with it when as many as a rewrite needs, so a new site's cache
    /// is read by `stat` from its second morning on, not after its memo's first rewrite.
    private var unrecorded: [String: FileID] = [:]
    private let unread = Atomic<Int>(0)
    /// Whether the loaded memo's `FileID`s are this cache folder's: it was written beside the
    /// very folder (disk and inode) it is read from now. A cache restored from a tarball (the
    /// workflow's, every morning) is a new folder of new files: none would match, so none is
    /// looked up with `stat`, and none counts as unrecorded.
    private var placed = false
    /// When this build began, less `settled`: a file changed since is not given a `FileID`, as
    /// git's index treats a file as new as itself ("racy"): an edit within the same tick of the
    /// file system's clock as the change time `stat` gave would leave it as it was.
    private let settledBefore: Int64

    static let header = "sitegen-answer-memo 2"
    public static let fileName = "answer-memo"

    /// The answer's file as it was when its value was decoded.
    struct Stamp: Equatable {
        let size: Int
        let modified: Double
        let fingerprint: UInt64

        init(size: Int, modified: Double, fingerprint: UInt64) {
            self.size = size; self.modified = modified; self.fingerprint = fingerprint
        }

        init?(_ response: SourceResponse) {
            guard let fetchedAt = response.fetchedAt else { return nil }
            size = response.body.count
            modified = fetchedAt.timeIntervalSinceReferenceDate
            // Four lanes at a time: the `Fingerprint` a word at a time was a twentieth of a morning.
            fingerprint = response.body.withUnsafeBytes { MemoChecksum.of($0, tag: "answer") }
        }
    }

    /// Which file on which disk an answer was read from, and its last change (of bytes, time,
    /// name or owner: `st_ctime`, which nothing but the system's clock can set back).
    struct FileID: Equatable {
        let device: UInt64
        let inode: UInt64
        /// Nanoseconds since 1970.
        let changed: Int64
    }

    struct Kept {
        let stamp: Stamp
        let value: Decoded
        /// The file the value was read from, when it had settled (`settledBefore`).
        var file: FileID?
    }

    /// `settled`: how long before this build a file must have last changed to be known by `stat`
    /// alone (a test passes 0; two seconds is many ticks of any file system's clock).
    public init(folder: URL, identity: String, settled: TimeInterval = 2) {
        file = folder.appendingPathComponent(Self.fileName)
        self.identity = identity
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        settledBefore = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) - Int64(settled * 1e9)
    }

    /// How many answers this build decoded rather than took from the memo (for tests).
    var decodedCount: Int { lock.withLock { decoded } }
    /// How many it took by `stat` alone, without reading their files (for tests).
    var unreadCount: Int { unread.load(ordering: .relaxed) }

    /// The file's `FileID` when it had settled before this build began, else nil.
    func settledID(_ info: stat) -> FileID? {
        let id = FileID(info)
        return id.changed < settledBefore ? id : nil
    }

    /// The kept answer for the entry at `path` when `stat` says its file is the very one the memo
    /// read (same disk, inode, change time, size and modification time), without reading it:
    /// nil whenever anything differs, and its bytes decide. Its value, and when it was fetched.
    /// No `stat` for an entry with no place known (or none of this folder's): its file is read.
    func unchanged(key: String, path: String) -> (value: Decoded, fetchedAt: Date)? {
        let kept: Kept? = lock.withLock {
            if known == nil { load() }
            // This build's own entries are this folder's whatever the memo's file says.
            if let own = used[key] { return own }
            return placed ? known?[key] : nil
        }
        guard let kept, let place = kept.file else { return nil }
        var info = stat()
        guard fstatat(AT_FDCWD, path, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            FileID(info) == place, Int(info.st_size) == kept.stamp.size
        else { return nil }
        let fetchedAt = ResponseCache.fetchedAt(info)
        guard fetchedAt.timeIntervalSinceReferenceDate == kept.stamp.modified else { return nil }
        unread.add(1, ordering: .relaxed)
        return (kept.value, fetchedAt)
    }

    /// The answer in `response`, from the memo when it holds this very file, else decoded.
    /// `file` is what `fstat` said of the file read, when it was one.
    func answer(_ response: SourceResponse, for request: SourceRequest, key: String, file: stat? = nil) throws
        -> APIAnswer
    {
        guard Self.keeps(request), let stamp = Stamp(response) else {
            return try APIAnswer(decoding: response, for: request)
        }
        let id = file.flatMap(settledID)
        let remembered: Kept? = lock.withLock {
            if known == nil { load() }
            // This build's own first (`sitegen fetch` reads the cache again after fetching). One
            // found is not copied into this build's: `save` keeps the two together anyway, and a
            // copy of each of 44,000 answers, under the lock, was a fiftieth of a real morning.
            guard let kept = used[key] ?? known?[key], kept.stamp == stamp else { return nil }
            if kept.file == nil, placed, let id { unrecorded[key] = id }
            return kept
        }
        if let remembered { return APIAnswer(response: response, value: remembered.value) }
        let answer = try APIAnswer(decoding: response, for: request)
        lock.withLock {
            used[key] = Kept(stamp: stamp, value: answer.value, file: id)
            decoded += 1
            added += 1
        }
        return answer
    }

    /// A fetched answer, already decoded, as its cache file holds it now (its time the file's,
    /// `APIAnswer.asWritten`): the next build takes its value from the memo without decoding it
    /// again, and this one never did twice.
    func remember(_ answer: APIAnswer, for request: SourceRequest, key: String) {
        guard Self.keeps(request), let stamp = Stamp(answer.response) else { return }
        lock.withLock {
            // No `FileID`: just written, it has not settled (`settledBefore`).
            used[key] = Kept(stamp: stamp, value: answer.value)
            added += 1
        }
    }

    /// The kinds worth keeping: the charts and films a history is made of. The film list (read
    /// again each morning), the region codes (one answer) and poster bytes are not.
    static func keeps(_ request: SourceRequest) -> Bool {
        switch request {
        case .dailyChart, .periodChart, .movieInfo, .posterSearch: true
        case .regionCodes, .movieList, .posterImage: false
        }
    }

    /// Writes the memo when more than one answer in fifty had to be decoded: a morning decodes
    /// only the new day's few, and decoding those again costs less than writing the memo every
    /// day, so it is rewritten every month or two of mornings (and whenever it was missing,
    /// damaged or another binary's). It keeps what it held beside what this build read, so a short
    /// preview from the same cache does not cost the whole site's next build its memo; an entry
    /// whose file changed is replaced (same name), and one whose file is gone is never matched.
    /// Written as the cache writes, whole or not at all; never where something else than a file
    /// (a folder, a FIFO) has its name. Written before the build goes on: on another thread it
    /// measured within noise (docs/performance.md), and it needed every command to wait for it.
    /// The same holds for answers found by their bytes that had no `FileID`: the first morning
    /// of a cache its build filled writes the memo once more, with them.
    public func save() {
        let kept: [String: Kept]? = lock.withLock {
            // The answers this build read that the file did not hold are at most `added`: when
            // even with all of them one in fifty is not new, the two are not merged to count them
            // (a copy of 44,000 entries every morning, for nothing).
            let held = known?.count ?? 0
            guard added > 0 && added * 50 > held || unrecorded.count * 50 > held else { return nil }
            var base = known ?? [:]
            // Places another folder's files had (a restored or copied cache) are not carried into
            // this folder's memo: without them, the mornings after find those answers unrecorded,
            // and a cache that stays here from now on is known by `stat` again.
            if !placed { for key in base.keys { base[key]?.file = nil } }
            var all = base.merging(used) { _, new in new }
            guard added * 50 > all.count || unrecorded.count * 50 > all.count else { return nil }
            for (key, id) in unrecorded where all[key]?.file == nil { all[key]?.file = id }
            return all
        }
        guard let kept else { return }
        write(kept)
    }

    /// Lets what the memo holds go, on another thread, once a build will read no more answers (a
    /// whole history's 44,000, freed one by one as the command ended, were a twentieth of a
    /// morning). An answer asked for after it reads the memo's file again. `sitegen fetch` does
    /// not call it: it reads the cache once more after fetching, to say what is still to fetch.
    public func letGo() {
        let held: ([String: Kept]?, [String: Kept]) = lock.withLock {
            defer { (known, used, added, unrecorded, placed) = (nil, [:], 0, [:], false) }
            return (known, used)
        }
        FreeLater.inBackground(held)
    }

    private func write(_ kept: [String: Kept]) {
        let folder = file.deletingLastPathComponent()
        var info = stat()
        guard lstat(file.path, &info) != 0 || (info.st_mode & S_IFMT) == S_IFREG,
            FileManager.default.isWritableFile(atPath: folder.path), let place = Self.place(of: folder)
        else { return }
        try? StoreTemporaries(store: folder).write(Self.encode(kept, identity: identity, folder: place), to: file)
    }

    /// Under the lock: the memo's entries, and whether their places are this folder's.
    private func load() {
        let read = RegularFile.mapped(file.path).flatMap { Self.decode($0, identity: identity) }
        known = read?.kept ?? [:]
        placed = read.map { $0.folder == Self.place(of: file.deletingLastPathComponent()) } ?? false
    }

    /// The cache folder's disk and inode, which a memo's places belong to.
    static func place(of folder: URL) -> Folder? {
        var info = stat()
        guard lstat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return Folder(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    struct Folder: Equatable {
        let device: UInt64
        let inode: UInt64
    }
}

extension AnswerMemo.FileID {
    /// The file as `stat` (or `fstat`) found it.
    init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
                  changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
    }
}
