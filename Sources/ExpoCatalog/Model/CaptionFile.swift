import Foundation

/// A caption or transcript file fetched for a recording or a video, or sent to the studio,
/// made into the WebVTT the guide reads, or refused with the reason. SubRip (`.srt`), which
/// IIIF collections also supplement with and video editors export, differs from WebVTT only
/// in its header and the comma before each timestamp's milliseconds, so it is rewritten
/// rather than lost.
public enum CaptionFile {
    public enum Made: Equatable, Sendable {
        /// Timed captions, as a `.vtt` file.
        case webVTT(String)
        /// A transcript without timing, as a `.txt` file: a recording takes one, a video's
        /// captions must be timed.
        case plain(String)
    }

    public static func read(_ data: Data, timedOnly: Bool) -> Result<Made, CaptionRefusal> {
        guard var text = String(data: data, encoding: .utf8), !text.contains("\0") else {
            return .failure(CaptionRefusal(message: "is not UTF-8 text, so neither WebVTT nor a transcript"))
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let start = text.drop { $0.isWhitespace }
        if start.hasPrefix("#EXTM3U") || start.hasPrefix("ffconcat") || start.hasPrefix("[playlist]") {
            return .failure(CaptionRefusal(message: "is a playlist of other files, not captions"))
        }
        if start.hasPrefix("<") {
            return .failure(CaptionRefusal(message: "is an HTML page or other markup, not captions"))
        }
        if !text.hasPrefix("WEBVTT") {
            if let converted = fromSubRip(String(start)) {
                text = converted
            } else if timedOnly {
                return .failure(CaptionRefusal(message: "is not WebVTT (it does not start with the line WEBVTT)"))
            } else {
                return start.isEmpty ? .failure(CaptionRefusal(message: "is empty")) : .success(.plain(String(start)))
            }
        }
        switch WebVTT.parse(text) {
        case let .success(reading) where !reading.cues.isEmpty:
            return .success(.webVTT(text))
        case .success:
            return .failure(CaptionRefusal(message: "is a WebVTT file with no cue"))
        case let .failure(problem):
            return .failure(CaptionRefusal(message: "is not WebVTT (line \(problem.line): \(problem.message))"))
        }
    }

    /// SubRip as WebVTT, when its first block is a number and a timing line.
    public static func fromSubRip(_ text: String) -> String? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        guard lines.count >= 2, lines[0].trimmingCharacters(in: .whitespaces).allSatisfy(\.isNumber),
              !lines[0].trimmingCharacters(in: .whitespaces).isEmpty, lines[1].contains("-->") else { return nil }
        let body = lines.map { line -> String in
            // `00:00:01,000 --> 00:00:04,000` → `00:00:01.000 --> 00:00:04.000`
            line.contains("-->") ? line.replacingOccurrences(of: ",", with: ".") : String(line)
        }
        return "WEBVTT\n\n" + body.joined(separator: "\n")
    }
}

/// Why a caption file is not taken, said after its name or address.
public struct CaptionRefusal: Error, Sendable, Equatable {
    public var message: String
}
