/// One video as the site serves it: H.264 and AAC in MP4 on disk, its poster frame, how
/// long it plays and how large its picture is (pages reserve the space before it loads).
public struct VideoRendition: Sendable, Equatable {
    public var file: MediaFile
    /// A JPEG of one frame, shown before the video plays: small, so held in memory.
    public var poster: [UInt8]
    /// In seconds, as ffprobe measures the file made.
    public var duration: Double
    public var width: Int
    public var height: Int

    public init(file: MediaFile, poster: [UInt8], duration: Double, width: Int, height: Int) {
        self.file = file
        self.poster = poster
        self.duration = duration
        self.width = width
        self.height = height
    }

    public static let mediaType = "video/mp4"
}
