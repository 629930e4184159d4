/// A JSON object written out directly, keys in the order they are added. Rendering a
/// large catalog writes one per page, and Foundation's serializer was slower than the
/// page itself. Strings are escaped for JSON and also for a script element: `<`, `>`
/// and `&` become escapes, so no text can end the element.
struct JSONText {
    private var members: [String] = []

    mutating func add(_ key: String, _ value: String) {
        members.append(Self.quoted(key) + ":" + Self.quoted(value))
    }

    mutating func add(_ key: String, _ value: JSONText) {
        members.append(Self.quoted(key) + ":" + value.text)
    }

    mutating func add(_ key: String, _ value: Int) {
        members.append(Self.quoted(key) + ":" + String(value))
    }

    /// A length in seconds, as a number without needless digits (`12.5`).
    mutating func add(_ key: String, seconds: Double) {
        members.append(Self.quoted(key) + ":" + AudioGuide.seconds(seconds))
    }

    mutating func add(_ key: String, _ values: [JSONText]) {
        members.append(Self.quoted(key) + ":[" + values.map(\.text).joined(separator: ",") + "]")
    }

    mutating func add(_ key: String, integers: [Int]) {
        members.append(Self.quoted(key) + ":[" + integers.map(String.init).joined(separator: ",") + "]")
    }

    mutating func add(_ key: String, strings: [String]) {
        members.append(Self.quoted(key) + ":[" + strings.map(Self.quoted).joined(separator: ",") + "]")
    }

    var text: String { "{" + members.joined(separator: ",") + "}" }

    static func quoted(_ string: String) -> String {
        // Most text needs no escape at all; the line separators are E2 80 A8/A9 in UTF-8.
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0xE2 }) {
            return "\"" + string + "\""
        }
        var result = "\""
        result.unicodeScalars.reserveCapacity(string.unicodeScalars.count + 2)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
