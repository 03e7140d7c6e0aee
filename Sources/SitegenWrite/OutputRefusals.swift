import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

// The outputs a build refuses before it makes anything: names the system would refuse, a folder
// that is not sitegen's, the folder the shell stands in, one that could not be swapped away.
// Apart from the writing itself, so that every refusal (each a clear line saying what to do) is
// read in one place.
extension SiteWriter {
    /// Names the system would refuse, said in our words before anything is created.
    func checkName() throws {
        for part in output.pathComponents where part.utf8.count > 255 {
            throw WriteError(
                "\(ErrorText.printable(output.path)): the name '\(ErrorText.printable(String(part.prefix(40))))…' is "
                    + "\(part.utf8.count) bytes long; names can be at most 255; pick a shorter --output"
            )
        }
        if output.path.utf8.count > 3800 {
            let shown = ErrorText.printable(String(output.path.prefix(60)))
            throw WriteError("\(shown)…: the path is too long; pick a shorter --output")
        }
    }

    /// An existing output must be empty or carry the marker: `--output ~` must never be replaced.
    func checkReplaceable() throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: output.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw WriteError("\(output.path) exists and is not a folder; pick another --output")
        }
        let contents = (try? fm.contentsOfDirectory(atPath: output.path)) ?? []
        if !contents.isEmpty && !contents.contains(Self.marker) {
            throw WriteError(
                "\(output.path) is not empty and was not written by sitegen (no \(Self.marker) file); pick another "
                    + "--output or empty it"
            )
        }
    }

    /// The current folder (or one holding it) swapped for a new one would leave the shell that
    /// runs sitegen in a deleted folder (`--output .`): refused, whether this build is whole or not,
    /// so the answer does not change with the day.
    func checkOutsideWorkingFolder() throws {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
        if here == output.path || here.hasPrefix(output.path == "/" ? "/" : output.path + "/") {
            throw WriteError(
                "--output \(ErrorText.printable(output.path)) is the current folder or holds it; a build replaces that "
                    + "folder whole, which would leave this shell in a deleted one; run sitegen from outside it")
        }
    }

    /// A whole build swaps the output folder for a new one and removes the old: refused, before
    /// anything is made, when the old one could not be removed (a read-only folder, left beside
    /// the site for good) or when another file system is mounted inside it (it would leave the
    /// site with the old folder).
    func checkSwappable() throws {
        guard FileManager.default.fileExists(atPath: output.path) else { return }
        let where_ = ErrorText.printable(output.path)
        if access(output.path, W_OK) != 0 {
            throw WriteError(
                "\(where_) is read-only (\(String(cString: strerror(errno)))); a build replaces it whole, so make it "
                    + "writable (chmod u+w) or pick another --output")
        }
        if let mount = Self.mountPoints().first(where: { $0.hasPrefix(output.path + "/") }) {
            throw WriteError(
                "\(ErrorText.printable(mount)) is another file system mounted inside \(where_); a whole build replaces "
                    + "the folder, so unmount it or pick another --output")
        }
    }

    /// The mount points the kernel lists for this process (`/proc/self/mountinfo`'s fifth field,
    /// its octal escapes undone); none where there is no such file.
    static func mountPoints() -> [String] {
        // Foundation reads to the end: a /proc file says its size is 0.
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: "/proc/self/mountinfo")) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 4 else { return nil }
            var bytes: [UInt8] = []
            var rest = Array(fields[4].utf8)[...]
            while let byte = rest.first {
                if byte == UInt8(ascii: "\\"), rest.count >= 4,
                    let code = UInt8(String(decoding: rest.dropFirst().prefix(3), as: UTF8.self), radix: 8)
                {
                    bytes.append(code)
                    rest = rest.dropFirst(4)
                } else {
                    bytes.append(byte)
                    rest = rest.dropFirst()
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
