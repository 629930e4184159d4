/// What a recording or a video fetched from elsewhere is, read from its first bytes by the
/// same magic numbers the audio and video work choose ffmpeg's demuxer by: the extension its
/// copy in the catalog gets, or why the guide does not read it (an HTML page, a playlist).
/// Taking it here means a file the import keeps is one the pipeline will accept by its bytes.
public enum MediaFileKind {
    /// `m4a`, `mp3`, `wav` … for a recording; the message when the bytes are none.
    public static func recordingExtension(_ head: some Collection<UInt8>) -> Result<String, Refusal> {
        switch RecordingFormat.of(head) {
        case let .success(format): .success(format == .mp4 ? "m4a" : format.rawValue)
        case let .failure(problem): .failure(Refusal(message: problem.message))
        }
    }

    /// `mp4`, `mkv` or `avi` for a video; the message when the bytes are none.
    public static func videoExtension(_ head: some Collection<UInt8>) -> Result<String, Refusal> {
        switch VideoFormat.of(head) {
        case let .success(format):
            switch format {
            case .mp4: .success("mp4")
            case .matroska: .success("mkv")
            case .avi: .success("avi")
            }
        case let .failure(problem): .failure(Refusal(message: problem.message))
        }
    }

    /// The longest recording and video the guide makes, in seconds: a manifest that declares
    /// more is refused before anything is fetched.
    public static var longestRecording: Double { AudioLimits().longest }
    public static var longestVideo: Double { VideoLimits().longest }

    /// `seconds` as the pipeline's own messages say it ("10 h 0 min").
    public static func spoken(_ seconds: Double) -> String { AudioLimits.spoken(seconds) }

    public struct Refusal: Error, Sendable {
        public var message: String
    }
}
