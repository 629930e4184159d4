/// A parsed JSON document, kept loose on purpose: the catalog decoder inspects each value
/// itself so that a wrong type becomes a warning with a key path instead of a failed load.
enum JSONValue: Sendable, Equatable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(a), .array(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.integer(a), .integer(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// The first value under `key`; later duplicates are ignored, as most JSON readers do.
    subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// How the value is named in a message: "text", "a number", …
    var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "a list"
        case .string: "text"
        case .integer, .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }
}
