/// One recording as the site serves it: AAC in MP4 (`.m4a`), and how long it plays.
public struct AudioRendition: Sendable, Equatable {
    public var bytes: [UInt8]
    /// In seconds, as ffprobe measures the file made.
    public var duration: Double

    public init(bytes: [UInt8], duration: Double) {
        self.bytes = bytes
        self.duration = duration
    }

    public static let mediaType = "audio/mp4"
}
