/// How long a recording may be, and how long ffmpeg and ffprobe may take with it.
///
/// ffmpeg makes speech into AAC at about 30 times the speed it plays on this project's
/// 2-core machine under load (10 minutes in 20 s); it is given a third of the playing time
/// (3 times the speed), a generous margin, and 30 s more, up to a cap.
struct AudioLimits: Sendable {
    /// The longest recording the guide makes: a stop's recording plays for minutes, a
    /// whole tour's for an hour or two.
    var longest: Double = 4 * 3600
    /// Fewer bytes than this for each second a header declares means the header lies: a
    /// WAV of 288 KB declaring ten hours (8-bit mono at 8 Hz) would take ffmpeg half an
    /// hour. Speech at the lowest bit rates in use (AMR, Opus at 6 kbps) is 600 to 750 B/s.
    var fewestBytesPerSecond: Double = 500
    var probingTime: Duration = .seconds(10)
    var encodingCap: Duration = .seconds(20 * 60)

    /// What is wrong with a recording that declares `declared` seconds in `bytes` bytes.
    func problem(declared: Double, bytes: Int) -> MediaProblem? {
        if declared > Double(bytes) / fewestBytesPerSecond {
            return MediaProblem("its header says it plays for \(Self.spoken(declared)), but it holds only \(bytes) bytes, too few for that; it is damaged or made to mislead, so it is not made")
        }
        if declared > longest {
            return MediaProblem("it plays for \(Self.spoken(declared)), longer than the \(Self.spoken(longest)) the guide makes; cut it into a recording per stop")
        }
        return nil
    }

    /// How long ffmpeg may take to make a recording that plays for `plays` seconds.
    func encodingTime(plays: Double) -> Duration {
        min(encodingCap, .seconds(30) + .milliseconds(Int(min(plays, longest) * 1000 / 3)))
    }

    /// `seconds` as a person says it: "10 h 0 min", "2 min 5 s", "45 s".
    static func spoken(_ seconds: Double) -> String {
        let whole = Int(min(max(seconds, 0), 1e12).rounded())
        if whole >= 3600 { return "\(whole / 3600) h \(whole % 3600 / 60) min" }
        if whole >= 60 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole) s"
    }
}
