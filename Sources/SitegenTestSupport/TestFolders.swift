import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Temporary folders for tests, all under one folder of this test process
/// (`<tmp>/sitegen-tests-<pid>/`), removed when the process exits. A test run makes thousands
/// of sites; left behind one by one they once filled 50 GB of a developer's `/tmp`. A run that
/// died (killed, crashed) leaves its folder, which the next run removes once its process is gone.
public enum TestFolders {
    /// A new empty folder, named `prefix-<uuid>`.
    public static func make(_ prefix: String = "sitegen-test") throws -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path under this run's folder that does not exist yet (for code that makes it itself).
    public static func path(_ prefix: String) -> URL {
        root.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    }

    private static let root: URL = {
        let temporary = FileManager.default.temporaryDirectory
        sweep(temporary)
        let url = temporary.appendingPathComponent("sitegen-tests-\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestFolders.root) }
        return url
    }()

    /// Removes the folders of earlier runs whose process has ended.
    private static func sweep(_ temporary: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix("sitegen-tests-") {
            guard let pid = pid_t(name.dropFirst("sitegen-tests-".count)), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }
}
