import Foundation
import Testing
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

/// Reading what a build kept (cache entries, history, manifest, memo) writes nothing back.
@Suite struct RegularFileTests {
    /// Under `relatime` (most Linux mounts) a read whose access time is older than the file's
    /// modification writes the inode back; a morning reads 50,000 cache entries, each once a day.
    /// On a `noatime` mount this holds anyway.
    @Test func readingAKeptFileLeavesItsAccessTimeAsItWas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("regular-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("entry.json").path
        try Data("{\"boxOfficeResult\":{}}".utf8).write(to: URL(fileURLWithPath: path))
        // Accessed two days before it was modified: any read under relatime would move it.
        let now = time(nil)
        var times = [timespec(tv_sec: now - 2 * 86_400, tv_nsec: 0), timespec(tv_sec: now, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)

        let read = try #require(RegularFile.read(path))
        #expect(read.data == Data("{\"boxOfficeResult\":{}}".utf8))
        let mapped = try #require(RegularFile.mapped(path))
        #expect(mapped == read.data)

        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_atim.tv_sec == now - 2 * 86_400)
        #expect(info.st_mtim.tv_sec == now)
    }
}
