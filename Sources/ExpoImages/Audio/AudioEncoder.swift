import ExpoCatalog
import Foundation

/// Makes one recording with ffmpeg and measures it with ffprobe, in a folder of its own
/// that is removed after: the file made is read back whole, and nothing is left behind.
struct AudioEncoder {
    let tools: AudioTools
    let settings: AudioSettings

    /// The rendition of the original at `input`, or ffmpeg's or ffprobe's own words for
    /// why there is none (a file that is no audio, a format it cannot read).
    func encode(_ input: URL) -> Result<AudioRendition, AudioProblem> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-audio-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return .failure(AudioProblem("a temporary folder could not be made: \(FileProblem.describe(error, file: folder.path))"))
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("recording.m4a")
        let encoded = AudioTools.run(tools.ffmpeg, settings.ffmpegArguments(input: input.path, output: output.path))
        guard encoded.status == 0, let bytes = FileManager.default.contents(atPath: output.path), !bytes.isEmpty else {
            return .failure(AudioProblem("ffmpeg could not read it as audio: \(encoded.firstError)"))
        }
        return duration(of: output).map { AudioRendition(bytes: [UInt8](bytes), duration: $0) }
    }

    /// How long the file at `url` plays, read from ffprobe's JSON.
    func duration(of url: URL) -> Result<Double, AudioProblem> {
        let probed = AudioTools.run(tools.ffprobe, ["-v", "error", "-print_format", "json", "-show_format", url.path])
        guard probed.status == 0 else { return .failure(AudioProblem("ffprobe could not read it: \(probed.firstError)")) }
        struct Probe: Decodable {
            struct Format: Decodable { var duration: String? }
            var format: Format?
        }
        guard let probe = try? JSONDecoder().decode(Probe.self, from: probed.output),
              let text = probe.format?.duration, let seconds = Double(text), seconds > 0, seconds.isFinite else {
            return .failure(AudioProblem("ffprobe found no duration in it"))
        }
        return .success(seconds)
    }
}

/// Why a recording could not be made, in the words of the tool that failed.
struct AudioProblem: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
