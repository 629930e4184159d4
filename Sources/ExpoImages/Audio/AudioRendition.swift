/// One recording as the site serves it: AAC in MP4 (`.m4a`) on disk, and how long it plays.
public struct AudioRendition: Sendable, Equatable {
    public var file: MediaFile
    /// In seconds, as ffprobe measures the file made.
    public var duration: Double

    public init(file: MediaFile, duration: Double) {
        self.file = file
        self.duration = duration
    }

    public static let mediaType = "audio/mp4"
}
