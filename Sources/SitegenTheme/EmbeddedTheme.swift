import Foundation

/// The stock theme, built into the binary from the repository's `Templates/` and `Public/` (see
/// Plugins/EmbedThemePlugin), so `sitegen build` works in any folder and a site overrides only
/// the files it wants to change.
public enum EmbeddedTheme {
    enum Stored: Sendable {
        case text(String)
        case base64(String)
    }

    /// Every embedded file under `folder` ("Templates" or "Public"), by path inside it, sorted.
    public static func files(in folder: String) -> [(path: String, contents: Data)] {
        let prefix = folder + "/"
        return stored.compactMap { entry in
            guard entry.path.hasPrefix(prefix) else { return nil }
            let data: Data
            switch entry.contents {
            case .text(let text): data = Data(text.utf8)
            case .base64(let encoded): data = Data(base64Encoded: encoded) ?? Data()
            }
            return (String(entry.path.dropFirst(prefix.count)), data)
        }
    }
}
