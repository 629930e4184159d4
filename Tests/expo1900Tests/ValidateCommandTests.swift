import Foundation
import Testing

/// `expo1900 validate` end to end: what it prints and the exit status a script sees.
@Suite struct ValidateCommandTests {
    @Test func theDefaultCatalogPassesStrictValidation() throws {
        let result = try CommandRunner.run(["validate", "--strict"])
        #expect(result.standardOutput == "13 exhibits, 2 languages (ko main, en complete), alt text 15/15 images, 0 errors, 0 warnings\n")
        #expect(result.standardError == "")
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
