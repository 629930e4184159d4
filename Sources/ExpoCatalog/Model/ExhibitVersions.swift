/// An exhibit's versions in one language for the visitors the text and the recording alone
/// do not serve: a video (a curator's talk), the text in a sign language, a recording that
/// describes what the object looks like, and the text in plain language. Per language, as
/// the recording is: a translation has its own or none, since a sign language or an
/// easy-read text in another language serves no one who reads this one.
public struct ExhibitVersions: Sendable, Equatable {
    /// A video about the exhibit, such as a curator's talk: the catalog's `video`.
    public var video: ExhibitVideo?
    /// The exhibit's text in a sign language: `sign_video`.
    public var signVideo: ExhibitVideo?
    /// A recording that describes what the object looks like, for blind visitors: a file
    /// name in `Catalog.recordings`, made as the narration is (`audio_description`).
    public var audioDescription: String?
    /// What the audio description says (`audio_description_transcript`).
    public var audioDescriptionTranscript: Transcript?
    /// The exhibit in plain language: short sentences, one a line (`easy_read`).
    public var easyRead: String?

    public init(video: ExhibitVideo? = nil, signVideo: ExhibitVideo? = nil, audioDescription: String? = nil,
                audioDescriptionTranscript: Transcript? = nil, easyRead: String? = nil) {
        self.video = video
        self.signVideo = signVideo
        self.audioDescription = audioDescription
        self.audioDescriptionTranscript = audioDescriptionTranscript
        self.easyRead = easyRead
    }

    public var isEmpty: Bool { self == ExhibitVersions() }

    /// Whether any of them names a file the load finds beside the images.
    var namesFiles: Bool {
        video != nil || signVideo != nil || audioDescription != nil || audioDescriptionTranscript?.file != nil
    }

    /// The versions a visitor may choose that this exhibit has.
    public var kinds: [GuideVersion] {
        var kinds: [GuideVersion] = []
        if audioDescription != nil { kinds.append(.audioDescription) }
        if easyRead != nil { kinds.append(.easyRead) }
        if signVideo != nil { kinds.append(.sign) }
        return kinds
    }
}

/// A video of an exhibit, as the catalog names it: the curator's file and its captions.
public struct ExhibitVideo: Sendable, Equatable {
    /// The original's file name beside the images: a key of `Catalog.videos`.
    public var file: String
    /// Its captions, a WebVTT file read: the cues are shown over the video and their text
    /// is its transcript. Nil when the catalog gives none (a warning: deaf visitors need them).
    public var captions: Transcript?
    /// The picture shown before it plays (`video_poster`): a moment of it, or an image of the
    /// catalog; nil for the frame a second in.
    public var poster: VideoPoster?

    public init(file: String, captions: Transcript? = nil, poster: VideoPoster? = nil) {
        self.file = file
        self.captions = captions
        self.poster = poster
    }
}

/// A video's poster as the catalog chooses it: `video_poster` is a number of seconds into
/// the video (`12.5`), or the name of one of the catalog's images (`jikji-2`).
public enum VideoPoster: Sendable, Equatable, Hashable {
    case second(Double)
    case image(String)

    /// What `text` says, or nil when it is neither a time within the longest video nor an image's name.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // Whatever reads as a number is a time, or nothing: `-3` and `1e9` are no picture's names.
        if let seconds = Double(trimmed) {
            guard trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), seconds.isFinite, seconds <= 24 * 3600 else { return nil }
            self = .second(seconds)
        } else if Exhibit.isSafeID(trimmed) {
            self = .image(trimmed)
        } else {
            return nil
        }
    }

    /// As the catalog writes it.
    public var text: String {
        switch self {
        case let .second(seconds): seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        case let .image(name): name
        }
    }
}

/// How a visitor would like the guide: chosen once, kept on the device, followed on every page.
public enum GuideVersion: String, Sendable, CaseIterable {
    case standard
    case audioDescription = "description"
    case easyRead = "easy"
    case sign

    /// The value of `?guide=` that chooses it, and of the choice kept on the device.
    public var code: String { rawValue }
}

/// An exhibit's versions, shared by its copies until one of them changes them: most
/// exhibits have none, and carry one nil.
final class VersionsBox: Sendable, Equatable {
    let versions: ExhibitVersions

    init(_ versions: ExhibitVersions) {
        self.versions = versions
    }

    static func == (left: VersionsBox, right: VersionsBox) -> Bool {
        left === right || left.versions == right.versions
    }
}
