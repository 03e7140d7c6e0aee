import Foundation

enum Fixture {
    static func data(_ name: String) throws -> Data {
        let url = try requireURL(name)
        return try Data(contentsOf: url)
    }

    private static func requireURL(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        return url
    }
}

/// `../shared/reference/kobis` beside the checkout, when this machine has it.
enum Reference {
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/reference/kobis")
    static var present: Bool { FileManager.default.fileExists(atPath: folder.path) }
    /// Skipped on a machine without it, but run (and failed) in CI, which always has it: a CI
    /// that lost it must not pass by skipping.
    static var available: Bool { present || ProcessInfo.processInfo.environment["CI"] != nil }
    static func files(prefix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
