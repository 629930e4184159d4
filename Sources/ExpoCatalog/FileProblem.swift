import Foundation

/// A file system error as a person reads it: which file, what happened, what to do.
/// Foundation's own text (`Error Domain=NSCocoaErrorDomain Code=516 "…" UserInfo={…}`)
/// names neither the file nor a way out, so every command prints errors through this.
/// A value, not an error of its own: the module's error stays `CatalogError`, and a
/// command's error carries this where a file is the trouble.
public struct FileProblem: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case exists
        /// A symbolic link whose target is not there: it looks absent, yet nothing can be
        /// written in its place.
        case danglingLink(target: String)
        case noPermission
        case noSuchFile
        case diskFull
        /// A part of the path that should be a folder is a file.
        case notAFolder
        case readOnlyVolume
        /// Anything else, in the system's own few words.
        case other(String)
    }

    /// The file as the person gave it or as the error names it; empty when neither does.
    public var file: String
    public var kind: Kind

    public init(file: String, kind: Kind) {
        self.file = file
        self.kind = kind
    }

    /// What `error` says happened to `file` (or to the file the error itself names).
    public init(_ error: any Error, file: String? = nil) {
        let nsError = error as NSError
        let named = (nsError.userInfo[NSFilePathErrorKey] as? String) ?? (nsError.userInfo[NSURLErrorKey] as? URL)?.path
        self.file = file ?? named ?? ""
        let said = Self.kind(of: error)
        if let target = Self.danglingTarget(self.file) ?? named.flatMap(Self.danglingTarget) {
            kind = .danglingLink(target: target)
        } else if case .other = said, [self.file, named ?? ""].contains(where: Self.liesUnderAFile) {
            // Foundation on Linux reports a folder made under a file as error 512 and no more.
            kind = .notAFolder
        } else {
            kind = said
        }
    }

    /// `DEST/items.csv: is a symbolic link to /nonexistent, which does not exist; remove it
    /// or choose another folder`.
    public var description: String {
        let what = switch kind {
        case .exists: "already exists; remove it or choose another name"
        case let .danglingLink(target):
            "is a symbolic link to \(target), which does not exist; remove it or choose another folder"
        case .noPermission: "permission denied; allow this user to use it, or choose another folder"
        case .noSuchFile: "does not exist; check the name"
        case .diskFull: "the disk is full; free some space and try again"
        case .notAFolder: "a part of this path is a file, not a folder; choose another folder"
        case .readOnlyVolume: "is on a read-only disk; choose a folder on a disk that can be written"
        case let .other(reason): "\(reason); check the file and try again"
        }
        // A file's name may hold control characters: written out, as a diagnostic's are.
        return ControlCharacters.escaped(file.isEmpty ? what : "\(file): \(what)")
    }

    /// Any error as a person reads it: a file system error through `FileProblem`, naming
    /// `file`; an error of the guide's own (which names its file already) as it says itself.
    public static func describe(_ error: any Error, file: String? = nil) -> String {
        let domain = (error as NSError).domain
        if domain == NSCocoaErrorDomain || domain == NSPOSIXErrorDomain { return FileProblem(error, file: file).description }
        let said = String(describing: error)
        return said.hasPrefix("Error Domain=") ? FileProblem(error, file: file).description : said
    }

    /// The target of `path` when it is a symbolic link to nothing, else nil.
    public static func danglingTarget(_ path: String) -> String? {
        guard !path.isEmpty, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path),
              !FileManager.default.fileExists(atPath: path) else { return nil }
        return target
    }

    /// Whether a folder above `path` is in fact a file.
    private static func liesUnderAFile(_ path: String) -> Bool {
        var folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        while !folder.isEmpty, folder != "/", folder != "." {
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) { return !isFolder.boolValue }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return false
    }

    private static func kind(of swiftError: any Error) -> Kind {
        let error = swiftError as NSError
        if error.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: error.code) {
            case .fileWriteFileExists: return .exists
            case .fileReadNoPermission, .fileWriteNoPermission: return .noPermission
            case .fileReadNoSuchFile, .fileNoSuchFile: return .noSuchFile
            case .fileWriteOutOfSpace: return .diskFull
            case .fileWriteVolumeReadOnly: return .readOnlyVolume
            default: break
            }
            if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError { return kind(of: underlying) }
            // Foundation's own sentence for the rest names its domain and number, not what happened.
            let what = switch CocoaError.Code(rawValue: error.code) {
            case .fileReadCorruptFile: "is not in a form that can be read"
            case .fileReadInapplicableStringEncoding, .fileReadUnknownStringEncoding: "is not UTF-8 text"
            case .fileReadTooLarge: "is too large to read"
            case .fileWriteInvalidFileName, .fileReadInvalidFileName: "is not a name a file can have"
            case .fileLocking: "is locked by another program"
            default: error.code >= 512 && error.code < 1024 ? "could not be written" : "could not be read"
            }
            return .other(what)
        }
        if error.domain == NSPOSIXErrorDomain {
            switch POSIXErrorCode(rawValue: Int32(error.code)) {
            case .EEXIST?, .ENOTEMPTY?: return .exists
            case .EACCES?, .EPERM?: return .noPermission
            case .ENOENT?: return .noSuchFile
            case .ENOSPC?, .EDQUOT?: return .diskFull
            case .ENOTDIR?: return .notAFolder
            case .EROFS?: return .readOnlyVolume
            default: return .other(String(cString: strerror(Int32(error.code))).lowercased())
            }
        }
        // A Swift error of the guide's own says itself; Foundation's are reduced to their sentence.
        let said = String(describing: swiftError)
        return .other(said.hasPrefix("Error Domain=") ? "failed (\(error.domain) \(error.code))" : said)
    }
}
