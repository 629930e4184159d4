import ExpoCatalog
import Foundation

/// The exhibit's recorded narration in the page's language: a native player (the script
/// builds its own controls on it), its length, and the transcript on demand. Only where the
/// exhibit has a recording in that language; read-aloud stays as it is everywhere. The
/// audio description is shown by the same player, under its own heading.
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
    /// The heading's id, which the section is labelled by: one per player on the page.
    var headingID: String
    /// `description` for the audio description, a version a visitor may choose; nil for the narration.
    var version: String?
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
    var player: PlayerWords
    var clockText: String
    var wholeSeconds: Int
    var speeds: [Speed]
    /// What the lock screen shows, and where its previous and next go: the neighbouring stops.
    var lockScreen: LockScreen

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
    /// `lockScreen`, what the phone shows while it plays.
    init?(_ exhibit: Exhibit, language: Language, strings: UIStrings, assets: SiteAssets, lockScreen: LockScreen? = nil) {
        self.init(exhibit.audio, transcript: exhibit.transcript, heading: strings.audioGuide, headingID: "audio-heading",
                  exhibit: exhibit, language: language, strings: strings, assets: assets, lockScreen: lockScreen)
    }

    /// The exhibit's audio description in `language`, under its own heading; nil without one.
    static func description(_ exhibit: Exhibit, language: Language, strings: UIStrings, assets: SiteAssets,
                            lockScreen: LockScreen? = nil) -> AudioGuide? {
        let versions = exhibit.versions
        var guide = AudioGuide(versions.audioDescription, transcript: versions.audioDescriptionTranscript,
                               heading: strings.versions.name(.audioDescription), headingID: "description-heading",
                               exhibit: exhibit, language: language, strings: strings, assets: assets, lockScreen: lockScreen)
        guide?.version = GuideVersion.audioDescription.code
        return guide
    }

    private init?(_ file: String?, transcript: Transcript?, heading: String, headingID: String, exhibit: Exhibit, language: Language,
                  strings: UIStrings, assets: SiteAssets, lockScreen: LockScreen?) {
        guard let file, let recording = assets.recording(file) else { return nil }
        self.heading = heading
        self.headingID = headingID
        src = recording.link
        duration = Self.seconds(recording.duration)
        lengthText = strings.audioLength.replacingOccurrences(of: "{duration}", with: Self.clock(recording.duration))
        unsupported = strings.audioUnsupported
        transcriptLabel = strings.transcript
        (track, paragraphs) = Self.timedText(transcript, label: strings.transcript, language: language, assets: assets)
        hasTranscript = !paragraphs.isEmpty
        player = strings.audio.shown
        clockText = Self.clock(recording.duration)
        wholeSeconds = max(1, Int(recording.duration.rounded(.up)))
        let decimal = strings.audio.decimalSeparator
        speeds = ["0.75", "1", "1.25", "1.5", "2"].map {
            Speed(value: $0, label: $0.replacingOccurrences(of: ".", with: decimal) + "×", selected: $0 == "1")
        }
        self.lockScreen = lockScreen ?? LockScreen(title: exhibit.displayName, guide: "")
    }

    /// A transcript as a page shows it: a WebVTT file's cues as the player's captions track
    /// and as paragraphs marked with their start, or plain text's paragraphs without a track.
    static func timedText(_ transcript: Transcript?, label: String, language: Language, assets: SiteAssets) -> (Track?, [Paragraph]) {
        guard let transcript else { return (nil, []) }
        guard transcript.isWebVTT, let vtt = transcript.file.flatMap(assets.webVTT) else {
            return (nil, Paragraphs.split(transcript.text).map { Paragraph(text: $0, start: nil) })
        }
        return (Track(src: vtt.link, srclang: language.code, label: label),
                transcript.cues.map { Paragraph(text: $0.text, start: seconds($0.start)) })
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
    package static let templateFields: TemplateFields<Self> = [
        .field("heading", \.heading),
        .field("headingID", \.headingID),
        .field("version", \.version),
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
    ]
}

extension AudioGuide.Speed: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("value", \.value),
        .field("label", \.label),
        .field("selected", \.selected),
    ]
}

extension AudioGuide.LockScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
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
    package static let templateFields: TemplateFields<Self> = [
        .field("src", \.src),
        .field("srclang", \.srclang),
        .field("label", \.label),
    ]
}

extension AudioGuide.Paragraph: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("text", \.text),
        .field("start", \.start),
    ]
}
