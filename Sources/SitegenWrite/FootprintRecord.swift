import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

/// The footprint the last measuring build found, kept beside the output with the manifest's
/// stamp and the output folder's. A build that wrote, deleted and repaired nothing leaves the
/// output as that build left it (its check found every file and folder of the manifest as
/// recorded), so it says that footprint again instead of walking 40,000 files and 30,000 folders:
/// the walk was most of a no-op's 0.45 s. An in-place update adds what it changed to the record
/// it found. Only a file no build wrote, edited in place, goes unseen until the next whole build.
public enum FootprintRecord {
    static func path(_ writer: SiteWriter) -> String { writer.manifestPath + "-footprint" }

    /// The manifest's and the output folder's stamps: both change whenever a build writes.
    static func stamps(_ writer: SiteWriter) -> (UInt64, UInt64)? {
        var manifest = stat(), folder = stat()
        guard lstat(writer.manifestPath, &manifest) == 0, lstat(writer.output.path, &folder) == 0 else { return nil }
        return (FileStamp.file(manifest), FileStamp.folder(folder))
    }

    /// The recorded footprint, when it still describes the output: read before a build writes.
    public static func recorded(_ writer: SiteWriter) -> Footprint? {
        guard let stamps = Self.stamps(writer), let text = RegularFile.read(path(writer), limit: 256)?.data else {
            return nil
        }
        return parse(String(decoding: text, as: UTF8.self), stamps: stamps)
    }

    /// The output's footprint: the recorded one when `unchanged` and the stamps still match; the
    /// one recorded `before` an in-place update plus what it `change`d (the morning's 150 files
    /// instead of a walk over 40,000: a third of the morning); what a staged build `written` added
    /// up; else measured. Recorded for the next run either way.
    public static func footprint(
        _ writer: SiteWriter, unchanged: Bool, before: Footprint? = nil, change: Footprint? = nil,
        written: Footprint? = nil
    ) -> Footprint {
        if unchanged, let recorded = recorded(writer) { return recorded }
        let stamps = Self.stamps(writer)
        let footprint =
            if let written { written }
            else if let before, let change { before + change }
            else { Footprint.measure(writer.output) }
        if let stamps {
            let line = ["1", "\(stamps.0)", "\(stamps.1)", "\(footprint.bytes)", "\(footprint.files)",
                        "\(footprint.cardBytes)", "\(footprint.cardFiles)"].joined(separator: " ") + "\n"
            // Written in place, not through a temporary a killed build could leave beside the output:
            // a torn record does not parse, and the next build measures.
            try? Data(line.utf8).write(to: URL(fileURLWithPath: path(writer)))
        }
        return footprint
    }

    static func parse(_ text: String, stamps: (UInt64, UInt64)) -> Footprint? {
        let fields = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard fields.count == 7, fields[0] == "1", UInt64(fields[1]) == stamps.0, UInt64(fields[2]) == stamps.1,
            let bytes = Int64(fields[3]), let files = Int(fields[4]), let cardBytes = Int64(fields[5]),
            let cardFiles = Int(fields[6])
        else { return nil }
        var footprint = Footprint(bytes: bytes, files: files)
        (footprint.cardBytes, footprint.cardFiles) = (cardBytes, cardFiles)
        return footprint
    }
}
