import Foundation

/// Many diagnostics of one kind in one file, said a few times with a count: a spreadsheet
/// with 100,000 stray columns, or an export whose every text has the same stray character,
/// should give a curator a handful of lines to act on, not a hundred thousand. Images missing
/// by name (`jikji.*`) count as one file.
enum RepeatedDiagnostics {
    /// How many of one kind in one file are shown; the last shown carries the count of the rest.
    static let shown = 10

    /// `diagnostics` in their order, with each kind past `shown` in a file cut to its first
    /// `shown`, the last of them saying how many more there are.
    static func collapsed(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var counts: [Group: Int] = [:]
        let groups = Self.groups(of: diagnostics)
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
                last.message += group.isImageName ? " (and \(total - shown) more images like it)" : " (and \(total - shown) more like it in this file)"
                result.append(last)
            }
        }
        return result
    }

    /// Each diagnostic's group; a long list on every core, as a collection of 69,000 photos
    /// not there yet has one warning each.
    private static func groups(of diagnostics: [Diagnostic]) -> [Group] {
        guard diagnostics.count >= 4096 else { return diagnostics.map { Group($0) } }
        return Runs.map(Runs.split(diagnostics.count, into: ProcessInfo.processInfo.activeProcessorCount * 4)) { run in
            diagnostics[run].map { Group($0) }
        }.flatMap { $0 }
    }

    /// A diagnostic's kind: its file and severity, and its message with what varies from one
    /// to the next (quoted names, numbers, a "did you mean" hint) left out.
    private struct Group: Hashable {
        var file: String
        var severity: Diagnostic.Severity
        var kind: String

        init(_ diagnostic: Diagnostic) {
            severity = diagnostic.severity
            if diagnostic.file.hasSuffix(".*") {
                // `jikji.*`: an image's files, by its name. A collection whose photos are not
                // there yet has one such warning per exhibit; they are one kind whatever the name.
                file = "*"
                kind = Self.kind(of: Self.removing(diagnostic.file.dropLast(2), from: diagnostic.message))
            } else {
                file = diagnostic.file
                kind = Self.kind(of: diagnostic.message)
            }
        }

        var isImageName: Bool { file == "*" }

        /// `message` without `name` wherever it occurs; on bytes, as Foundation's
        /// replacing was a fifth of starting a collection of 69,000 photos not there yet.
        static func removing(_ name: Substring, from message: String) -> String {
            let name = Array(name.utf8)
            let bytes = Array(message.utf8)
            guard !name.isEmpty else { return message }
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == name[0], bytes[index...].starts(with: name) {
                    index += name.count
                } else {
                    kept.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: kept, as: UTF8.self)
        }

        /// Works on the message's UTF-8 bytes: the quote and the digits are ASCII, and a
        /// large catalog can have a hundred thousand messages to sort into kinds.
        static func kind(of message: String) -> String {
            var kind: [UInt8] = []
            kind.reserveCapacity(message.utf8.count)
            var quoted = false
            var afterDigit = false
            for byte in message.utf8 {
                if byte == UInt8(ascii: "\"") { quoted.toggle() }
                let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                defer { afterDigit = isDigit }
                if quoted && byte != UInt8(ascii: "\"") { continue }
                if isDigit {
                    if !afterDigit { kind.append(UInt8(ascii: "#")) }
                    continue
                }
                kind.append(byte)
            }
            let hint = Array("; did you mean".utf8)
            let end = kind.indices.first { kind[$0...].starts(with: hint) } ?? kind.endIndex
            return String(decoding: kind[..<end], as: UTF8.self)
        }
    }
}
