import ExpoCatalog
import Foundation

/// Makes one recording with ffmpeg and measures it with ffprobe, in a folder of its own
/// that is removed after. Both read a private copy of the bytes the guide read and hashed,
/// told its format (read from those bytes) and allowed no protocol but `file`: whatever the
/// original names, no other file is opened. Both run on a clock set by how long the
/// recording plays, so a file whose header lies cannot keep the guide busy.
struct AudioEncoder {
    let tools: AudioTools
    let settings: AudioSettings
    var limits = AudioLimits()

    /// The rendition of `original` (the file's bytes), or why there is none, in words for
    /// the warning (a file that is no audio, one whose header lies, a tool that ran too long).
    /// `keep` moves the made file out of the temporary folder, which is removed after.
    /// `url` is the original, of `bytes` bytes in `format` (read from its first bytes).
    func encode(copyOf url: URL, bytes: Int, format: RecordingFormat,
                keep: (AudioRendition) -> Result<AudioRendition, MediaProblem>) -> Result<AudioRendition, MediaProblem> {
        ChildProcesses.shared.inTemporaryFolder(named: "expo1900-audio", cannotMake: { error in
            .failure(MediaProblem("a temporary folder could not be written: \(FileProblem.describe(error))"))
        }) { folder in
            encode(copyOf: url, bytes: bytes, as: format, in: folder).flatMap(keep)
        }
    }

    /// The rest of `encode`, in a folder of its own.
    private func encode(copyOf url: URL, bytes: Int, as format: RecordingFormat, in folder: URL) -> Result<AudioRendition, MediaProblem> {
        let input = folder.appendingPathComponent("original")
        if let problem = FileCopy.copy(url.path, to: input.path) {
            return .failure(MediaProblem("a temporary folder could not be written: \(problem)"))
        }
        let inputArguments = ["-protocol_whitelist", "file", "-f", format.demuxer]
        let plays: Double
        switch duration(of: input, reading: inputArguments) {
        case let .success(seconds): plays = seconds
        case let .failure(problem): return .failure(problem)
        }
        if let problem = limits.problem(declared: plays, bytes: bytes) { return .failure(problem) }
        let output = folder.appendingPathComponent("recording.m4a")
        let timeout = limits.encodingTime(plays: plays)
        let encoded = ProgramRun.run(tools.ffmpeg, settings.ffmpegArguments(reading: inputArguments, input: "file:" + input.path,
                                                                            output: output.path), timeout: timeout)
        if encoded.timedOut {
            return .failure(MediaProblem("ffmpeg took longer than \(timeout.components.seconds) s to make it, for \(AudioLimits.spoken(plays)) of sound; its header may not say how long it really is"))
        }
        guard encoded.status == 0, let made = MediaFile.measuring(output) else {
            return .failure(MediaProblem("ffmpeg could not read it as audio: \(encoded.firstError)"))
        }
        return duration(of: output, reading: ["-protocol_whitelist", "file", "-f", RecordingFormat.mp4.demuxer]).map { AudioRendition(file: made, duration: $0) }
    }

    /// How long the file at `url` plays, read from ffprobe's JSON.
    func duration(of url: URL, reading inputArguments: [String]) -> Result<Double, MediaProblem> {
        let probed = ProgramRun.run(tools.ffprobe, ["-v", "error"] + inputArguments + ["-print_format", "json", "-show_format", "file:" + url.path],
                                    timeout: limits.probingTime)
        if probed.timedOut { return .failure(MediaProblem("ffprobe took longer than \(limits.probingTime.components.seconds) s to read it")) }
        guard probed.status == 0 else { return .failure(MediaProblem("ffprobe could not read it: \(probed.firstError)")) }
        struct Probe: Decodable {
            struct Format: Decodable { var duration: String? }
            var format: Format?
        }
        guard let probe = try? JSONDecoder().decode(Probe.self, from: probed.output),
              let text = probe.format?.duration, let seconds = Double(text), seconds > 0, seconds.isFinite else {
            return .failure(MediaProblem("ffprobe found no duration in it"))
        }
        return .success(seconds)
    }
}

/// Why a recording or a video could not be made, in the words of the tool that failed.
struct MediaProblem: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
