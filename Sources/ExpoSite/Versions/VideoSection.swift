import ExpoCatalog

/// A video on an exhibit's page, a curator's talk or the text in a sign language: the
/// browser's own player with the poster frame, captions on by default, the length, and the
/// transcript (the captions' text) on demand. Nothing of it is fetched before it plays but
/// the poster (`preload="none"`), and its size is reserved so the page does not move.
struct VideoSection: Sendable {
    var heading: String
    var headingID: String
    /// `sign` for the sign-language video, a version a visitor may choose; nil for a curator's video.
    var version: String?
    var src: String
    var poster: String
    var width: Int
    var height: Int
    var lengthText: String
    var unsupported: String
    var track: AudioGuide.Track?
    var transcriptLabel: String
    var paragraphs: [AudioGuide.Paragraph]
    var hasTranscript: Bool

    /// The exhibit's curator's video in `language`; nil without one, or when it could not be made.
    static func curators(_ exhibit: Exhibit, language: Language, strings: UIStrings, assets: SiteAssets) -> VideoSection? {
        exhibit.versions.video.flatMap {
            VideoSection($0, heading: strings.versions.video, headingID: "video-heading", version: nil,
                         language: language, strings: strings, assets: assets)
        }
    }

    /// The exhibit's sign-language video in `language`; nil without one.
    static func sign(_ exhibit: Exhibit, language: Language, strings: UIStrings, assets: SiteAssets) -> VideoSection? {
        exhibit.versions.signVideo.flatMap {
            VideoSection($0, heading: strings.versions.name(.sign), headingID: "sign-heading", version: GuideVersion.sign.code,
                         language: language, strings: strings, assets: assets)
        }
    }

    private init?(_ named: ExhibitVideo, heading: String, headingID: String, version: String?, language: Language,
                  strings: UIStrings, assets: SiteAssets) {
        guard let video = assets.video(named.file) else { return nil }
        self.heading = heading
        self.headingID = headingID
        self.version = version
        src = video.link
        poster = video.poster.link
        width = video.width
        height = video.height
        lengthText = strings.audioLength.replacingOccurrences(of: "{duration}", with: AudioGuide.clock(video.duration))
        unsupported = strings.versions.videoUnsupported
        transcriptLabel = strings.transcript
        // Captions are WebVTT by the time a load has read them.
        (track, paragraphs) = AudioGuide.timedText(named.captions, label: strings.versions.captions, language: language, assets: assets)
        hasTranscript = !paragraphs.isEmpty
    }
}

extension VideoSection: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("heading", \.heading),
        .field("headingID", \.headingID),
        .field("version", \.version),
        .field("src", \.src),
        .field("poster", \.poster),
        .field("width", \.width),
        .field("height", \.height),
        .field("lengthText", \.lengthText),
        .field("unsupported", \.unsupported),
        .field("track", \.track),
        .field("transcriptLabel", \.transcriptLabel),
        .field("paragraphs", \.paragraphs),
        .field("hasTranscript", \.hasTranscript),
    ]
}
