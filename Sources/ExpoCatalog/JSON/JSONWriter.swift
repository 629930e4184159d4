/// JSON text for a person to read and edit: two-space indents, keys in their order, and
/// every language's letters as they are rather than as `\u` escapes.
enum JSONWriter {
    static func text(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: "", into: &out)
        return out + "\n"
    }

    /// The value's text as it stands at `indent` inside a larger text: its nested lines
    /// indented from there, without a final newline.
    static func text(_ value: JSONValue, indent: String, step: String = "  ") -> String {
        var out = ""
        write(value, indent: indent, step: step, into: &out)
        return out
    }

    /// The value's text on one line, as in a file that writes its objects so.
    static func compact(_ value: JSONValue) -> String {
        switch value {
        case let .object(members): "{" + members.map { quoted($0.key) + ": " + compact($0.value) }.joined(separator: ", ") + "}"
        case let .array(elements): "[" + elements.map(compact).joined(separator: ", ") + "]"
        default: text(value, indent: "")
        }
    }

    private static func write(_ value: JSONValue, indent: String, step: String = "  ", into out: inout String) {
        let inner = indent + step
        switch value {
        case let .object(members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += inner + quoted(member.key) + ": "
                write(member.value, indent: inner, step: step, into: &out)
                out += index < members.count - 1 ? ",\n" : "\n"
            }
            out += indent + "}"
        case let .array(elements):
            guard !elements.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += inner
                write(element, indent: inner, step: step, into: &out)
                out += index < elements.count - 1 ? ",\n" : "\n"
            }
            out += indent + "]"
        case let .string(text): out += quoted(text)
        case let .integer(number): out += String(number)
        case let .number(number): out += String(number)
        case let .bool(flag): out += flag ? "true" : "false"
        case .null: out += "null"
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
