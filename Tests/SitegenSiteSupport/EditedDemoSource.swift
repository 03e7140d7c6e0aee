import Foundation
import SitegenDemo
import SitegenFetch
import SitegenModel
import SitegenTestSupport

/// The demo world with some answers edited, as KOBIS revises a day or a film's details.
public struct EditedDemoSource: FakeSource {
    let base = DemoAPI()
    let edit: @Sendable (SourceRequest, String) -> String
    public init(edit: @escaping @Sendable (SourceRequest, String) -> String) { self.edit = edit }
    public var kind: DataSourceKind { .demo }
    /// Searched (the demo finds nothing), so an edit can have image search find a poster.
    public var searchesPosters: Bool { true }
    public func respond(_ request: SourceRequest) async throws -> SourceResponse {
        var response = try base.response(request)
        response.body = Data(edit(request, String(decoding: response.body, as: UTF8.self)).utf8)
        return response
    }
}
