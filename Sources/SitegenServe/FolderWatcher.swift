import Foundation

/// Notices changes under some folders, or to single files, by comparing snapshots (path, size,
/// modification time).
/// Polling is portable and cheap for folders of templates and notes.
public struct FolderWatcher: Sendable {
    public let folders: [URL]

    public init(folders: [URL]) { self.folders = folders.map { $0.standardizedFileURL } }

    public struct Snapshot: Equatable, Sendable {
        var entries: [String: [Double]] = [:]
    }

    public func snapshot() -> Snapshot {
        var snapshot = Snapshot()
        let fm = FileManager.default
        for folder in folders {
            var isFolder: ObjCBool = false
            let exists = fm.fileExists(atPath: folder.path, isDirectory: &isFolder)
            snapshot.entries[folder.path] = [exists ? 1 : 0]
            // A single file (the site file) is watched by its own time and size.
            if exists, !isFolder.boolValue {
                let values = try? folder.resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey])
                snapshot.entries[folder.path] = [
                    1, values?.contentModificationDate?.timeIntervalSince1970 ?? 0, Double(values?.fileSize ?? -1)
                ]
                continue
            }
            guard
                let walker = fm.enumerator(
                    at: folder, includingPropertiesForKeys: [.contentModificationDateKey, .fileSizeKey])
            else { continue }
            for case let url as URL in walker {
                let values = try? url.resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey])
                snapshot.entries[url.path] = [
                    values?.contentModificationDate?.timeIntervalSince1970 ?? 0, Double(values?.fileSize ?? -1)
                ]
            }
        }
        return snapshot
    }

    /// Calls `changed` after each settled change (editors write in bursts), until cancelled.
    public func watch(every interval: Double = 0.25, _ changed: @escaping @Sendable () async -> Void) async {
        var last = snapshot()
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
            var now = snapshot()
            guard now != last else { continue }
            // Let a burst of writes settle before rebuilding.
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 120_000_000)
                let again = snapshot()
                if again == now { break }
                now = again
            }
            last = now
            await changed()
        }
    }
}
