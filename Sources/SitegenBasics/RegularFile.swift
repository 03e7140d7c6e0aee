import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads state a build left for the next (cache entries, history, manifest, memo) only when it
/// is a regular file: opened without blocking, so a FIFO or device someone left in its place is
/// refused at once instead of hanging the build (Foundation's readers wait on a FIFO for ever).
/// A symbolic link in the file's place is refused too (`O_NOFOLLOW`): these folders are kept
/// in a repository or a CI cache, and a link there could hand a build any file on the machine.
public enum RegularFile {
    /// The whole file (at most `limit` bytes) and what `fstat` says of it, or nil when it is
    /// missing, unreadable, not a regular file, or shrank while being read.
    public static func read(_ path: String, limit: Int = .max) -> (data: Data, info: stat)? {
        guard let (fd, info) = openRegular(path) else { return nil }
        defer { close(fd) }
        var data = Data(count: min(Int(info.st_size), limit))
        let complete = data.withUnsafeMutableBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.read(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        return complete ? (data, info) : nil
    }

    /// The file mapped rather than read (a memo of many MB, an image to link in), once it is known
    /// to be a regular file: mapping a FIFO reads it, and waits. Mapped from the descriptor that
    /// was checked, so what is mapped is what was checked.
    public static func mapped(_ path: String) -> Data? { mappedWithInfo(path)?.data }

    /// `mapped`, with what `fstat` said of the file (its device and inode, to check a link to it).
    public static func mappedWithInfo(_ path: String) -> (data: Data, info: stat)? {
        guard let (fd, info) = openRegular(path) else { return nil }
        defer { close(fd) }
        let size = Int(info.st_size)
        guard size > 0 else { return (Data(), info) }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else { return nil }
        return (Data(bytesNoCopy: address, count: size, deallocator: .custom { munmap($0, $1) }), info)
    }

    /// Opened for reading without blocking or following a link, when it is a regular file.
    static func openRegular(_ path: String) -> (Int32, stat)? {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW
        // Without its access time: under `relatime` the first read in a day writes each file's
        // inode back, and a morning reads every one of a whole history's 50,000 cache entries
        // once a day (a tenth of its cache reading in `perf`). Only the file's owner may ask
        // so; anyone else's file is opened as before.
        var fd = open(path, flags | noAccessTime)
        if fd < 0 && errno == EPERM { fd = open(path, flags) }
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return nil
        }
        return (fd, info)
    }

    /// `O_NOATIME`, which Swift's Glibc module leaves out (it is behind `_GNU_SOURCE`): the same
    /// value on every Linux architecture Swift runs on (x86_64 and arm64 take asm-generic's).
    #if os(Linux)
    static let noAccessTime: Int32 = 0o1_000_000
    #else
    static let noAccessTime: Int32 = 0
    #endif

    /// Whether `path` is a regular file (not following a symbolic link's target into a FIFO).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
