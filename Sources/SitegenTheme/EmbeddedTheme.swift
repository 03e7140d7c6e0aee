import Foundation

/// The stock theme, built into the binary from the repository's `Templates/` and `Public/` (see
/// Plugins/EmbedThemePlugin), so `sitegen build` works in any folder and a site overrides only
/// the files it wants to change.
public enum EmbeddedTheme {
    enum Stored: Sendable {
        case text(String)
        case base64(String)
    }

    /// One embedded file at the top (Package.swift).
    public static func file(_ name: String) -> Data? {
        stored.first { $0.path == name }.map { data($0.contents) }
    }

    static func data(_ contents: Stored) -> Data {
        switch contents {
        case .text(let text): Data(text.utf8)
        case .base64(let encoded): Data(base64Encoded: encoded) ?? Data()
        }
    }

    /// Every embedded file under `folder` ("Templates" or "Public"), by path inside it, sorted.
    public static func files(in folder: String) -> [(path: String, contents: Data)] {
        let prefix = folder + "/"
        return stored.compactMap { entry in
            guard entry.path.hasPrefix(prefix) else { return nil }
            return (String(entry.path.dropFirst(prefix.count)), data(entry.contents))
        }
    }
}
