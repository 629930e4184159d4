/// The container a curator's recording is in, read from its first bytes, never from its
/// name: ffmpeg is told this demuxer and no other, so a file named `guide.mp3` that is
/// really a playlist is never read as one. Every format here reads only the file itself;
/// those that open other files (HLS and other playlists, concat lists) are not among them.
enum RecordingFormat: String, CaseIterable {
    case wav, aiff, flac, mp3, aac, ogg, mp4, webm

    /// ffmpeg's name for the demuxer (`-f`). MP4 is read by `mov`, whose references to
    /// other files (`enable_drefs`) are off unless asked for; WebM by `matroska`.
    var demuxer: String {
        switch self {
        case .mp4: "mov"
        case .webm: "matroska"
        default: rawValue
        }
    }

    /// The format `bytes` start as, or why ffmpeg may not read them.
    static func of(_ bytes: some Collection<UInt8>) -> Result<RecordingFormat, MediaProblem> {
        let head = Array(bytes.prefix(16))
        func ascii(_ text: String, at offset: Int = 0) -> Bool {
            let expected = Array(text.utf8)
            return head.count >= offset + expected.count && Array(head[offset ..< offset + expected.count]) == expected
        }
        if (ascii("RIFF") || ascii("RF64")) && ascii("WAVE", at: 8) { return .success(.wav) }
        if ascii("FORM") && (ascii("AIFF", at: 8) || ascii("AIFC", at: 8)) { return .success(.aiff) }
        if ascii("fLaC") { return .success(.flac) }
        if ascii("OggS") { return .success(.ogg) }
        if ascii("ftyp", at: 4) { return .success(.mp4) }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .success(.webm) }
        if ascii("ID3") { return .success(.mp3) }
        if head.count >= 2, head[0] == 0xFF {
            // ADTS (AAC) and MPEG audio share a sync word; ADTS's layer bits are zero.
            if head[1] & 0xF6 == 0xF0 { return .success(.aac) }
            if head[1] & 0xE0 == 0xE0, head[1] & 0x06 != 0 { return .success(.mp3) }
        }
        if ascii("#EXTM3U") || ascii("\u{FEFF}#EXTM3U") {
            return .failure(MediaProblem("it is an HLS playlist, not a recording: a playlist names other files, which the guide never opens; give the recording itself"))
        }
        if ascii("ffconcat") || ascii("#") || ascii("[playlist]") || ascii("<?xml") {
            return .failure(MediaProblem("it is a list or playlist of other files, not a recording; give the recording itself"))
        }
        let accepted = allCases.map { $0.rawValue.uppercased() }.joined(separator: ", ")
        return .failure(MediaProblem("its bytes are not those of a recording the guide reads (\(accepted))"))
    }
}
