import Foundation
import SitegenBasics
import SitegenDecode
import SitegenModel

/// The memo's file: a header line, the identity line, the films the chart rows name, then each
/// answer by its cache entry's name (sorted, so the same answers make the same file), and a
/// checksum of all of it.
extension AnswerMemo {
    private enum Kind: UInt8 { case day = 0, period = 1, movie = 2, poster = 3 }

    static func encode(_ kept: [String: Kept], identity: String, folder: Folder) -> Data {
        var body = MemoWriter(capacity: 16 << 20)
        defer { body.free() }
        // The folder the entries' places are in: a memo read beside another looks up none by them.
        body.int64(Int64(bitPattern: folder.device)); body.int64(Int64(bitPattern: folder.inode))
        let entries = kept.compactMap { key, entry in kind(of: entry.value).map { (key, entry, $0) } }
            .sorted { $0.0 < $1.0 }
        body.int(entries.count)
        for (key, entry, kind) in entries {
            body.string(key)
            body.int(entry.stamp.size); body.double(entry.stamp.modified)
            body.int64(Int64(bitPattern: entry.stamp.fingerprint))
            // The file as `stat` knew it, or three zeros (no file's change time is 0).
            body.int64(Int64(bitPattern: entry.file?.device ?? 0))
            body.int64(Int64(bitPattern: entry.file?.inode ?? 0))
            body.int64(entry.file?.changed ?? 0)
            body.byte(kind.rawValue)
            switch entry.value {
            case .day(let chart, let notes): body.dayChart(chart); warnings(notes, into: &body)
            case .period(let chart, let notes): body.periodChart(chart); warnings(notes, into: &body)
            case .movie(let movie):
                if let movie { body.flag(true); body.movie(movie) } else { body.flag(false) }
            case .poster(let poster):
                if let poster {
                    body.flag(true); body.string(poster.url); body.int(poster.width); body.int(poster.height)
                } else {
                    body.flag(false)
                }
            case .regions, .filmList, .image: break
            }
        }
        return MemoWriter.file(header: header, identity: identity, body: body, tag: fileName)
    }

    private static func kind(of value: Decoded) -> Kind? {
        switch value {
        case .day: .day
        case .period: .period
        case .movie: .movie
        case .poster: .poster
        case .regions, .filmList, .image: nil
        }
    }

    private static func warnings(_ notes: [DataWarning], into body: inout MemoWriter) {
        body.int(notes.count)
        for note in notes { body.string(note.context); body.string(note.message) }
    }

    /// nil for anything but a whole file this binary wrote.
    static func decode(_ data: Data, identity: String) -> (kept: [String: Kept], folder: Folder)? {
        MemoReader.file(data, header: header, identity: identity, tag: fileName) { r -> ([String: Kept], Folder)? in
            guard let device = r.int64(), let inode = r.int64(), let count = r.count() else { return nil }
            let folder = Folder(device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode))
            var kept: [String: Kept] = [:]
            kept.reserveCapacity(r.room(count, each: 58))
            for _ in 0..<count {
                guard let key = r.string(), let size = r.int(), let modified = r.double(), let print = r.int64(),
                    let device = r.int64(), let inode = r.int64(), let changed = r.int64(),
                    let kind = r.byte().flatMap(Kind.init(rawValue:)), let value = Self.value(kind, from: &r)
                else { return nil }
                let stamp = Stamp(size: size, modified: modified, fingerprint: UInt64(bitPattern: print))
                let file = changed == 0 ? nil : FileID(
                    device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode), changed: changed)
                kept[key] = Kept(stamp: stamp, value: value, file: file)
            }
            return (kept, folder)
        }
    }

    private static func value(_ kind: Kind, from r: inout MemoReader) -> Decoded? {
        switch kind {
        case .day:
            guard let chart = r.dayChart(), let notes = warnings(from: &r) else { return nil }
            return .day(chart, notes)
        case .period:
            guard let kind = r.string().flatMap(PeriodKind.init(rawValue:)), let chart = r.periodChart(kind: kind),
                let notes = warnings(from: &r)
            else { return nil }
            return .period(chart, notes)
        case .movie: return r.optional { $0.movie() }.map { .movie($0) }
        case .poster:
            return r.optional { r -> Poster? in
                guard let url = r.string(), let width = r.int(), let height = r.int() else { return nil }
                return Poster(url: url, width: width, height: height)
            }.map { .poster($0) }
        }
    }

    private static func warnings(from r: inout MemoReader) -> [DataWarning]? {
        guard let n = r.count() else { return nil }
        var notes: [DataWarning] = []
        for _ in 0..<n {
            guard let context = r.string(), let message = r.string() else { return nil }
            notes.append(DataWarning(context: context, message: message))
        }
        return notes
    }
}
