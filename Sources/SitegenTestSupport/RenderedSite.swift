import SitegenRender

/// A whole site rendered into memory, for tests that look at its files without writing them.
public struct RenderedSite: Sendable {
    /// Sorted by path.
    public let files: [OutputFile]
    public let pageCount: Int
    public let messages: [String]

    public init(_ input: RenderInput) throws {
        var files: [OutputFile] = []
        let summary = try SiteRenderer.render(input) { files.append($0) }
        self.files = files.sorted { $0.path < $1.path }
        pageCount = summary.pageCount
        messages = summary.messages
    }
}
