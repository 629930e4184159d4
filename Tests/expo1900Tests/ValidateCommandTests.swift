import Foundation
import Testing

/// `expo1900 validate` end to end: what it prints and the exit status a script sees.
@Suite struct ValidateCommandTests {
    @Test func theDefaultCatalogPassesStrictValidation() throws {
        let result = try CommandRunner.run(["validate", "--strict"])
        #expect(result.standardOutput == "versions of the exhibits: ko 3 narrated, 3 audio described, 13 easy read, 0 with video, 0 signed; "
            + "en 3 narrated, 3 audio described, 13 easy read, 0 with video, 0 signed\n"
            + "13 exhibits, 2 tours, 2 languages (ko main, en complete), alt text 15/15 images, 0 errors, 0 warnings\n")
        // A progress line is written once the images take more than a second, as on a first
        // run with an empty image cache on a busy machine; nothing else may be.
        let progress = /^images: \d+ of \d+, (about \d+ s left|done in [\d.]+ s)$/
        #expect(result.standardError.split(separator: "\n").filter { $0.wholeMatch(of: progress) == nil } == [])
        #expect(result.status == 0)
    }

    @Test func aCatalogWithAnErrorExitsOneAndNamesTheFileAndPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"title": "T", "visitors": 1, "location": "L", "duration": "D", "description": "d"}"#.utf8)
            .write(to: folder.appendingPathComponent("exposition_universelle_1900.json"))
        try Data("[\n  {\"image_name\": \"a\",\n  }\n]".utf8).write(to: folder.appendingPathComponent("items.json"))
        let result = try CommandRunner.run(["validate", folder.path])
        #expect(result.standardOutput.hasPrefix("error: items.json:3:3: malformed JSON: unexpected '}', expected a key in quotes\n"))
        #expect(result.standardOutput.hasSuffix("1 error, 0 warnings: the catalog cannot be served\n"))
        #expect(!result.standardOutput.contains("Fatal error"))
        #expect(result.status == 1)
    }

    @Test func aPathThatDoesNotExistExitsTwoWithOneLine() throws {
        let result = try CommandRunner.run(["validate", "/nonexistent/catalog"])
        #expect(result.standardError == "/nonexistent/catalog: no such file or folder\n")
        #expect(result.standardOutput == "")
        #expect(result.status == 2)
    }

    @Test func aFolderThatIsNotACatalogExitsTwo() throws {
        // A folder of its own: the machine's temp folder may hold catalogs a few levels down.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["validate", folder.path])
        #expect(result.standardError == "\(folder.path): not a catalog (a catalog is a folder with items.json and "
            + "exposition_universelle_1900.json, or items.csv and exposition.csv, or an iPhone app's project); found no JSON catalog files and no asset "
            + "catalog with datasets or images\n")
        #expect(result.status == 2)
    }

    @Test func takesTheCatalogAsAnOptionLikeServeAndExport() throws {
        let result = try CommandRunner.run(["validate", "--catalog", "/nonexistent/catalog"])
        #expect(result.standardError == "/nonexistent/catalog: no such file or folder\n")
        #expect(result.status == 2)
    }
}

/// `expo1900 new` and `expo1900 convert` as a curator runs them.
@Suite struct NewAndConvertCommandTests {
    @Test func aNewCatalogPassesStrictValidationInEitherFormat() throws {
        for format in ["csv", "json"] {
            let parent = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-new-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: parent) }
            let folder = parent.appendingPathComponent("my-exhibition").path
            let created = try CommandRunner.run(["new", folder, "--format", format])
            #expect(created.status == 0, "\(created.standardError)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(names.contains("README.md"))
            #expect(names.contains(format == "csv" ? "items.csv" : "items.json"))
            let result = try CommandRunner.run(["validate", folder, "--strict"])
            #expect(result.standardOutput == "3 exhibits, 2 languages (en main, ko complete), alt text 3/3 images, 0 errors, 0 warnings\n", "\(format)")
            #expect(result.status == 0)
        }
    }

    @Test func newRefusesAFolderThatHoldsSomething() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let result = try CommandRunner.run(["new", folder.path])
        #expect(result.status == 1)
        #expect(result.standardError == "expo1900: \(folder.path): already exists and is not empty; give a new folder\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }

    @Test func convertWritesANewFolderAndNeverOverwrites() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let sheets = parent.appendingPathComponent("sheets").path
        let created = try CommandRunner.run(["new", parent.appendingPathComponent("json").path, "--format", "json"])
        #expect(created.status == 0)
        let converted = try CommandRunner.run(["convert", parent.appendingPathComponent("json").path, "--to", "csv", "--output", sheets])
        #expect(converted.standardOutput == "wrote \(sheets) with exposition.csv, items.csv: 3 exhibits in en, ko, loaded back unchanged\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sheets).sorted() == [
            "README.md", "exposition.csv", "flag.svg", "interface.json", "interface.ko.json", "items.csv", "pocket-watch.svg", "postcard.svg", "poster.svg", "slate.svg"])
        let again = try CommandRunner.run(["convert", parent.appendingPathComponent("json").path, "--to", "csv", "--output", sheets])
        #expect(again.status == 1)
        #expect(again.standardError == "expo1900: \(sheets): already exists; give a new folder\n")
        // Nothing half-written is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == ["json", "sheets"])
    }
}
