/// A key given a second time in one JSON object, where it starts and where the first one
/// did. The parser keeps both members and readers take the first (`JSONValue`'s
/// subscript), so a warning names both places.
struct JSONDuplicateKey: Sendable, Equatable {
    var key: String
    var line: Int
    var column: Int
    var firstLine: Int
    var firstColumn: Int
}
