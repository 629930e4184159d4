import Foundation
import Testing

/// A catalog given as a zip, as the studio downloads it or a file manager makes it: every
/// command reads it as the folder; a hostile zip is one line and exit status 2; the folder
/// it was unpacked into is gone when the command ends.
@Suite struct ZipCatalogCommandTests {
    static let defaultCatalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/ExpoCatalog/Resources/DefaultCatalog").standardizedFileURL

    private func zip(_ folder: URL, to zip: URL) throws {
        // Python's zipfile, as a file manager zips a folder: its name first in every path.
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-m", "zipfile", "-c", zip.path, folder.path]
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
    }

    @Test func aZippedCatalogValidatesAsItsFolderAndLeavesNothingBehind() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-zip-cli-\(UUID().uuidString)")
        let temporary = work.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let archive = work.appendingPathComponent("guide.zip")
        try zip(Self.defaultCatalog, to: archive)
        let fromFolder = try CommandRunner.run(["validate", Self.defaultCatalog.path])
        let fromZip = try CommandRunner.run(["validate", archive.path], environment: ["TMPDIR": temporary.path])
        #expect(fromZip.status == 0, "\(fromZip.standardError)")
        #expect(fromZip.standardOutput == fromFolder.standardOutput)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "the unpacked folder is removed")
    }

    @Test func aHostileZipIsOneLineAndExitStatusTwo() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-zip-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let archive = work.appendingPathComponent("evil.zip")
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1], 'w'); z.writestr('items.json', '[]'); z.writestr('../escaped.txt', 'x'); z.close()", archive.path]
        try python.run()
        python.waitUntilExit()
        let result = try CommandRunner.run(["validate", archive.path])
        #expect(result.status == 2)
        #expect(result.standardError == "\(archive.path): a zip that cannot be read as a catalog: ../escaped.txt: a path outside the folder it unpacks into\n"
                || result.standardError.hasSuffix("a zip that cannot be read as a catalog: ../escaped.txt: a path outside the folder it unpacks into\n"),
                "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: work.deletingLastPathComponent().appendingPathComponent("escaped.txt").path))
        let studio = try CommandRunner.run(["studio", "--catalog", archive.path, "--port", "0"])
        #expect(studio.status == 2 && studio.standardError.contains("the studio edits a catalog folder, not a zip"))
    }
}
