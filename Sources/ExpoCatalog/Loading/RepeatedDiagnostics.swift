/// Many diagnostics of one kind in one file, said a few times with a count: a spreadsheet
/// with 100,000 stray columns, or an export whose every text has the same stray character,
/// should give a curator a handful of lines to act on, not a hundred thousand.
enum RepeatedDiagnostics {
    /// How many of one kind in one file are shown; the last shown carries the count of the rest.
    static let shown = 10

    /// `diagnostics` in their order, with each kind past `shown` in a file cut to its first
    /// `shown`, the last of them saying how many more there are.
    static func collapsed(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var counts: [Group: Int] = [:]
        let groups = diagnostics.map { Group($0) }
        for group in groups { counts[group, default: 0] += 1 }
        guard counts.values.contains(where: { $0 > shown }) else { return diagnostics }
        var seen: [Group: Int] = [:]
        var result: [Diagnostic] = []
        for (diagnostic, group) in zip(diagnostics, groups) {
            let total = counts[group] ?? 0
            let position = seen[group, default: 0] + 1
            seen[group] = position
            guard total > shown else { result.append(diagnostic); continue }
            if position < shown {
                result.append(diagnostic)
            } else if position == shown {
                var last = diagnostic
                last.message += " (and \(total - shown) more like it in this file)"
                result.append(last)
            }
        }
        return result
    }

    /// A diagnostic's kind: its file and severity, and its message with what varies from one
    /// to the next (quoted names, numbers, a "did you mean" hint) left out.
    private struct Group: Hashable {
        var file: String
        var severity: Diagnostic.Severity
        var kind: String

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.file
            severity = diagnostic.severity
            kind = Self.kind(of: diagnostic.message)
        }

        static func kind(of message: String) -> String {
            var kind = String.UnicodeScalarView()
            var quoted = false
            var afterDigit = false
            for scalar in message.unicodeScalars {
                if scalar == "\"" { quoted.toggle() }
                let isDigit = ("0"..."9").contains(scalar)
                defer { afterDigit = isDigit }
                if quoted && scalar != "\"" { continue }
                if isDigit {
                    if !afterDigit { kind.append("#") }
                    continue
                }
                kind.append(scalar)
            }
            let text = String(kind)
            guard let hint = text.firstRange(of: "; did you mean") else { return text }
            return String(text[..<hint.lowerBound])
        }
    }
}
