/// The container a curator's video is in, read from its first bytes, never from its name:
/// ffmpeg is told this demuxer and no other, so a file named `talk.mp4` that is really an
/// HLS playlist or an ffconcat list is never read as one, and opens nothing else.
enum VideoFormat: String, CaseIterable {
    /// MP4 and QuickTime (`.mov`): H.264, HEVC and the rest, read by `mov`, whose references
    /// to other files (`enable_drefs`) are off unless asked for.
    case mp4
    /// WebM and Matroska.
    case matroska
    case avi

    var demuxer: String {
        switch self {
        case .mp4: "mov"
        case .matroska: "matroska"
        case .avi: "avi"
        }
    }

    /// The format `bytes` start as, or why ffmpeg may not read them.
    static func of(_ bytes: some Collection<UInt8>) -> Result<VideoFormat, MediaProblem> {
        let head = Array(bytes.prefix(16))
        func ascii(_ text: String, at offset: Int = 0) -> Bool {
            let expected = Array(text.utf8)
            return head.count >= offset + expected.count && Array(head[offset ..< offset + expected.count]) == expected
        }
        // An MP4 starts with `ftyp`; an older QuickTime file with one of its other boxes.
        if ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].contains(where: { ascii($0, at: 4) }) { return .success(.mp4) }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .success(.matroska) }
        if ascii("RIFF"), ascii("AVI ", at: 8) { return .success(.avi) }
        if ascii("#EXTM3U") || ascii("\u{FEFF}#EXTM3U") {
            return .failure(MediaProblem("it is an HLS playlist, not a video: a playlist names other files, which the guide never opens; give the video itself"))
        }
        if ascii("ffconcat") || ascii("#") || ascii("[playlist]") || ascii("<?xml") || ascii("file ") {
            return .failure(MediaProblem("it is a list or playlist of other files, not a video; give the video itself"))
        }
        return .failure(MediaProblem("its bytes are not those of a video the guide reads (MP4, QuickTime, WebM, Matroska or AVI)"))
    }
}
