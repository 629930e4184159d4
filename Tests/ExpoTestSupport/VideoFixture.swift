import Foundation

/// Short videos made by ffmpeg's own test source (`testsrc2`) with a tone (`sine`), and
/// WebVTT captions for them, for tests. As with recordings, tests that need them fail where
/// ffmpeg is missing: scripts/setup.sh installs it.
public enum VideoFixture {
    /// `name` in `folder`: `seconds` of moving colour bars at `width` × `height` and 30 fps
    /// with a 440 Hz tone, and a title tag the pipeline must remove. The container follows the
    /// extension: `.mp4` H.264/AAC (or HEVC with `hevc`), `.mov` H.264 in QuickTime, `.webm`
    /// VP9/Opus, `.avi` MPEG-4 part 2 with PCM sound; `silent` leaves the sound out.
    public static func clip(_ name: String, in folder: URL, seconds: Double = 3, width: Int = 1280, height: Int = 720,
                            hevc: Bool = false, silent: Bool = false) throws {
        let output = folder.appendingPathComponent(name).path
        var arguments = ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=30:duration=\(seconds)"]
        if !silent { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"] }
        arguments += ["-metadata", "title=Fixture title", "-metadata", "artist=Someone"]
        let lowered = name.lowercased()
        if lowered.hasSuffix(".webm") {
            arguments += ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k"] + (silent ? [] : ["-c:a", "libopus"])
        } else if lowered.hasSuffix(".avi") {
            arguments += ["-c:v", "mpeg4", "-q:v", "8"] + (silent ? [] : ["-c:a", "pcm_s16le"])
        } else if hevc {
            arguments += ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"]
                + (silent ? [] : ["-c:a", "aac"])
        } else {
            arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"] + (silent ? [] : ["-c:a", "aac"])
        }
        try AudioFixture.run("ffmpeg", arguments + (silent ? [] : ["-shortest"]) + [output])
    }

    /// WebVTT captions for a clip of `seconds`: one cue a second, "Cue 1", "Cue 2" …
    public static func captions(_ name: String, in folder: URL, seconds: Int = 3) throws {
        var text = "WEBVTT\n"
        for second in 0..<seconds {
            text += "\n00:0\(second).000 --> 00:0\(second).900\nCue \(second + 1)\n"
        }
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    /// The first video stream's codec, size and the file's duration, as ffprobe reads them.
    public static func video(_ file: URL) throws -> (codec: String, width: Int, height: Int, duration: Double, audio: String?) {
        let probe = try AudioFixture.probe(file)
        let streams = probe["streams"] as? [[String: Any]] ?? []
        let video = streams.first { $0["codec_type"] as? String == "video" } ?? [:]
        let audio = streams.first { $0["codec_type"] as? String == "audio" }
        let format = probe["format"] as? [String: Any] ?? [:]
        return (video["codec_name"] as? String ?? "", video["width"] as? Int ?? 0, video["height"] as? Int ?? 0,
                Double(format["duration"] as? String ?? "") ?? 0, audio?["codec_name"] as? String)
    }
}
