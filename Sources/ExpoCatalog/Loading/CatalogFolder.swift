import Foundation

/// A catalog folder on disk: what files it holds, and reading them with every failure turned
/// into a diagnostic that names the file.
struct CatalogFolder {
    let url: URL
    /// The names of the regular files directly in the folder.
    let fileNames: Set<String>

    init(url: URL) {
        self.url = url
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        self.fileNames = Set(names)
    }

    func contains(_ fileName: String) -> Bool { fileNames.contains(fileName) }

    /// The bytes of a file, or an error diagnostic saying why they could not be had.
    func read(_ fileName: String) -> Result<[UInt8], Diagnostic> {
        let fileURL = url.appendingPathComponent(fileName)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isFolder) else {
            return .failure(Diagnostic(.error, file: fileName, "missing"))
        }
        if isFolder.boolValue {
            return .failure(Diagnostic(.error, file: fileName, "is a folder, not a file"))
        }
        guard let data = FileManager.default.contents(atPath: fileURL.path) else {
            return .failure(Diagnostic(.error, file: fileName, "cannot be read (check its permissions)"))
        }
        return .success([UInt8](data))
    }

    /// The file parsed as JSON, or an error diagnostic: unreadable, empty, or malformed with
    /// the line and column.
    func readJSON(_ fileName: String) -> Result<JSONValue, Diagnostic> {
        read(fileName).flatMap { bytes in
            let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            if content.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                return .failure(Diagnostic(.error, file: fileName, "the file is empty"))
            }
            do throws(JSONSyntaxError) {
                return .success(try JSONParser.parse(bytes))
            } catch {
                return .failure(Diagnostic(
                    .error, file: fileName, place: ":\(error.line):\(error.column)",
                    "malformed JSON: \(error.message)"))
            }
        }
    }
}
