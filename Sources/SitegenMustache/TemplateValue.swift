/// What templates render: built by the page builders, looked up by name without dynamic casts.
/// Not `indirect` as a whole: text, the most common value, stays inline instead of in a heap box
/// (arrays already store their elements out of line).
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    case bool(Bool)
    case int(Int)
    case list([TemplateValue])
    case object(TemplateFields)
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

    /// For builders that gather fields in a dictionary first.
    public static func object(_ fields: [String: TemplateValue]) -> TemplateValue {
        .object(TemplateFields(fields))
    }
}

/// An object's fields as the (name, value) pairs they were written in, not a dictionary: a page's
/// objects have a few dozen short keys, are built once and read a few times, and hashing every key
/// to build a `Dictionary` (then again to read it) cost more than the rendering. Each name is given
/// once, as in a `Dictionary` literal (setting a name again replaces it): a lookup may first try
/// where another object of the same kind had the name, and takes the first it finds there (a name
/// given twice is caught there in debug builds).
public struct TemplateFields: Sendable, Equatable {
    /// Nil stands for `.null`: it lets a dictionary literal's own array be kept without a copy.
    private(set) var pairs: [(String, TemplateValue?)]

    init(pairs: [(String, TemplateValue?)]) { self.pairs = pairs }

    init(_ fields: [String: TemplateValue]) {
        pairs = []
        pairs.reserveCapacity(fields.count)
        for (k, v) in fields { pairs.append((k, v)) }
    }

    /// The value named `key`, or nil when there is none. The length test first skips most other
    /// names without calling the string comparison.
    @inline(__always)
    func find(_ key: String, utf8Count: Int) -> TemplateValue? {
        index(of: key, utf8Count: utf8Count).map { pairs[$0].1 ?? .null }
    }

    /// Where the value named `key` is, for `value(at:)`.
    @inline(__always)
    func index(of key: String, utf8Count: Int) -> Int? {
        var i = pairs.count - 1
        while i >= 0 {
            let name = pairs[i].0
            if name.utf8.count == utf8Count && name == key { return i }
            i -= 1
        }
        return nil
    }

    /// The value at `index` when it is named `key`: an object's names are each given once (a name
    /// given twice is a builder's mistake, caught in debug builds), so it is the value `find` gives.
    @inline(__always)
    func value(at index: Int, named key: String, utf8Count: Int) -> TemplateValue? {
        guard index < pairs.count else { return nil }
        let name = pairs[index].0
        guard name.utf8.count == utf8Count && name == key else { return nil }
        assert(self.index(of: key, utf8Count: utf8Count) == index, "'\(key)' given twice in one object")
        return pairs[index].1 ?? .null
    }

    public subscript(key: String) -> TemplateValue? {
        get { find(key, utf8Count: key.utf8.count) }
        set {
            pairs.removeAll { $0.0 == key }
            if let newValue { pairs.append((key, newValue)) }
        }
    }

    /// Each name once, with the value it reads as.
    private var effective: [String: TemplateValue] {
        var fields: [String: TemplateValue] = [:]
        for (k, v) in pairs { fields[k] = v ?? .null }
        return fields
    }

    public static func == (a: TemplateFields, b: TemplateFields) -> Bool { a.effective == b.effective }
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
        self = .object(TemplateFields(pairs: elements))
    }
}

extension Optional where Wrapped == String {
    /// `.text` when present, nil (left out) when not.
    public var templateValue: TemplateValue? { map(TemplateValue.text) }
}
