import Foundation

/// A curator's recording (`audio` of an item), found beside the images. Its bytes are not
/// read when the catalog loads: originals are megabytes each, and the audio work reads one
/// at a time, from where the loader found it inside the catalog's folder.
public struct CatalogRecording: Sendable, Equatable {
    /// The file's name, relative to the catalog folder, as messages name it.
    public var file: String
    /// Where it really is (symbolic links resolved, inside the catalog's folder).
    public var url: URL
    /// Each exhibit that plays it, as `id (language)`, for messages about the file.
    public var usedBy: [String]

    public init(file: String, url: URL, usedBy: [String] = []) {
        self.file = file
        self.url = url
        self.usedBy = usedBy
    }

    /// The formats a curator's original may be in, by extension: ffmpeg reads each of them.
    public static let extensions = ["wav", "aif", "aiff", "flac", "mp3", "m4a", "aac", "mp4", "ogg", "oga", "opus", "webm"]

    /// Whether `name` is a plain file name (no folder) with one of those extensions.
    public static func isAcceptedName(_ name: String) -> Bool { isPlainName(name, endingIn: extensions) }

    /// Whether `name` is a file name without a folder, not hidden, with one of `extensions`
    /// (lowercase; the name's may be any case).
    static func isPlainName(_ name: String, endingIn extensions: [String]) -> Bool {
        guard !name.contains("/"), !name.contains("\\"), !name.hasPrefix("."),
              let dot = name.lastIndex(of: "."), name.startIndex < dot else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
