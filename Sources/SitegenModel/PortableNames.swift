/// Which names from KOBIS may become a folder of the site. The site is a folder people commit,
/// clone and sync, so a name must fit every file system it lands on: Windows cannot check out a
/// file or folder called `CON` or `lpt1.txt`, and no system takes a name over 255 bytes (a page
/// that cannot be made would fail the whole build after its fetch).
public enum PortableNames {
    /// Longer slugs fall back to the code: a readable address is short anyway.
    public static let longestSlug = 64

    /// The device names Windows reserves, in any case, with or without an extension.
    public static func isReserved(_ name: String) -> Bool {
        let stem = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let lower = stem.lowercased()
        if ["con", "prn", "aux", "nul"].contains(lower) { return true }
        guard lower.count == 4, lower.hasPrefix("com") || lower.hasPrefix("lpt"), let digit = lower.last else {
            return false
        }
        return ("1"..."9").contains(digit)
    }

    /// A name fit for a folder: short enough everywhere, and not a reserved one.
    public static func fits(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= longestSlug && !isReserved(name)
    }
}
