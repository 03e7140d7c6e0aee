import Foundation
#if canImport(Glibc)
import Glibc
#endif

// What the writer answers with: the one error type the write stage throws (its message said on
// one line, prefixed `write:`) and the report of what a write did to the output, which the
// summary line and the next build's manifest are made from. Apart from the writer, because every
// way of writing (a staged swap, an in-place update, a repair) returns the same report.
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
