import ExpoCatalog
import Foundation

/// Makes one video with ffmpeg, measures it with ffprobe and takes its poster frame, in the
/// folder where the video work put a private copy of the original. ffprobe and ffmpeg read
/// only that copy, told its format (read from its bytes) and allowed no protocol but
/// `file`. The original is measured before it is made: a header that lies about its length
/// or a frame too large to decode is refused before ffmpeg runs.
struct VideoEncoder {
    let tools: AudioTools
    let settings: VideoSettings
    var limits = VideoLimits()

    /// The rendition of the original copied to `input`, or why there is none.
    func encode(_ input: URL, bytes: Int, format: VideoFormat, in folder: URL) -> Result<VideoRendition, MediaProblem> {
        let reading = ["-protocol_whitelist", "file", "-f", format.demuxer]
        let original: Probe
        switch probe(input, reading: reading) {
        case let .success(read): original = read
        case let .failure(problem): return .failure(problem)
        }
        if let problem = limits.problem(declared: original.duration, bytes: bytes, width: original.width, height: original.height) {
            return .failure(problem)
        }
        let output = folder.appendingPathComponent("video.mp4")
        let timeout = limits.encodingTime(plays: original.duration)
        let encoded = ProgramRun.run(tools.ffmpeg, settings.ffmpegArguments(reading: reading, input: "file:" + input.path, output: output.path),
                                     timeout: timeout)
        if encoded.timedOut {
            return .failure(MediaProblem("ffmpeg took longer than \(timeout.components.seconds) s to make it, for \(AudioLimits.spoken(original.duration)) of video; its header may not say how long it really is"))
        }
        guard encoded.status == 0, let made = MediaFile.measuring(output) else {
            return .failure(MediaProblem("ffmpeg could not read it as a video: \(encoded.firstError)"))
        }
        let result: Probe
        switch probe(output, reading: ["-protocol_whitelist", "file", "-f", "mov"]) {
        case let .success(read): result = read
        case let .failure(problem): return .failure(problem)
        }
        // A copy cut short decodes as far as it goes, and ffmpeg ends well: what it made is
        // then much shorter than the header said.
        if result.duration < original.duration * 0.9 - 1 {
            return .failure(MediaProblem("it ends after \(AudioLimits.spoken(result.duration)) of the \(AudioLimits.spoken(original.duration)) its header declares; the file is cut short (a copy that did not finish?)"))
        }
        let poster = folder.appendingPathComponent("poster.jpg")
        let posterRun = ProgramRun.run(tools.ffmpeg, settings.posterArguments(video: "file:" + output.path, second: min(1, result.duration / 2),
                                                                             output: poster.path), timeout: limits.probingTime)
        guard posterRun.succeeded, let posterBytes = FileManager.default.contents(atPath: poster.path), !posterBytes.isEmpty else {
            return .failure(MediaProblem("ffmpeg could not take a poster frame from it: \(posterRun.firstError)"))
        }
        return .success(VideoRendition(file: made, poster: [UInt8](posterBytes), duration: result.duration,
                                       width: result.width, height: result.height))
    }

    /// A video's length and picture size, as ffprobe reads them.
    struct Probe {
        var duration: Double
        var width: Int
        var height: Int
    }

    /// Reads the first video stream's size and the file's length from ffprobe's JSON.
    func probe(_ url: URL, reading: [String]) -> Result<Probe, MediaProblem> {
        let probed = ProgramRun.run(tools.ffprobe, ["-v", "error"] + reading + ["-select_streams", "v:0", "-print_format", "json",
                                                                                 "-show_format", "-show_streams", "file:" + url.path],
                                    timeout: limits.probingTime)
        if probed.timedOut { return .failure(MediaProblem("ffprobe took longer than \(limits.probingTime.components.seconds) s to read it")) }
        guard probed.status == 0 else { return .failure(MediaProblem("ffprobe could not read it: \(probed.firstError)")) }
        struct Output: Decodable {
            struct Format: Decodable { var duration: String? }
            struct Stream: Decodable { var width: Int?; var height: Int? }
            var format: Format?
            var streams: [Stream]?
        }
        guard let read = try? JSONDecoder().decode(Output.self, from: probed.output) else {
            return .failure(MediaProblem("ffprobe could not read it"))
        }
        guard let stream = read.streams?.first, let width = stream.width, let height = stream.height, width > 0, height > 0 else {
            // A frame larger than ffmpeg itself takes (over 268 million pixels) leaves the
            // stream without a size, and ffprobe says why on its error stream.
            if let match = probed.errors.firstMatch(of: /Picture size (\d+)x(\d+) is invalid/),
               let width = Int(match.1), let height = Int(match.2) {
                return .failure(MediaProblem("its frames are \(width) × \(height) pixels, larger than the 8K (7680 × 4320) the guide makes videos from; it is not made"))
            }
            return .failure(MediaProblem("it holds no video picture"))
        }
        guard let text = read.format?.duration, let seconds = Double(text), seconds > 0, seconds.isFinite else {
            return .failure(MediaProblem("ffprobe found no duration in it"))
        }
        return .success(Probe(duration: seconds, width: width, height: height))
    }
}
