import ExpoCatalog
import Foundation

/// The exhibit's recorded narration in the page's language: a native player (the script
/// builds its own controls on it), its length, and the transcript on demand. Only where the
/// exhibit has a recording in that language; read-aloud stays as it is everywhere.
struct AudioGuide: Sendable {
    /// Captions for the player, from a WebVTT transcript.
    struct Track: Sendable {
        var src: String
        var srclang: String
        var label: String
    }

    /// One paragraph of the transcript; a WebVTT cue's carries when it is said, in
    /// seconds, so that a script can follow the recording along.
    struct Paragraph: Sendable {
        var text: String
        var start: String?
    }

    var heading: String
    var src: String
    /// Seconds, as `data-duration` gives them to the script.
    var duration: String
    var lengthText: String
    var unsupported: String
    var track: Track?
    var transcriptLabel: String
    var paragraphs: [Paragraph]
    var hasTranscript: Bool

    /// Nil when the exhibit has no recording in `language` (or it could not be made).
    init?(_ exhibit: Exhibit, language: Language, strings: UIStrings, assets: SiteAssets) {
        guard let file = exhibit.audio, let recording = assets.recording(file) else { return nil }
        heading = strings.audioGuide
        src = recording.link
        duration = Self.seconds(recording.duration)
        lengthText = strings.audioLength.replacingOccurrences(of: "{duration}", with: Self.clock(recording.duration))
        unsupported = strings.audioUnsupported
        transcriptLabel = strings.transcript
        let transcript = exhibit.transcript
        if let transcript, transcript.isWebVTT, let vtt = transcript.file.flatMap(assets.webVTT) {
            track = Track(src: vtt, srclang: language.code, label: strings.transcript)
            paragraphs = transcript.cues.map { Paragraph(text: $0.text, start: Self.seconds($0.start)) }
        } else {
            track = nil
            paragraphs = transcript.map { Paragraphs.split($0.text).map { Paragraph(text: $0, start: nil) } } ?? []
        }
        hasTranscript = !paragraphs.isEmpty
    }

    /// `12.5`, `3`: seconds as a script reads them, without needless digits.
    static func seconds(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `2:05`, or `1:02:05` past an hour: whole seconds, as the browsers' players count them.
    static func clock(_ value: Double) -> String {
        let total = Int(value.rounded(.down))
        let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (number: Int) in number < 10 ? "0\(number)" : "\(number)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" : "\(minutes):\(twoDigits(seconds))"
    }
}

extension AudioGuide: TemplateObject {
    static let templateFields: TemplateFields<Self> = [
        .field("heading", \.heading),
        .field("src", \.src),
        .field("duration", \.duration),
        .field("lengthText", \.lengthText),
        .field("unsupported", \.unsupported),
        .field("track", \.track),
        .field("transcriptLabel", \.transcriptLabel),
        .field("paragraphs", \.paragraphs),
        .field("hasTranscript", \.hasTranscript),
    ]
}

extension AudioGuide.Track: TemplateObject {
    static let templateFields: TemplateFields<Self> = [
        .field("src", \.src),
        .field("srclang", \.srclang),
        .field("label", \.label),
    ]
}

extension AudioGuide.Paragraph: TemplateObject {
    static let templateFields: TemplateFields<Self> = [
        .field("text", \.text),
        .field("start", \.start),
    ]
}
