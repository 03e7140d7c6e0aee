import Foundation
#if canImport(Glibc)
import Glibc
#endif

// One build at a time per output folder: the lock beside it, who holds it when a second build
// is refused, and what a killed build left behind cleaned up as the lock is taken. Apart from
// the writing, because `serve` holds the same lock without writing anything.
extension SiteWriter {
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
}
