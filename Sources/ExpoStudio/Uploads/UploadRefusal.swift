/// Why a file sent to the studio was not taken, in words for the person who sent it.
enum UploadRefusal: Error, Equatable {
    case notAnImage
    case unplayable(String)
    case unusable(String)
    case unwritable(String)
    case tooLarge(limit: Int)
    case badName
    /// Sent with the video form, and not a video the guide reads.
    case notAVideo
    /// Captions, or a poster, for a video the exhibit does not have in that language.
    case noVideo
    /// A poster that is neither a time nor one of the exhibit's pictures.
    case badPoster(String)

    func message(_ words: StudioStrings) -> String {
        switch self {
        case .notAnImage: words["upload_not_image"]
        case let .unusable(reason), let .unplayable(reason): words["upload_unusable", ["reason": reason]]
        case let .unwritable(reason): words["upload_unwritable", ["reason": reason]]
        case let .tooLarge(limit): words["upload_too_large", ["megabytes": String(limit >> 20)]]
        case .badName: words["upload_bad_name"]
        case .notAVideo: words["upload_not_video"]
        case .noVideo: words["upload_no_video"]
        case let .badPoster(given): words["upload_bad_poster", ["poster": given]]
        }
    }
}
