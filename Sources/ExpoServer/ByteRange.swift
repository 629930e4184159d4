/// The part of a body a `Range` header asks for (RFC 9110 §14): one range of bytes. Several
/// ranges are answered with the whole body, as nginx does for most files; a header this
/// server does not read (another unit, a malformed one) is ignored, as the RFC allows.
public enum ByteRange: Equatable, Sendable {
    /// Bytes `lower...upper` of the body, both within it.
    case satisfiable(lower: Int, upper: Int)
    /// No byte of the body: answered 416 with `Content-Range: bytes */length`.
    case unsatisfiable
    /// The whole body, as if no range were asked for.
    case whole

    /// What `header` asks of a body of `length` bytes.
    public static func of(_ header: String, length: Int) -> ByteRange {
        let text = header.trimmingSpaces
        guard text.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = text.dropFirst("bytes=".count)
        guard !spec.contains(",") else { return .whole }
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .whole }
        let first = parts[0].trimmingSpaces, last = parts[1].trimmingSpaces
        if first.isEmpty {
            // A suffix: the last N bytes.
            guard let suffix = Int(last), suffix >= 0, last.allSatisfy(\.isASCIIDigit) else { return .whole }
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .satisfiable(lower: max(0, length - suffix), upper: length - 1)
        }
        guard first.allSatisfy(\.isASCIIDigit), let lower = Int(first) else { return .whole }
        var upper = length - 1
        if !last.isEmpty {
            guard last.allSatisfy(\.isASCIIDigit), let given = Int(last), given >= lower else { return .whole }
            upper = min(given, length - 1)
        }
        return lower < length ? .satisfiable(lower: lower, upper: upper) : .unsatisfiable
    }
}

private extension StringProtocol {
    var trimmingSpaces: Substring {
        let characters = Substring(self)
        guard let start = characters.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let end = characters.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return characters[start...end]
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
