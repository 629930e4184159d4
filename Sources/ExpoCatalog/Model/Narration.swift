/// An exhibit's recording and transcript in one language, kept behind one reference so
/// that an exhibit without them (most, in a large collection) carries a single nil.
final class Narration: Sendable, Equatable {
    let audio: String?
    let transcript: Transcript?

    private init(audio: String?, transcript: Transcript?) {
        self.audio = audio
        self.transcript = transcript
    }

    /// Nil when there is neither.
    static func of(audio: String?, transcript: Transcript?) -> Narration? {
        audio == nil && transcript == nil ? nil : Narration(audio: audio, transcript: transcript)
    }

    static func == (left: Narration, right: Narration) -> Bool {
        left.audio == right.audio && left.transcript == right.transcript
    }
}
