/// How long and how large a video may be, and how long ffmpeg and ffprobe may take with it.
///
/// ffmpeg makes a minute of 1080p into 540p H.264 in about a minute on one busy core of
/// this project's 2-core machine; it is given four times the playing time and a minute more,
/// a generous margin, so that only a file that lies about itself meets the clock.
struct VideoLimits: Sendable {
    /// The longest video the guide makes: a curator's talk or a signed text plays for
    /// minutes; a lecture for an hour or two.
    var longest: Double = 2 * 3600
    /// Fewer bytes than this for each second the header declares means it lies: no video
    /// in use is below 16 kbit/s, and a 100-hour claim then needs 720 MB to be believed.
    var fewestBytesPerSecond: Double = 2000
    /// The largest frame, each side: 8K is 7680 × 4320. A larger frame is a file made to
    /// exhaust memory (a 20,000 × 20,000 frame is 600 MB before scaling).
    var largestSide = 8192
    var largestFrame = 8192 * 4320
    var probingTime: Duration = .seconds(10)

    /// What is wrong with a video that declares `declared` seconds in `bytes` bytes and
    /// frames of `width` × `height`.
    func problem(declared: Double, bytes: Int, width: Int, height: Int) -> MediaProblem? {
        if width > largestSide || height > largestSide || width * height > largestFrame {
            return MediaProblem("its frames are \(width) × \(height) pixels, larger than the 8K (7680 × 4320) the guide makes videos from; it is not made")
        }
        if declared > Double(bytes) / fewestBytesPerSecond {
            return MediaProblem("its header says it plays for \(AudioLimits.spoken(declared)), but it holds only \(bytes) bytes, too few for that; it is damaged or made to mislead, so it is not made")
        }
        if declared > longest {
            return MediaProblem("it plays for \(AudioLimits.spoken(declared)), longer than the \(AudioLimits.spoken(longest)) the guide makes; cut it into a video per stop")
        }
        return nil
    }

    /// How long ffmpeg may take to make a video that plays for `plays` seconds.
    func encodingTime(plays: Double) -> Duration {
        .seconds(60) + .milliseconds(Int(min(plays, longest) * 4000))
    }
}
