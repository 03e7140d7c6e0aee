import Foundation
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
        public init(id: String, key: UInt64?, files: [String]) { self.id = id; self.key = key; self.files = files }
    }

    static let header = "sitegen-manifest 1"
    /// The sitegen binary that wrote the pages: another one may render them differently.
    public var builder: String
    /// The output folder the pages are in, as `device:inode`.
    public var folder: String
    public var pages: [Page]
    /// A fingerprint of all the build's inputs, when they are all known before fetching (the
    /// demo source): equal inputs mean an equal site, so a rebuild can stop before fetching.
    public var inputs: UInt64?
    /// What the build said: its summary's counts (days, movies, pages) and its notes.
    public var counts: [Int] = []
    public var messages: [String] = []

    public init(builder: String, folder: String, pages: [Page]) {
        self.builder = builder; self.folder = folder; self.pages = pages
    }

    func text() -> String? {
        var out = "\(Self.header)\t\(builder)\t\(folder)\n"
        if let inputs { out += "I\t\(String(inputs, radix: 16))\n" }
        if !counts.isEmpty { out += "S\t" + counts.map(String.init).joined(separator: "\t") + "\n" }
        for message in messages {
            guard !message.contains("\n") else { return nil }
            out += "M\t\(message)\n"
        }
        for page in pages {
            // A name with a tab or newline cannot be recorded; without a manifest the next build is whole.
            guard !page.id.contains(where: { $0 == "\t" || $0 == "\n" }) else { return nil }
            out += "P\t\(page.key.map { String($0, radix: 16) } ?? "-")\t\(page.id)\n"
            for file in page.files {
                guard !file.contains(where: { $0 == "\t" || $0 == "\n" }) else { return nil }
                out += "F\t\(file)\n"
            }
        }
        return out
    }

    /// nil for anything but a manifest this version wrote whole.
    static func parse(_ text: String) -> BuildManifest? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "" else { return nil }  // cut short: written by a build that died
        lines.removeLast()
        guard let first = lines.first else { return nil }
        let head = first.split(separator: "\t", omittingEmptySubsequences: false)
        guard head.count == 3, head[0] == Self.header else { return nil }
        var manifest = BuildManifest(builder: String(head[1]), folder: String(head[2]), pages: [])
        var pages: [Page] = []
        for line in lines.dropFirst() {
            if line.hasPrefix("I\t") {
                guard let inputs = UInt64(line.dropFirst(2), radix: 16) else { return nil }
                manifest.inputs = inputs
            } else if line.hasPrefix("S\t") {
                let counts = line.dropFirst(2).split(separator: "\t").compactMap { Int($0) }
                guard counts.count == 3 else { return nil }
                manifest.counts = counts
            } else if line.hasPrefix("M\t") {
                manifest.messages.append(String(line.dropFirst(2)))
            } else if line.hasPrefix("F\t") {
                guard !pages.isEmpty else { return nil }
                pages[pages.count - 1].files.append(String(line.dropFirst(2)))
            } else if line.hasPrefix("P\t") {
                let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
                guard parts.count == 3 else { return nil }
                let key: UInt64?
                if parts[1] == "-" { key = nil } else if let k = UInt64(parts[1], radix: 16) { key = k } else { return nil }
                pages.append(Page(id: String(parts[2]), key: key, files: []))
            } else {
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

    /// The last build's manifest, if it describes the output folder as it is now.
    public func readManifest(builder: String) -> BuildManifest? {
        guard let folder = folderIdentity(),
              FileManager.default.fileExists(atPath: output.appendingPathComponent(Self.marker).path),
              let data = FileManager.default.contents(atPath: manifestPath),
              let manifest = BuildManifest.parse(String(decoding: data, as: UTF8.self)),
              manifest.builder == builder, manifest.folder == folder else { return nil }
        return manifest
    }

    /// Called before the output changes: from then until the new manifest is written, a build
    /// that dies leaves no manifest, so the next build is a whole one.
    public func forgetManifest() { unlink(manifestPath) }

    /// Written through a temporary file and a rename, so it is there whole or not at all.
    public func recordManifest(_ manifest: BuildManifest) {
        guard let folder = folderIdentity() else { return }
        var record = manifest
        record.folder = folder
        guard let final = record.text() else { return }
        let temporary = manifestPath + ".tmp-\(getpid())"
        do {
            try SiteWriter.writeFile(temporary, Data(final.utf8), relative: temporary)
            if rename(temporary, manifestPath) != 0 { unlink(temporary) }
        } catch {
            unlink(temporary)
        }
    }
}
