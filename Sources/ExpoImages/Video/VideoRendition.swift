/// One video as the site serves it: H.264 and AAC in MP4, its poster frame, how long it
/// plays and how large its picture is (pages reserve the space before it loads).
public struct VideoRendition: Sendable, Equatable {
    public var bytes: [UInt8]
    /// A JPEG of one frame, shown before the video plays.
    public var poster: [UInt8]
    /// In seconds, as ffprobe measures the file made.
    public var duration: Double
    public var width: Int
    public var height: Int

    public init(bytes: [UInt8], poster: [UInt8], duration: Double, width: Int, height: Int) {
        self.bytes = bytes
        self.poster = poster
        self.duration = duration
        self.width = width
        self.height = height
    }

    public static let mediaType = "video/mp4"
}
