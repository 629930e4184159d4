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
    /// The page's own controls, which the script shows in place of the browser's.
    var player: AudioStrings
    var clockText: String
    var wholeSeconds: Int
    var speeds: [Speed]
    /// What the lock screen shows, and where its previous and next go: the neighbouring stops.
    var lockScreen: LockScreen
    /// The files "save for offline" keeps (the page, the recording, its captions, the
    /// images a phone shows), as JSON, and the button's words with their size.
    var saveURLs: String
    var saveLabel: String

    struct Speed: Sendable {
        var value: String
        var label: String
        var selected: Bool
    }

    struct LockScreen: Sendable {
        var title: String
        var guide: String
        var artwork: String?
        var artworkSize: String?
        var artworkType: String?
        var previous: String?
        var next: String?
    }

    /// Nil when the exhibit has no recording in `language` (or it could not be made).
    /// `page` is the exhibit page's own link; `lockScreen`, what the phone shows while it plays.
    init?(_ exhibit: Exhibit, language: Language, strings: UIStrings, assets: SiteAssets, page: String = "",
          lockScreen: LockScreen? = nil) {
        guard let file = exhibit.audio, let recording = assets.recording(file) else { return nil }
        heading = strings.audioGuide
        src = recording.link
        duration = Self.seconds(recording.duration)
        lengthText = strings.audioLength.replacingOccurrences(of: "{duration}", with: Self.clock(recording.duration))
        unsupported = strings.audioUnsupported
        transcriptLabel = strings.transcript
        let transcript = exhibit.transcript
        let vtt = transcript?.isWebVTT == true ? transcript?.file.flatMap(assets.webVTT) : nil
        if let transcript, let vtt {
            track = Track(src: vtt.link, srclang: language.code, label: strings.transcript)
            paragraphs = transcript.cues.map { Paragraph(text: $0.text, start: Self.seconds($0.start)) }
        } else {
            track = nil
            paragraphs = transcript.map { Paragraphs.split($0.text).map { Paragraph(text: $0, start: nil) } } ?? []
        }
        hasTranscript = !paragraphs.isEmpty
        player = strings.audio
        clockText = Self.clock(recording.duration)
        wholeSeconds = max(1, Int(recording.duration.rounded(.up)))
        let decimal = strings.audio.decimalSeparator
        speeds = ["0.75", "1", "1.25", "1.5", "2"].map {
            Speed(value: $0, label: $0.replacingOccurrences(of: ".", with: decimal) + "×", selected: $0 == "1")
        }
        self.lockScreen = lockScreen ?? LockScreen(title: exhibit.displayName, guide: "")
        let files = assets.narrationFiles(exhibit) ?? []
        let links = (page.isEmpty ? [] : [page]) + files.map(\.link)
        saveURLs = "[" + links.map(JSONText.quoted).joined(separator: ",") + "]"
        saveLabel = strings.audio.save(bytes: files.reduce(0) { $0 + $1.bytes })
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
        .field("player", \.player),
        .field("clockText", \.clockText),
        .field("wholeSeconds", \.wholeSeconds),
        .field("speeds", \.speeds),
        .field("lockScreen", \.lockScreen),
        .field("saveURLs", \.saveURLs),
        .field("saveLabel", \.saveLabel),
    ]
}

extension AudioGuide.Speed: TemplateObject {
    static let templateFields: TemplateFields<Self> = [
        .field("value", \.value),
        .field("label", \.label),
        .field("selected", \.selected),
    ]
}

extension AudioGuide.LockScreen: TemplateObject {
    static let templateFields: TemplateFields<Self> = [
        .field("title", \.title),
        .field("guide", \.guide),
        .field("artwork", \.artwork),
        .field("artworkSize", \.artworkSize),
        .field("artworkType", \.artworkType),
        .field("previous", \.previous),
        .field("next", \.next),
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
