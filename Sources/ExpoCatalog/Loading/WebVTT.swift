import Foundation

/// Reads a WebVTT file's cues, as far as a transcript needs them: the `WEBVTT` line, then
/// blocks separated by blank lines, each cue an optional identifier, a timing line
/// (`00:00.000 --> 00:05.000`, hours optional, settings after it ignored) and its text.
/// `NOTE`, `STYLE` and `REGION` blocks are skipped; tags (`<v Narrator>`, `<i>`) are taken
/// out of the text and the common character references read.
public enum WebVTT {
    /// Why a file is not WebVTT, at its line (counted from 1).
    public struct Problem: Error, Sendable, Equatable {
        public var line: Int
        public var message: String
    }

    /// A file's cues, and the cues left out because a number in their timing is past any
    /// recording's length: one absurd cue is no reason to lose the whole transcript.
    public struct Reading: Sendable, Equatable {
        public var cues: [TranscriptCue]
        public var skipped: [Problem]
    }

    /// One cue timestamp read: its seconds, or why there are none.
    enum Stamp: Equatable {
        case seconds(Double)
        /// Digits, but more hours than any clock or `Int` holds.
        case outOfRange
        case malformed
    }

    /// The largest hour a timestamp may give: 100 years of recording, far past any real
    /// one, and small enough that every timestamp is a Double exact to the millisecond.
    static let largestHour = 876_600

    public static func parse(_ text: String) -> Result<Reading, Problem> {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map(String.init)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }
        guard let first = lines.first, first.hasPrefix("WEBVTT"),
              first.count == 6 || first.dropFirst(6).first == " " || first.dropFirst(6).first == "\t" else {
            return .failure(Problem(line: 1, message: "a WebVTT file starts with the line WEBVTT"))
        }
        var cues: [TranscriptCue] = []
        var skipped: [Problem] = []
        var index = 1
        // The header's own lines, up to the first blank one.
        while index < lines.count, !lines[index].isEmpty { index += 1 }
        while index < lines.count {
            guard !lines[index].trimmingSpaces.isEmpty else { index += 1; continue }
            let blockStart = index
            var block: [String] = []
            while index < lines.count, !lines[index].trimmingSpaces.isEmpty {
                block.append(lines[index])
                index += 1
            }
            let head = block[0]
            if head == "NOTE" || head.hasPrefix("NOTE ") || head.hasPrefix("NOTE\t") || head == "STYLE" || head == "REGION" { continue }
            var timingOffset = 0
            if !head.contains("-->") {
                timingOffset = 1
                guard block.count > 1, block[1].contains("-->") else {
                    return .failure(Problem(line: blockStart + 1 + min(1, block.count - 1),
                                            message: "expected a cue's timing, such as 00:00.000 --> 00:05.000"))
                }
            }
            let lineNumber = blockStart + timingOffset + 1
            let (start, end): (Double, Double)
            switch timing(block[timingOffset]) {
            case let (.seconds(from), .seconds(to))?:
                (start, end) = (from, to)
            case let stamps? where stamps.0 != .malformed && stamps.1 != .malformed:
                skipped.append(Problem(line: lineNumber, message: "\"\(block[timingOffset].prefix(60))\" gives more than "
                    + "\(largestHour) hours, past any recording; the cue is left out"))
                continue
            default:
                return .failure(Problem(line: lineNumber,
                                        message: "\"\(block[timingOffset].prefix(60))\" is not a cue timing such as 00:00.000 --> 00:05.000"))
            }
            guard end > start else {
                return .failure(Problem(line: lineNumber, message: "the cue ends before it starts"))
            }
            let words = block.dropFirst(timingOffset + 1).map(plainText).joined(separator: " ")
            cues.append(TranscriptCue(start: start, end: end, text: words.trimmingSpaces))
        }
        return .success(Reading(cues: cues, skipped: skipped))
    }

    /// `00:01.500 --> 00:04.000 align:start` → (1.5, 4); nil when the line has no arrow
    /// between two words.
    static func timing(_ line: String) -> (Stamp, Stamp)? {
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count >= 3, parts[1] == "-->" else { return nil }
        return (seconds(parts[0]), seconds(parts[2]))
    }

    /// `01:02:03.456` or `02:03.456` in seconds. The hours are any number of digits in the
    /// file, so they are bounded before any arithmetic: `3000000000000000:00:00.000` once
    /// trapped on `hours * 3600` and stopped the server.
    static func seconds(_ stamp: Substring) -> Stamp {
        let parts = stamp.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let last = parts.last else { return .malformed }
        let secondParts = last.split(separator: ".", omittingEmptySubsequences: false)
        guard secondParts.count == 2, secondParts[0].count == 2, secondParts[1].count == 3,
              secondParts.allSatisfy(isDigits), let whole = Int(secondParts[0]), let millis = Int(secondParts[1]),
              whole < 60 else { return .malformed }
        let minutePart = parts[parts.count - 2]
        guard minutePart.count == 2, isDigits(minutePart), let minutes = Int(minutePart), minutes < 60 else { return .malformed }
        var hours = 0
        if parts.count == 3 {
            guard parts[0].count >= 2, isDigits(parts[0]) else { return .malformed }
            guard let read = Int(parts[0]), read <= largestHour else { return .outOfRange }
            hours = read
        }
        return .seconds(Double(hours * 3600 + minutes * 60 + whole) + Double(millis) / 1000)
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// A cue's line without its tags, its character references read.
    static func plainText(_ line: String) -> String {
        var text = ""
        var inTag = false
        for character in line {
            if character == "<" { inTag = true } else if character == ">" && inTag { inTag = false } else if !inTag { text.append(character) }
        }
        for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", "\u{00A0}"), ("&lrm;", "\u{200E}"),
                                       ("&rlm;", "\u{200F}"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: reference, with: character)
        }
        return text
    }
}
