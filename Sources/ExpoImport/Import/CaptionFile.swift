import ExpoCatalog
import Foundation

/// A caption or transcript file fetched for a recording or a video, made into the WebVTT the
/// guide reads, or refused with the reason. SubRip (`.srt`), which IIIF collections also
/// supplement with, differs from WebVTT only in its header and the comma before each
/// timestamp's milliseconds, so it is rewritten rather than lost.
enum CaptionFile {
    enum Made: Equatable {
        /// Timed captions, as a `.vtt` file.
        case webVTT(String)
        /// A transcript without timing, as a `.txt` file: a recording takes one, a video's
        /// captions must be timed.
        case plain(String)
    }

    static func read(_ data: Data, timedOnly: Bool) -> Result<Made, FetchRefusal> {
        guard var text = String(data: data, encoding: .utf8), !text.contains("\0") else {
            return .failure(FetchRefusal(message: "is not UTF-8 text, so neither WebVTT nor a transcript"))
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let start = text.drop { $0.isWhitespace }
        if start.hasPrefix("#EXTM3U") || start.hasPrefix("ffconcat") || start.hasPrefix("[playlist]") {
            return .failure(FetchRefusal(message: "is a playlist of other files, not captions"))
        }
        if start.hasPrefix("<") {
            return .failure(FetchRefusal(message: "is an HTML page or other markup, not captions"))
        }
        if !text.hasPrefix("WEBVTT") {
            if let converted = fromSubRip(String(start)) {
                text = converted
            } else if timedOnly {
                return .failure(FetchRefusal(message: "is not WebVTT (it does not start with the line WEBVTT)"))
            } else {
                return start.isEmpty ? .failure(FetchRefusal(message: "is empty")) : .success(.plain(String(start)))
            }
        }
        switch WebVTT.parse(text) {
        case let .success(reading) where !reading.cues.isEmpty:
            return .success(.webVTT(text))
        case .success:
            return .failure(FetchRefusal(message: "is a WebVTT file with no cue"))
        case let .failure(problem):
            return .failure(FetchRefusal(message: "is not WebVTT (line \(problem.line): \(problem.message))"))
        }
    }

    /// SubRip as WebVTT, when its first block is a number and a timing line.
    static func fromSubRip(_ text: String) -> String? {
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

/// Why a fetched file is not kept, said after its address.
struct FetchRefusal: Error, Sendable, Equatable {
    var message: String
}
