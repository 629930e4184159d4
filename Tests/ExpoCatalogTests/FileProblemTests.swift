import ExpoCatalog
import Foundation
import Testing

/// File system errors in plain words: the file, what happened, what to do; never
/// Foundation's `Error Domain=… Code=… UserInfo={…}`.
@Suite struct FileProblemTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-problem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theCommonCocoaErrorsSayWhatHappenedToTheFile() {
        let cases: [(CocoaError.Code, String)] = [
            (.fileWriteFileExists, "out/items.csv: already exists; remove it or choose another name"),
            (.fileWriteNoPermission, "out/items.csv: permission denied; allow this user to use it, or choose another folder"),
            (.fileReadNoPermission, "out/items.csv: permission denied; allow this user to use it, or choose another folder"),
            (.fileReadNoSuchFile, "out/items.csv: does not exist; check the name"),
            (.fileWriteOutOfSpace, "out/items.csv: the disk is full; free some space and try again"),
            (.fileWriteVolumeReadOnly, "out/items.csv: is on a read-only disk; choose a folder on a disk that can be written"),
            (.fileWriteUnknown, "out/items.csv: could not be written; check the file and try again"),
            (.fileReadInapplicableStringEncoding, "out/items.csv: is not UTF-8 text; check the file and try again"),
        ]
        for (code, expected) in cases {
            let said = FileProblem.describe(CocoaError(code), file: "out/items.csv")
            #expect(said == expected)
            #expect(!said.contains("Error Domain"))
        }
        #expect(FileProblem.describe(POSIXError(.ENOTDIR), file: "a/b") == "a/b: a part of this path is a file, not a folder; choose another folder")
    }

    @Test func realFailuresOfFoundationAreNamedInPlainWords() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("items.csv")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/nonexistent-expo1900")
        let source = folder.appendingPathComponent("source.csv")
        try Data("a".utf8).write(to: source)
        let moving = #expect(throws: (any Error).self) { try FileManager.default.moveItem(at: source, to: link) }
        #expect(moving.map { FileProblem.describe($0, file: link.path) }
            == "\(link.path): is a symbolic link to /nonexistent-expo1900, which does not exist; remove it or choose another folder")

        let underAFile = source.appendingPathComponent("inside.csv")
        let writing = #expect(throws: (any Error).self) { try Data("b".utf8).write(to: underAFile) }
        let said = writing.map { FileProblem.describe($0) } ?? ""
        #expect(said.hasPrefix(underAFile.path + ": ") && !said.contains("Error Domain"), "\(said)")

        let missing = #expect(throws: (any Error).self) { try Data(contentsOf: folder.appendingPathComponent("gone.json")) }
        #expect(missing.map { FileProblem.describe($0, file: "gone.json") } == "gone.json: does not exist; check the name")
    }

    @Test func theGuidesOwnErrorsSayThemselves() {
        let error = CatalogError.notFound(path: "somewhere")
        #expect(FileProblem.describe(error) == "somewhere: no such file or folder")
    }
}
