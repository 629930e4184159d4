import ExpoCatalog
import ExpoSite

/// The exhibit page's videos: for each language, its video and its sign-language video (the
/// draft's, where one was sent) with their captions and poster, whether the draft's is still
/// being made, a link to watch it in the preview, and one form that sends a video, its
/// captions or its poster. A plain form; `studio.js` adds dropping and progress as for photos.
struct VideosSection: TemplateObject {
    struct Video: TemplateObject {
        let label: String
        let file: String?
        let isNew: Bool
        let captions: String?
        let poster: String?
        let status: String?
        let watch: String?
        static let templateFields: TemplateFields<Self> = [
            .field("label", \.label), .field("file", \.file), .field("isNew", \.isNew), .field("captions", \.captions),
            .field("poster", \.poster), .field("status", \.status), .field("watch", \.watch),
        ]
    }

    struct Language: TemplateObject {
        let code: String
        let autonym: String
        static let templateFields: TemplateFields<Self> = [.field("code", \.code), .field("autonym", \.autonym)]
    }

    let videos: [Video]
    let languages: [Language]
    let limit: String
    let posterHint: String

    init(sheet: ExhibitSheet, words: StudioStrings) {
        var videos: [Video] = []
        for language in sheet.languages {
            let page = GuideEditing.previewPath + (language == sheet.primary ? "" : "\(language.code)/") + sheet.guidePath
            for kind in GuideEditing.VideoKind.allCases {
                let file = sheet.current(kind.field, language)
                let hash = sheet.draftedFiles[file]
                let status: String? = switch hash.flatMap(VideoMaking.shared.status(of:)) {
                case .making?: words["video_making"]
                case let .failed(reason)?: words["video_failed", ["reason": reason]]
                case .made?, nil: nil
                }
                let captions = sheet.current(kind.captionsField, language)
                let poster = sheet.current(kind.posterField, language)
                let label = "\(language.autonym) (\(language.code)), " + words[kind == .video ? "video_kind_video_short" : "video_kind_sign_short"]
                guard !file.isEmpty || kind == .video else { continue }
                videos.append(Video(label: label, file: file.isEmpty ? nil : file, isNew: hash != nil,
                                    captions: file.isEmpty ? nil : (captions.isEmpty ? words["video_captions_none"] : captions),
                                    poster: poster.isEmpty ? nil : poster, status: status,
                                    watch: file.isEmpty || status != nil ? nil : page))
            }
        }
        self.videos = videos
        languages = sheet.languages.map { Language(code: $0.code, autonym: $0.autonym) }
        limit = words["video_limit", ["gigabytes": String(GuideEditing.videoLimit >> 30)]]
        posterHint = words["video_poster_hint", ["pictures": sheet.gallery.joined(separator: ", ")]]
    }

    static let templateFields: TemplateFields<Self> = [
        .field("videos", \.videos), .field("languages", \.languages), .field("limit", \.limit), .field("posterHint", \.posterHint),
    ]
}
