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
    /// A file system error in a few plain words (`no space left on device`).
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue)).lowercased()
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))).lowercased() }
        return nsError.localizedDescription
    }
}
