/// What a recording says, in writing: for visitors who cannot hear it, and for anyone who
/// would rather read. The catalog gives it as text in the item, or names a file beside the
/// recording: WebVTT (`.vtt`, timed cues, used for captions and for following along) or
/// plain text (`.txt`).
public struct Transcript: Sendable, Equatable {
    /// The text as written in the item, or the file's content once it is read.
    public var text: String
    /// The file it came from, relative to the catalog folder; nil when the item holds the text.
    public var file: String?
    /// The cues of a WebVTT file, in order; empty for plain text.
    public var cues: [TranscriptCue]

    public init(text: String, file: String? = nil, cues: [TranscriptCue] = []) {
        self.text = text
        self.file = file
        self.cues = cues
    }

    /// Whether the transcript is a WebVTT file, which also gives the player its captions.
    public var isWebVTT: Bool { file.map(Self.isWebVTTName) ?? false }

    /// A value of `transcript` that names a file rather than being the text: one word
    /// ending `.vtt` or `.txt`.
    static func namesFile(_ value: String) -> Bool {
        let lowered = value.lowercased()
        return (lowered.hasSuffix(".vtt") || lowered.hasSuffix(".txt")) && !value.contains(where: \.isWhitespace)
            && !value.contains("/") && !value.contains("\\")
    }

    static func isWebVTTName(_ name: String) -> Bool { name.lowercased().hasSuffix(".vtt") }
}

/// One cue of a WebVTT transcript: when it is said, in seconds, and its words.
public struct TranscriptCue: Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var text: String

    public init(start: Double, end: Double, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }
}
