import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

/// What the last build wrote: each page's key (a fingerprint of what it is made from) and its
/// files. A rebuild renders only pages whose key changed and deletes files no page writes any
/// more. It lives beside the output (`.NAME.sitegen-manifest`, like the lock), not in it, so a
/// host never publishes it, and it names the output folder it describes (device and inode), so a
/// folder replaced by hand is never trusted. Text, one record per line, tab-separated.
public struct BuildManifest: Sendable, Equatable {
    public struct Page: Sendable, Equatable {
        public var id: String
        public var key: UInt64?
        public var files: [String]
        /// Each file's `FileStamp` as the build left it, in the order of `files`; 0 when unknown.
        public var stamps: [UInt64]
        public init(id: String, key: UInt64?, files: [String], stamps: [UInt64]? = nil) {
            self.id = id; self.key = key; self.files = files
            self.stamps = stamps ?? [UInt64](repeating: 0, count: files.count)
        }
    }

    /// A folder of the output and its `FileStamp.folder`: a folder whose stamp still matches has
    /// had nothing added, removed or renamed in it since, so only the others are listed.
    public struct Folder: Sendable, Equatable {
        public var path: String
        public var stamp: UInt64
        public init(path: String, stamp: UInt64) { self.path = path; self.stamp = stamp }
    }

    static let header = "sitegen-manifest 2"
    /// The sitegen binary that wrote the pages: another one may render them differently.
    public var builder: String
    /// The output folder the pages are in, as `device:inode`.
    public var folder: String
    public var pages: [Page]
    /// A fingerprint of all the build's inputs, when they are all known before fetching (the
    /// demo source): equal inputs mean an equal site, so a rebuild can stop before fetching.
    public var inputs: UInt64?
    /// What the build said: its summary's counts and its notes.
    public var counts: Counts?
    public var messages: [String] = []
    /// Every folder of the output (the top one is ""), for finding what no build wrote.
    public var folders: [Folder] = []
    /// The permission bits the build's files were created with (the umask decides them).
    public var fileMode: UInt32?

    /// The summary's counts, named: a no-op rebuild says them again without building.
    public struct Counts: Sendable, Equatable {
        public var days: Int
        public var movies: Int
        public var pages: Int
        public init(days: Int, movies: Int, pages: Int) { self.days = days; self.movies = movies; self.pages = pages }
    }

    public init(builder: String, folder: String, pages: [Page]) {
        self.builder = builder; self.folder = folder; self.pages = pages
    }

    func text() -> String? { bytes().map { String(decoding: $0, as: UTF8.self) } }

    /// Built as bytes (`ManifestBytes`); nil when a name cannot be recorded.
    func bytes() -> [UInt8]? {
        var head = ManifestBytes(capacity: 64 + folders.count * 40)
        head.text(Self.header, last: false); head.text(builder, last: false); head.text(folder, last: true)
        if let inputs { head.tag("I"); head.text(String(inputs, radix: 16), last: true) }
        if let counts {
            head.tag("S"); head.text(String(counts.days), last: false); head.text(String(counts.movies), last: false)
            head.text(String(counts.pages), last: true)
        }
        for message in messages { head.tag("M"); head.text(message, last: true) }
        if let fileMode { head.tag("A"); head.text(String(fileMode, radix: 8), last: true) }
        for folder in folders { head.tag("D"); head.hex(folder.stamp); head.text(folder.path, last: true) }
        // The pages' lines, a whole history's 6.7 MB, made on every core a slice at a time: made
        // on one, they were the serial last twentieth of a real-sized morning.
        let pages = pages, slice = 2_048
        let parts = concurrentMap((pages.count + slice - 1) / slice, chunk: 1) { c -> ManifestBytes in
            let range = c * slice..<min(pages.count, (c + 1) * slice)
            var out = ManifestBytes(capacity: range.count * 48 + 80 * pages[range].reduce(0) { $0 + $1.files.count })
            for page in pages[range] {
                out.tag("P")
                if let key = page.key { out.hex(key) } else { out.bytes += [UInt8(ascii: "-"), 0x09] }
                out.text(page.id, last: true)
                for (i, file) in page.files.enumerated() {
                    out.tag("F"); out.hex(i < page.stamps.count ? page.stamps[i] : 0); out.text(file, last: true)
                }
            }
            return out
        }
        guard head.recordable, parts.allSatisfy(\.recordable) else { return nil }
        var out = head.bytes
        out.reserveCapacity(out.count + parts.reduce(0) { $0 + $1.bytes.count })
        for part in parts { out.append(contentsOf: part.bytes) }
        return out
    }

    /// nil for anything but a manifest this version wrote whole. Read as bytes: splitting a
    /// 1 MB String into Characters cost more than the rest of a no-op rebuild.
    static func parse(_ text: String) -> BuildManifest? { parse(bytes: Array(text.utf8)) }

    static func parse(bytes: [UInt8]) -> BuildManifest? {
        let newline: UInt8 = 0x0A
        guard bytes.last == newline else { return nil }  // cut short: written by a build that died
        return bytes.withUnsafeBufferPointer { parse(lines: $0) }
    }

    /// A line at a time, each split where it needs: a ten-year manifest is 45,000 lines, and an
    /// array of lines and of fields for each cost more than the `stat` of every file it lists.
    private static func parse(lines bytes: UnsafeBufferPointer<UInt8>) -> BuildManifest? {
        typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>
        let newline: UInt8 = 0x0A, tab: UInt8 = 0x09
        var start = 0
        func nextLine() -> Bytes? {
            guard start < bytes.count, let end = bytes[start...].firstIndex(of: newline) else { return nil }
            defer { start = end + 1 }
            return bytes[start..<end]
        }
        /// Before and after the first tab.
        func cut(_ line: Bytes) -> (Bytes, Bytes)? {
            guard let t = line.firstIndex(of: tab) else { return nil }
            return (line[..<t], line[(t + 1)...])
        }
        func text(_ slice: Bytes) -> String { String(decoding: UnsafeBufferPointer(rebasing: slice), as: UTF8.self) }
        /// Sixty thousand stamps in a whole history's manifest: read from the bytes, no String each.
        func hex(_ slice: Bytes) -> UInt64? {
            guard !slice.isEmpty, slice.count <= 16 else { return nil }
            var value: UInt64 = 0
            for b in slice {
                let digit: UInt8
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
                default: return nil
                }
                value = value << 4 | UInt64(digit)
            }
            return value
        }
        func fields(_ line: Bytes, _ most: Int) -> [Bytes] {
            line.split(separator: tab, maxSplits: most - 1, omittingEmptySubsequences: false)
        }
        guard let first = nextLine() else { return nil }
        let head = fields(first, 3)
        guard head.count == 3, text(head[0]) == Self.header else { return nil }
        var manifest = BuildManifest(builder: text(head[1]), folder: text(head[2]), pages: [])
        var pages: [Page] = []
        while let line = nextLine() {
            guard line.count >= 2, line[line.startIndex + 1] == tab else { return nil }
            let rest = line.dropFirst(2)
            switch line.first {
            case UInt8(ascii: "F"):
                guard !pages.isEmpty, let (stamp, field) = cut(rest), let stamp = hex(stamp) else { return nil }
                let path = text(field)
                // Every name is one the build may remove: one reaching outside the output (a sync
                // tool's or a merge's edit) makes the whole manifest untrusted, as if damaged.
                guard SiteWriter.isInside(path) else { return nil }
                pages[pages.count - 1].files.append(path)
                pages[pages.count - 1].stamps.append(stamp)
            case UInt8(ascii: "D"):
                guard let (stamp, field) = cut(rest), let stamp = hex(stamp) else { return nil }
                let path = text(field)
                guard path.isEmpty || SiteWriter.isInside(path) else { return nil }
                manifest.folders.append(Folder(path: path, stamp: stamp))
            case UInt8(ascii: "A"):
                guard let mode = UInt32(text(rest), radix: 8) else { return nil }
                manifest.fileMode = mode
            case UInt8(ascii: "P"):
                guard let (field, id) = cut(rest) else { return nil }
                let key: UInt64?
                if field.elementsEqual([UInt8(ascii: "-")]) {
                    key = nil
                } else if let k = hex(field) {
                    key = k
                } else {
                    return nil
                }
                pages.append(Page(id: text(id), key: key, files: [], stamps: []))
            case UInt8(ascii: "I"):
                guard let inputs = hex(rest) else { return nil }
                manifest.inputs = inputs
            case UInt8(ascii: "S"):
                let counts = fields(rest, 4).compactMap { Int(text($0)) }
                guard counts.count == 3 else { return nil }
                manifest.counts = Counts(days: counts[0], movies: counts[1], pages: counts[2])
            case UInt8(ascii: "M"):
                manifest.messages.append(text(rest))
            default:
                return nil
            }
        }
        manifest.pages = pages
        return manifest
    }
}

extension SiteWriter {
    public var manifestPath: String {
        output.deletingLastPathComponent().appendingPathComponent(".\(besideName).sitegen-manifest").path
    }

    /// The output folder's identity, or nil when there is none.
    public func folderIdentity() -> String? {
        var info = stat()
        guard lstat(output.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return "\(info.st_dev):\(info.st_ino)"
    }

    /// The inputs key the last build recorded, from the manifest's first lines alone: a rebuild
    /// whose inputs differ (the next day's) goes on fetching instead of waiting for the whole
    /// manifest to be read. Only a hint: `readManifest` decides whether the manifest is trusted.
    public func recordedInputs() -> UInt64? {
        guard let head = RegularFile.read(manifestPath, limit: 512)?.data else { return nil }
        let lines = head.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count == 3, lines[1].starts(with: [UInt8(ascii: "I"), 0x09]) else { return nil }
        return UInt64(String(decoding: lines[1].dropFirst(2), as: UTF8.self), radix: 16)
    }

    /// The last build's manifest, if it describes the output folder as it is now. Whether the
    /// files are still as it lists them is `checkOutput`'s to say.
    public func readManifest(builder: String) -> BuildManifest? {
        guard let folder = folderIdentity(),
              FileManager.default.fileExists(atPath: output.appendingPathComponent(Self.marker).path),
              let data = RegularFile.read(manifestPath)?.data,
              let manifest = BuildManifest.parse(bytes: [UInt8](data)),
              manifest.builder == builder, manifest.folder == folder else { return nil }
        return manifest
    }

    /// Called before the output changes: from then until the new manifest is written, a build
    /// that dies leaves no manifest, so the next build is a whole one.
    public func forgetManifest() { unlink(manifestPath) }

    /// Written through a temporary file and a rename, so it is there whole or not at all. Says
    /// why when it cannot be written: the site is fine, but every build will be a whole one.
    @discardableResult
    public func recordManifest(_ manifest: BuildManifest) -> String? {
        guard let folder = folderIdentity() else { return nil }
        var record = manifest
        record.folder = folder
        guard let final = record.bytes() else { return nil }  // a name it cannot hold: whole next time, as intended
        let temporary = manifestPath + ".tmp-\(getpid())"
        do {
            try SiteWriter.writeFile(temporary, Data(final), relative: temporary)
            if rename(temporary, manifestPath) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                return
                    "cannot record what this build wrote in \(ErrorText.printable(manifestPath)) (\(reason)); the next "
                        + "build is a whole one"
            }
        } catch {
            unlink(temporary)
            return
                "cannot record what this build wrote in \(ErrorText.printable(manifestPath)) "
                    + "(\(ErrorText.describe(error))); the next build is a whole one"
        }
        return nil
    }
}

/// A manifest's lines as bytes, a field at a time: appending thirty thousand lines to a String
/// cost a tenth of a rebuild, and an array of fields per line half of what was left.
struct ManifestBytes {
    var bytes: [UInt8] = []
    /// False once a text holds a tab or a newline, which cannot be recorded: the next build is whole.
    var recordable = true

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func tag(_ letter: Character) { bytes.append(letter.asciiValue!); bytes.append(0x09) }

    /// Each name appended at once, not byte by byte.
    mutating func text(_ part: String, last: Bool) {
        var part = part
        part.withUTF8 { utf8 in
            if utf8.contains(where: { $0 == 0x09 || $0 == 0x0A }) { recordable = false }
            bytes.append(contentsOf: utf8)
        }
        bytes.append(last ? 0x0A : 0x09)
    }

    mutating func hex(_ value: UInt64) {
        var shift = 60
        while shift > 0 && (value >> UInt64(shift)) & 0xf == 0 { shift -= 4 }
        while shift >= 0 {
            let digit = UInt8((value >> UInt64(shift)) & 0xf)
            bytes.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
            shift -= 4
        }
        bytes.append(0x09)
    }
}
