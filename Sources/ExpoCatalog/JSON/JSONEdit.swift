/// One step of the way to a value inside an entry of a catalog's file.
enum JSONStep: Hashable, Sendable {
    case key(String)
    /// The object in a list whose member `key` is the text `value`: an exhibit's images are
    /// matched across languages by their `name`, tours and floors by their `id`, not by
    /// their places.
    case whose(key: String, is: String)
    /// The list's element at this place, from 0.
    case index(Int)
}

/// Changes one value of a JSON text and keeps every other byte: the key order, the layout
/// and the other entries of a curator's file stay as they were, so `git diff` shows only
/// what was changed. What is missing on the way (an `images` list, an image's object) is
/// added in the layout of its neighbours.
enum JSONEdit {
    /// `bytes` with the value at `path` set to `value`, or removed when `value` is nil; nil
    /// when `bytes` are not JSON or the path runs through a value of another kind.
    static func setting(_ path: [JSONStep], to value: JSONValue?, in bytes: [UInt8]) -> [UInt8]? {
        guard !path.isEmpty, var node = JSONOutline.of(bytes) else { return nil }
        for (depth, step) in path.enumerated() {
            let rest = path[(depth + 1)...]
            let isLast = rest.isEmpty
            switch step {
            case let .key(key):
                guard case let .object(_, members) = node else { return nil }
                if let found = members.firstIndex(where: { $0.key == key }) {
                    guard isLast else { node = members[found].value; continue }
                    guard let value else { return removing(member: found, of: node, in: bytes) }
                    let member = members[found]
                    let text = isMultiline(node, bytes) ? JSONWriter.text(value, indent: indent(at: member.keyStart, bytes))
                        : JSONWriter.compact(value)
                    return replacing(member.value.range, with: text, in: bytes)
                }
                guard let value else { return bytes }
                return inserting(member: key, built(rest, value), into: node, in: bytes)
            case let .whose(key, name):
                guard case let .array(_, elements) = node else { return nil }
                if let element = elements.first(where: { self.text(key, of: $0, bytes) == name }) {
                    guard !isLast else { return nil }
                    node = element
                    continue
                }
                guard let value else { return bytes }
                return appending(.object([(key, .string(name))] + objectMembers(built(rest, value))), to: node, in: bytes)
            case let .index(index):
                guard case let .array(_, elements) = node, index >= 0 else { return nil }
                if index < elements.count {
                    guard !isLast else { return nil }
                    node = elements[index]
                    continue
                }
                guard let value else { return bytes }
                guard index == elements.count else { return nil }
                return appending(built(rest, value), to: node, in: bytes)
            }
        }
        return nil
    }

    /// The value that `rest` leads to, made from nothing.
    private static func built(_ rest: ArraySlice<JSONStep>, _ value: JSONValue) -> JSONValue {
        guard let step = rest.first else { return value }
        let inner = built(rest.dropFirst(), value)
        switch step {
        case let .key(key): return .object([(key, inner)])
        case let .whose(key, name): return .array([.object([(key, .string(name))] + objectMembers(inner))])
        case .index: return .array([inner])
        }
    }

    private static func objectMembers(_ value: JSONValue) -> [(key: String, value: JSONValue)] {
        if case let .object(members) = value { return members }
        return []
    }

    private static func text(_ key: String, of element: JSONOutline, _ bytes: [UInt8]) -> String? {
        guard let member = element.members.first(where: { $0.key == key }),
              case let .string(name)? = try? JSONParser.parse(Array(bytes[member.value.range])) else { return nil }
        return name
    }

    /// Whether a container's parts stand on lines of their own.
    private static func isMultiline(_ container: JSONOutline, _ bytes: [UInt8]) -> Bool {
        let first = container.members.first?.keyStart ?? container.elements.first?.range.lowerBound
        guard let first else { return true }
        return bytes[container.range.lowerBound..<first].contains(0x0A)
    }

    /// The spaces that open the line holding `offset`.
    private static func indent(at offset: Int, _ bytes: [UInt8]) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private static func replacing(_ range: Range<Int>, with text: String, in bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        out.replaceSubrange(range, with: Array(text.utf8))
        return out
    }

    private static func inserting(member key: String, _ value: JSONValue, into object: JSONOutline, in bytes: [UInt8]) -> [UInt8] {
        guard let last = object.members.last else {
            let outer = indent(at: object.range.lowerBound, bytes)
            let text = "\n" + outer + "  " + JSONWriter.quoted(key) + ": " + JSONWriter.text(value, indent: outer + "  ") + "\n" + outer
            return replacing(object.range.lowerBound + 1..<object.range.upperBound - 1, with: text, in: bytes)
        }
        let text = isMultiline(object, bytes)
            ? ",\n" + indent(at: last.keyStart, bytes) + JSONWriter.quoted(key) + ": " + layout(value, beside: last.value, at: last.keyStart, in: object, bytes)
            : ", " + JSONWriter.quoted(key) + ": " + JSONWriter.compact(value)
        return replacing(last.value.range.upperBound..<last.value.range.upperBound, with: text, in: bytes)
    }

    private static func appending(_ value: JSONValue, to array: JSONOutline, in bytes: [UInt8]) -> [UInt8] {
        guard let last = array.elements.last else {
            let outer = indent(at: array.range.lowerBound, bytes)
            let text = "\n" + outer + "  " + JSONWriter.text(value, indent: outer + "  ") + "\n" + outer
            return replacing(array.range.lowerBound + 1..<array.range.upperBound - 1, with: text, in: bytes)
        }
        let text = isMultiline(array, bytes)
            ? ",\n" + indent(at: last.range.lowerBound, bytes) + layout(value, beside: last, at: last.range.lowerBound, in: array, bytes)
            : ", " + JSONWriter.compact(value)
        return replacing(last.range.upperBound..<last.range.upperBound, with: text, in: bytes)
    }

    /// A new value's text written as its neighbour is: on one line when the neighbour is a
    /// list or object on one line, else over lines indented by the file's own step.
    private static func layout(_ value: JSONValue, beside neighbour: JSONOutline, at start: Int, in container: JSONOutline,
                               _ bytes: [UInt8]) -> String {
        switch neighbour {
        case .object, .array:
            if !bytes[neighbour.range].contains(0x0A) { return JSONWriter.compact(value) }
        case .scalar: break
        }
        let inner = indent(at: start, bytes)
        let outer = indent(at: container.range.lowerBound, bytes)
        let step = inner.hasPrefix(outer) && inner.count > outer.count ? String(inner.dropFirst(outer.count)) : "  "
        return JSONWriter.text(value, indent: inner, step: step)
    }

    private static func removing(member index: Int, of object: JSONOutline, in bytes: [UInt8]) -> [UInt8] {
        let members = object.members
        if members.count == 1 {
            return replacing(object.range.lowerBound + 1..<object.range.upperBound - 1, with: "", in: bytes)
        }
        if index > 0 {
            return replacing(members[index - 1].value.range.upperBound..<members[index].value.range.upperBound, with: "", in: bytes)
        }
        return replacing(members[0].keyStart..<members[1].keyStart, with: "", in: bytes)
    }
}
