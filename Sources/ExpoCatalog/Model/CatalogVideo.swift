import Foundation

/// A curator's video (`video` or `sign_video` of an item), found beside the images. As with
/// recordings, its bytes are not read when the catalog loads; the video work reads them.
public struct CatalogVideo: Sendable, Equatable {
    /// The file's name, relative to the catalog folder, as messages name it.
    public var file: String
    /// Where it really is (symbolic links resolved, inside the catalog's folder).
    public var url: URL
    /// Each exhibit that shows it, as `id (language)`, for messages about the file.
    public var usedBy: [String]
    /// The poster its first exhibit chooses (`video_poster`); nil for the frame a second in.
    public var poster: VideoPoster?

    public init(file: String, url: URL, usedBy: [String] = [], poster: VideoPoster? = nil) {
        self.file = file
        self.url = url
        self.usedBy = usedBy
        self.poster = poster
    }

    /// The formats a curator's original may be in, by extension: MP4 and QuickTime (H.264,
    /// HEVC), WebM, AVI and Matroska, each of which ffmpeg reads.
    public static let extensions = ["mp4", "m4v", "mov", "webm", "avi", "mkv"]

    /// Whether `name` is a plain file name (no folder) with one of those extensions.
    public static func isAcceptedName(_ name: String) -> Bool { CatalogRecording.isPlainName(name, endingIn: extensions) }
}
