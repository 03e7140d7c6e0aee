// In the model, not in Decode: the fetch, the demo, the poster copies and the build all say
// warnings in this one shape, and only the first of them decodes KOBIS's answers.

/// A row or field rejected while mapping, named by day and row so the user can find it.
public struct DataWarning: Sendable, Equatable, CustomStringConvertible {
    public let context: String
    public let message: String
    public init(context: String, message: String) { self.context = context; self.message = message }
    public var description: String { "\(context): \(message)" }
}
