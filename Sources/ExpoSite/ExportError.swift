import ExpoCatalog
import Foundation

/// Why an export did not happen. The folder given is untouched in every case.
public enum ExportError: Error, Sendable, CustomStringConvertible {
    case notAFolder(path: String)
    case notAnExport(path: String)
    case cannotWrite(path: String, reason: String)
    case cannotRender(path: String, reason: String)
    case isCatalog(path: String)
    case insideCatalog(path: String, catalog: String)
    case holdsCatalog(path: String, catalog: String)

    public var description: String {
        switch self {
        case let .notAFolder(path):
            "\(path): exists and is not a folder; choose another destination"
        case let .notAnExport(path):
            "\(path): exists and is not an earlier export; choose an empty or new folder"
        case let .cannotWrite(path, reason):
            "\(path): cannot write: \(reason)"
        case let .cannotRender(path, reason):
            "\(path): cannot be made: \(reason)"
        case let .isCatalog(path):
            "\(path): is the catalog folder; export to a folder outside the catalog"
        case let .insideCatalog(path, catalog):
            "\(path): is inside the catalog folder \(catalog); export to a folder outside the catalog"
        case let .holdsCatalog(path, catalog):
            "\(path): holds the catalog folder \(catalog); export to a folder outside the catalog"
        }
    }
}

extension ExportError {
    /// A file system error in a few plain words (`the disk is full; free some space …`):
    /// the path is the case's own, so the words name none.
    static func reason(_ error: any Error) -> String {
        FileProblem(error, file: "").description
    }
}
