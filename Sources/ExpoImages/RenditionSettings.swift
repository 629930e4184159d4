/// How raster images are made for the web. Part of every cache key: changing a setting
/// makes the images again.
public struct RenditionSettings: Sendable, Hashable {
    /// The widths made from each original, never wider than it: a list thumbnail on a 3x
    /// phone takes 320, the exhibit image 800 or 1200, a desktop or zoomed view the rest.
    public var widths = [320, 480, 800, 1200, 1600, 2400]
    /// Qualities picked by eye on the reference photos: the smallest files without
    /// visible banding or blocking at a phone's pixel density.
    public var avifQuality = 50
    /// libheif's speed trade-off (0 slowest, 9 fastest); 4 is within 3 % of the smallest
    /// files at a third of the time of the slowest.
    public var avifEffort = 4
    public var webpQuality = 75
    public var jpegQuality = 80
    /// Larger originals are refused rather than decoded. A gigapixel covers every camera
    /// and the museums' largest scans (40,000 × 25,000), which are read a strip at a time,
    /// never whole: the renditions shrink them as they are decoded, the tiles cut them as
    /// they are read. A 100,000 × 100,000 "bomb" (10 gigapixels) is refused unread.
    public var pixelLimit = 1_000_000_000
    /// An SVG declaring more than this many pixels is served as written, never drawn:
    /// librsvg would be asked for the declared size.
    public var vectorPixelLimit = 100_000_000
    /// Raised whenever the way images are made changes, so old cache entries are not used.
    public var pipelineVersion = 1
    /// A live preview's stand-in while the real renditions are made: one width, as JPEG
    /// (PNG with transparency) only. AVIF's encoder takes seconds for a camera's photo; this takes a fraction of one.
    public var draft = false

    public init() {}

    /// What `serve --watch` shows of a new or changed photo until its renditions are ready.
    public static var draft: RenditionSettings {
        var settings = RenditionSettings()
        settings.widths = [largestShownWidth * 2 + 32]
        settings.draft = true
        return settings
    }

    /// The widest image a screen shows, in CSS pixels: the exhibit image (24rem) at its
    /// default text size. An original narrower than twice this looks soft on a phone.
    public static let largestShownWidth = 384

    var fingerprint: String {
        "v\(pipelineVersion) w\(widths.map(String.init).joined(separator: ",")) "
            + "avif\(avifQuality)e\(avifEffort) webp\(webpQuality) jpeg\(jpegQuality)" + (draft ? " draft" : "")
    }
}
