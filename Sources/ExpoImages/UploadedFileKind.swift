/// What a file sent to the studio is, read from its first bytes by the same magic numbers
/// the image and audio work use to choose the one decoder that reads it: the extension the
/// catalog's copy of it gets. A file that claims one kind and is another (an HTML page
/// named `.png`, a playlist named `.mp3`) is none of these.
public enum UploadedFileKind: Equatable, Sendable {
    case image(fileExtension: String)
    case recording(fileExtension: String)
    case video(fileExtension: String)

    /// Nil when the bytes are neither an image nor a recording the guide reads. SVG is
    /// text without a magic number: taken when `sentName` says `.svg` and it starts as XML
    /// or an element; the loader's SVG check then reads it whole.
    /// `videoExpected`: the file came with the video form, where an MP4 is a video, not a recording.
    public init?(_ head: [UInt8], sentName: String, videoExpected: Bool = false) {
        if let format = SourceFormat(magic: head) {
            switch format {
            case .png: self = .image(fileExtension: "png")
            case .jpeg: self = .image(fileExtension: "jpg")
            case .webp: self = .image(fileExtension: "webp")
            case .gif: self = .image(fileExtension: "gif")
            case .tiff: self = .image(fileExtension: "tif")
            case .heif: self = .image(fileExtension: head.count >= 12 && ["avif", "avis"].contains(String(decoding: head[8..<12], as: UTF8.self)) ? "avif" : "heic")
            case .svg: return nil
            }
            return
        }
        // An MP4 or WebM with a picture is a video; the rest of those containers, and the
        // other formats, are recordings. Only the video form asks for a video.
        if videoExpected, case let .success(ext) = MediaFileKind.videoExtension(head) {
            self = .video(fileExtension: ext)
            return
        }
        if case let .success(format) = RecordingFormat.of(head) {
            self = .recording(fileExtension: format == .mp4 ? "m4a" : format.rawValue)
            return
        }
        guard sentName.lowercased().hasSuffix(".svg") else { return nil }
        let text = String(decoding: head.drop { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }, as: UTF8.self)
        guard text.hasPrefix("<?xml") || text.hasPrefix("<svg") || text.hasPrefix("<!--") else { return nil }
        self = .image(fileExtension: "svg")
    }
}
