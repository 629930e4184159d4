import Foundation
import Testing

/// `expo1900 export` end to end.
@Suite struct ExportCommandTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-cli-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func exportsTheDefaultCatalogAndSaysWhatItWrote() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("site").path
        let result = try CommandRunner.run(["export", target, "--base-path", "/expo1900/"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.wholeMatch(of: /Exported 32 pages in \d+ files \([\d,]+ bytes\) to .*\n/) != nil, "\(result.standardOutput)")
        let home = try String(contentsOfFile: target + "/index.html", encoding: .utf8)
        #expect(home.contains("href=\"/expo1900/items/\""))
        #expect(FileManager.default.fileExists(atPath: target + "/en/items/jikji/index.html"))
    }

    @Test func aCatalogThatCannotLoadLeavesTheFolderUntouched() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("site").path
        #expect(try CommandRunner.run(["export", target]).status == 0)
        let before = try String(contentsOfFile: target + "/index.html", encoding: .utf8)
        let broken = parent.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("[".utf8).write(to: broken.appendingPathComponent("items.json"))
        try Data("{}".utf8).write(to: broken.appendingPathComponent("exposition_universelle_1900.json"))
        let result = try CommandRunner.run(["export", target, "--catalog", broken.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("items.json:1:2: malformed JSON"))
        #expect(try String(contentsOfFile: target + "/index.html", encoding: .utf8) == before)
    }

    @Test func refusesAFolderThatIsNotAnExport() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        try Data("keep".utf8).write(to: parent.appendingPathComponent("notes.txt"))
        let result = try CommandRunner.run(["export", parent.path])
        #expect(result.status == 1)
        #expect(result.standardError == "expo1900: \(parent.path): exists and is not an earlier export; choose an empty or new folder\n")
        #expect(try String(contentsOfFile: parent.appendingPathComponent("notes.txt").path, encoding: .utf8) == "keep")
    }

    @Test func refusesABasePathThatIsNotAPath() throws {
        let result = try CommandRunner.run(["export", "/tmp/unused", "--base-path", "/../x"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("the base path must be a path such as /expo1900/"))
    }
}
