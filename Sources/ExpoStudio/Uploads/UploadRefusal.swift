/// Why a file sent to the studio was not taken, in words for the person who sent it.
enum UploadRefusal: Error, Equatable {
    case notAnImage
    case unplayable(String)
    case unusable(String)
    case unwritable(String)
    case tooLarge(limit: Int)
    case badName

    func message(_ words: StudioStrings) -> String {
        switch self {
        case .notAnImage: words["upload_not_image"]
        case let .unusable(reason), let .unplayable(reason): words["upload_unusable", ["reason": reason]]
        case let .unwritable(reason): words["upload_unwritable", ["reason": reason]]
        case let .tooLarge(limit): words["upload_too_large", ["megabytes": String(limit >> 20)]]
        case .badName: words["upload_bad_name"]
        }
    }
}
