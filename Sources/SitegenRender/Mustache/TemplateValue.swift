/// What templates render: built by the page builders, looked up by name without dynamic casts.
/// Not `indirect` as a whole: text, the most common value, stays inline instead of in a heap box
/// (arrays and dictionaries already store their elements out of line).
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    case bool(Bool)
    case int(Int)
    case list([TemplateValue])
    case object([String: TemplateValue])
    case null

    /// Mustache truthiness: false, null, "" and empty lists skip a section.
    var isFalsy: Bool {
        switch self {
        case .bool(let b): !b
        case .null: true
        case .list(let items): items.isEmpty
        case .text(let s): s.isEmpty
        default: false
        }
    }

    subscript(key: String) -> TemplateValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    /// Nil values become `.null`: `{{#x}}` skips them, and strict mode still knows the page has an `x`
    /// (a name left out entirely is a renamed or forgotten key).
    public init(dictionaryLiteral elements: (String, TemplateValue?)...) {
        var fields: [String: TemplateValue] = [:]
        for (k, v) in elements { fields[k] = v ?? .null }
        self = .object(fields)
    }
}

extension Optional where Wrapped == String {
    /// `.text` when present, nil (left out) when not.
    var templateValue: TemplateValue? { map(TemplateValue.text) }
}
