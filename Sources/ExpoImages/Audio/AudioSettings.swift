/// How a curator's recording is made into the one file every phone plays: AAC-LC in MP4
/// (Safari included), mono at speech quality (56 kbps, which ffmpeg's AAC encoder makes about 58: a two-minute stop is about 850 KB),
/// loudness evened out to -16 LUFS (EBU R128, what spoken-word podcasts use), its
/// metadata removed, with the index at the front so that playing starts before the end is
/// fetched. Part of every cache key: changing a setting makes the files again.
public struct AudioSettings: Sendable, Hashable {
    public var bitRate = "56k"
    public var sampleRate = 44_100
    public var loudness = "loudnorm=I=-16:TP=-1.5:LRA=11"
    /// Raised whenever the way recordings are made changes, so old cache entries are not used.
    /// 2: originals are read only as the format their bytes say (a version-1 entry may hold
    /// what a playlist named, from outside the catalog).
    public var pipelineVersion = 2

    public init() {}

    /// ffmpeg's arguments for `input` to `output` (an `.m4a` path); `reading`: the options
    /// that say how to read the input (its format, the protocols allowed).
    func ffmpegArguments(reading: [String], input: String, output: String) -> [String] {
        ["-nostdin", "-v", "error"] + reading + ["-i", input, "-map", "0:a:0", "-vn", "-ac", "1", "-ar", String(sampleRate),
         "-af", loudness, "-c:a", "aac", "-b:a", bitRate, "-map_metadata", "-1", "-movflags", "+faststart", output]
    }

    var fingerprint: String { "audio v\(pipelineVersion) aac \(bitRate) \(sampleRate) \(loudness)" }
}
