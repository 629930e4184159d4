import Foundation

/// A folder of catalogs (`--catalogs DIR`): each sub-folder, or zip, is an exhibition served
/// under its name (`DIR/korea-1900` at `/korea-1900/`), and `museum.json` beside them may
/// name the museum, say a few words and set their order.
public struct MuseumFolder: Sendable {
    /// One exhibition found in the folder: its name in addresses and where its catalog is.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var url: URL
    }

    /// The museum's own file at the folder's root; optional.
    public static let fileName = "museum.json"

    public let url: URL
    public let entries: [Entry]
    public let description: MuseumDescription
    /// Problems with the folder itself: names that cannot be an address, and `museum.json`'s.
    public let diagnostics: [Diagnostic]

    /// Names the guide's own files and routes take at the root of a served museum.
    static let reserved: Set<String> = ["assets", "studio", "iiif", "count", "sw.js", "404.html", "manifest.webmanifest", "items", "stop"]

    public enum Failure: Error, Sendable, CustomStringConvertible {
        case notFound(path: String)
        case notAFolder(path: String)
        case isACatalog(path: String)
        case unreadable(path: String, reason: String)

        public var description: String {
            switch self {
            case let .notFound(path): "\(path): no such folder"
            case let .notAFolder(path): "\(path): not a folder (--catalogs takes a folder whose sub-folders are catalogs)"
            case let .isACatalog(path): "\(path): this folder is one catalog; give it with --catalog, or put it in a folder of its own for --catalogs"
            case let .unreadable(path, reason): "\(path): cannot be read: \(reason)"
            }
        }
    }

    /// Reads the folder's listing and its `museum.json`; the catalogs themselves are loaded by the caller.
    public static func open(_ url: URL) throws(Failure) -> MuseumFolder {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { throw .notFound(path: url.path) }
        guard isFolder.boolValue else { throw .notAFolder(path: url.path) }
        if ["items.json", "items.csv", "exposition_universelle_1900.json", "exposition.csv"].contains(where: {
            FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path)
        }) {
            throw .isACatalog(path: url.path)
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        var diagnostics: [Diagnostic] = []
        var entries: [Entry] = []
        for file in names.sorted() where !file.hasPrefix(".") && file != fileName && file != "__MACOSX" {
            let child = url.appendingPathComponent(file)
            var childIsFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: child.path, isDirectory: &childIsFolder)
            let isZip = !childIsFolder.boolValue && file.lowercased().hasSuffix(".zip")
            guard childIsFolder.boolValue || isZip else { continue }
            let name = isZip ? String(file.dropLast(4)) : file
            if let problem = problem(withName: name) {
                diagnostics.append(Diagnostic(.error, file: file, "cannot be served: \(problem)"))
                continue
            }
            if entries.contains(where: { $0.name == name }) {
                diagnostics.append(Diagnostic(.error, file: file, "cannot be served: a folder named \(name) is served at /\(name)/ already"))
                continue
            }
            entries.append(Entry(name: name, url: child))
        }
        var description = MuseumDescription()
        let museumFile = url.appendingPathComponent(fileName)
        if FileManager.default.fileExists(atPath: museumFile.path) {
            description = MuseumDescription.read(museumFile, diagnostics: &diagnostics)
        }
        for name in description.order where !entries.contains(where: { $0.name == name }) {
            diagnostics.append(Diagnostic(.warning, file: fileName, place: ".order",
                                          "\(name) is no exhibition in this folder (there are: \(entries.map(\.name).joined(separator: ", ")))"))
        }
        return MuseumFolder(url: url, entries: entries, description: description, diagnostics: diagnostics)
    }

    /// Why `name` cannot be an exhibition's address, or nil when it can.
    public static func problem(withName name: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~")
        guard !name.isEmpty, name.allSatisfy(allowed.contains), !name.hasPrefix("_"), !name.hasPrefix("."), !name.hasPrefix("~") else {
            return "its name becomes the exhibition's address, so it may hold only letters A to Z, digits, - _ . ~ (rename it, for example to \(suggestedName(for: name)))"
        }
        if reserved.contains(name.lowercased()) {
            return "\(name) is a name the guide uses for its own files; rename it"
        }
        if Language.isValidCode(name), Language(name).isKnown, name.allSatisfy({ $0.isLetter || $0 == "-" }) {
            return "\(name) could be a language's code, which the museum's front page uses for its own languages (/en/); rename it, for example to \(name)-exhibition"
        }
        return nil
    }

    /// A name made of the allowed characters, for the message.
    private static func suggestedName(for name: String) -> String {
        let kept = name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? String($0) : "-" }.joined()
        let trimmed = kept.split(separator: "-").joined(separator: "-")
        return trimmed.isEmpty ? "exhibition-1" : trimmed
    }

    public init(url: URL, entries: [Entry], description: MuseumDescription, diagnostics: [Diagnostic]) {
        self.url = url
        self.entries = entries
        self.description = description
        self.diagnostics = diagnostics
    }
}
