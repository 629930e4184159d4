import Foundation
import Testing

/// `expo1900 convert` copies a catalog's other files as they are, and only regular files.
@Suite struct ConvertCommandTests {
    /// A one-exhibit catalog in `root`/catalog.
    static func catalog(in root: URL) throws -> URL {
        let folder = root.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try Data(#"{"title": "T", "visitors": 1, "location": "L", "duration": "D", "description": "d"}"#.utf8)
            .write(to: folder.appendingPathComponent("exposition_universelle_1900.json"))
        try Data(#"[{"image_name": "a", "name": "A", "short_desc": "s", "desc": "d"}]"#.utf8).write(to: folder.appendingPathComponent("items.json"))
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: folder.appendingPathComponent("a.svg"))
        return folder
    }

    @Test func aFIFOInTheCatalogIsSkippedWithANoteAndTheConversionFinishes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-convert-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try Self.catalog(in: root)
        try Data("kept".utf8).write(to: folder.appendingPathComponent("notes/read-me.txt"))
        // Opening a FIFO for reading waits for a writer, which never comes.
        #expect(mkfifo(folder.appendingPathComponent("notes/pipe").path, 0o644) == 0)
        let output = root.appendingPathComponent("converted")
        let result = try CommandRunner.run(["convert", folder.path, "--to", "csv", "--output", output.path], timeout: 60)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("note: notes/pipe: is a FIFO (named pipe), not a regular file; not copied\n"))
        let copied = Set(try FileManager.default.contentsOfDirectory(atPath: output.path))
        #expect(copied == ["items.csv", "exposition.csv", "a.svg", "notes"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("notes").path) == ["read-me.txt"])
    }

    /// A link to nothing looks absent, yet nothing can be moved into its place: Foundation's
    /// `Error Domain=NSCocoaErrorDomain Code=516 …` reached the person.
    @Test func anOutputThatIsASymbolicLinkToNothingIsRefusedInPlainWordsAndNothingIsWritten() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-convert-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try Self.catalog(in: root)
        let output = root.appendingPathComponent("converted")
        try FileManager.default.createSymbolicLink(atPath: output.path, withDestinationPath: "/nonexistent-expo1900")
        let result = try CommandRunner.run(["convert", folder.path, "--to", "csv", "--output", output.path], timeout: 60)
        #expect(result.status != 0)
        #expect(result.standardError == "expo1900: \(output.path): is a symbolic link to /nonexistent-expo1900, which does not exist; "
            + "remove it or choose another folder\n")
        #expect(!result.standardError.contains("Error Domain") && !result.standardError.contains("NSCocoaErrorDomain"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: root.path)) == ["catalog", "converted"], "no half-written folder")

        let holding = root.appendingPathComponent("holding")
        try FileManager.default.createDirectory(at: holding, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: holding.appendingPathComponent("items.csv").path, withDestinationPath: "/nonexistent-expo1900")
        let into = try CommandRunner.run(["convert", folder.path, "--to", "csv", "--output", holding.path], timeout: 60)
        #expect(into.status != 0)
        #expect(into.standardError.contains(holding.path) && !into.standardError.contains("Error Domain"))

        let underAFile = root.appendingPathComponent("catalog/a.svg/converted")
        let blocked = try CommandRunner.run(["convert", folder.path, "--to", "csv", "--output", underAFile.path], timeout: 60)
        #expect(blocked.status != 0)
        #expect(blocked.standardError.hasSuffix("\(underAFile.path): a part of this path is a file, not a folder; choose another folder\n"),
                "\(blocked.standardError)")
    }
}
