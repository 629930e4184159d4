/// How a curator's video is made into the one file every phone plays, Safari included:
/// H.264 (8-bit 4:2:0, High profile) and AAC in MP4, at most 540 lines at 30 frames a second
/// (enough for a signer's hands and face to stay readable on a phone), at most 420 kbit/s of
/// picture and 64 of mono sound (at most 4 MB a minute), its index at the front so playing
/// starts before the end is fetched, every tag, chapter and subtitle stream of the original
/// removed. The poster is a frame of the video made, as a JPEG. Part of every cache key.
public struct VideoSettings: Sendable, Hashable {
    public var height = 540
    public var framesPerSecond = 30
    public var preset = "veryfast"
    public var quality = 26
    public var maximumRate = "420k"
    public var bufferSize = "840k"
    public var audioRate = "64k"
    /// ffmpeg's JPEG quality scale, 2 (best) to 31: 6 keeps a 540p frame near 20 KB.
    public var posterQuality = 6
    /// Raised whenever the way videos are made changes, so old cache entries are not used.
    public var pipelineVersion = 1

    public init() {}

    /// ffmpeg's arguments for `input` to `output` (an `.mp4` path). The shorter side becomes
    /// 540 pixels (a portrait video, as phones film a signer, keeps 540 across); the picture
    /// is never enlarged; a phone's rotation tag is applied to the pixels, since the tag is removed.
    func ffmpegArguments(reading: [String], input: String, output: String) -> [String] {
        ["-nostdin", "-v", "error"] + reading + ["-i", input,
         "-map", "0:v:0", "-map", "0:a:0?", "-sn", "-dn",
         "-vf", "scale='if(gte(iw,ih),-2,min(\(height),iw))':'if(gte(iw,ih),min(\(height),ih),-2)':flags=bicubic,"
             + "fps=\(framesPerSecond),format=yuv420p",
         "-c:v", "libx264", "-preset", preset, "-crf", String(quality), "-maxrate", maximumRate, "-bufsize", bufferSize,
         "-profile:v", "high", "-c:a", "aac", "-b:a", audioRate, "-ac", "1", "-ar", "44100",
         "-map_metadata", "-1", "-map_chapters", "-1", "-movflags", "+faststart", output]
    }

    /// ffmpeg's arguments for the poster: the frame at `second` of the video made.
    func posterArguments(video: String, second: Double, output: String) -> [String] {
        ["-nostdin", "-v", "error", "-protocol_whitelist", "file", "-f", "mov", "-ss", String(format: "%.3f", second), "-i", video,
         "-frames:v", "1", "-q:v", String(posterQuality), "-map_metadata", "-1", output]
    }

    var fingerprint: String {
        "video v\(pipelineVersion) h264 \(height)p\(framesPerSecond) \(preset) crf\(quality) \(maximumRate)/\(bufferSize) aac \(audioRate) poster q\(posterQuality)"
    }
}
