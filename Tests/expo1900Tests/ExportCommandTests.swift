import Foundation
import Synchronization
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
        #expect(result.standardOutput.wholeMatch(of: /Exported 78 pages in \d+ files \([\d,]+ bytes\) to .*\n/) != nil, "\(result.standardOutput)")
        let home = try String(contentsOfFile: target + "/index.html", encoding: .utf8)
        #expect(home.contains("href=\"/expo1900/items/\""))
        #expect(FileManager.default.fileExists(atPath: target + "/en/items/jikji/index.html"))
        for labels in ["labels", "labels/letter", "labels/poster"] {
            #expect(FileManager.default.fileExists(atPath: target + "/\(labels)/index.html"), "the export has /\(labels)/")
        }
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

    /// An export inside the catalog became part of it: a watching server took its files for
    /// the catalog's. It is refused before the catalog is even read.
    @Test func refusesToExportIntoTheCatalogBeforeAnyWork() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let catalog = parent.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        // Not a catalog at all: reading it would fail with exit status 2, so a 1 shows nothing was read.
        try Data("notes".utf8).write(to: catalog.appendingPathComponent("notes.txt"))
        let target = catalog.appendingPathComponent("site").path
        let result = try CommandRunner.run(["export", target, "--catalog", catalog.path])
        #expect(result.status == 1)
        #expect(result.standardError == "expo1900: \(target): is inside the catalog folder \(catalog.path); export to a folder outside the catalog\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: catalog.path) == ["notes.txt"])
    }

    /// A catalog of 1,000 exhibits without images in `parent/catalog`: enough that exporting
    /// it takes a while, with nothing to make but pages.
    private func thousandExhibits(in parent: URL) throws -> URL {
        let catalog = parent.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let items = (1...1000).map { #"{"image_name": "item-\#($0)", "name": "Item \#($0)", "short_desc": "x", "desc": "Text."}"# }
        try Data(("[" + items.joined(separator: ",") + "]").utf8).write(to: catalog.appendingPathComponent("items.json"))
        try Data(#"{"title": "T", "visitors": 1, "location": "P", "duration": "1900", "description": "D"}"#.utf8)
            .write(to: catalog.appendingPathComponent("exposition_universelle_1900.json"))
        return catalog
    }

    /// `expo1900 export target --catalog catalog`, started. Its output (a warning per missing
    /// image) is not read: to a pipe, it would fill it.
    private func startExport(_ target: URL, _ catalog: URL) throws -> Process {
        let process = Process()
        process.executableURL = CommandRunner.program
        process.arguments = ["export", target.path, "--catalog", catalog.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// An export killed mid-write left its staging folder beside the destination for good;
    /// the next export to the same place removes it.
    @Test func theNextExportRemovesTheStagingFolderOfAKilledOne() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let catalog = try thousandExhibits(in: parent)
        let target = parent.appendingPathComponent("site")
        func staging() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.hasPrefix(".site.export-") }
        }
        func export() throws -> Process { try startExport(target, catalog) }
        // Killed once its staging folder holds some pages; a run that finishes first is tried again.
        var left: [String] = []
        for _ in 0..<3 where left.isEmpty {
            let process = try export()
            while process.isRunning {
                if let folder = staging().first,
                   ((try? FileManager.default.contentsOfDirectory(atPath: parent.appendingPathComponent(folder).path)) ?? []).count > 3 {
                    kill(process.processIdentifier, SIGKILL)
                    break
                }
                usleep(500)
            }
            process.waitUntilExit()
            left = staging()
        }
        #expect(left.count == 1, "the killed export left its staging folder")
        let again = try export()
        again.waitUntilExit()
        #expect(again.terminationStatus == 0)
        #expect(staging() == [])
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("items/item-1000/index.html").path))
    }

    /// Stopped by SIGTERM once it has written some pages, an export removes what it wrote
    /// before it ends with 143, leaving the export before it as it was; it says it is
    /// stopping, and nothing of the writes that fail as their folder is moved away.
    @Test func anExportStoppedMidWriteRemovesWhatItWroteAndKeepsTheOneBefore() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let catalog = try thousandExhibits(in: parent)
        let target = parent.appendingPathComponent("site")
        let first = try startExport(target, catalog)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        let marker = try Data(contentsOf: target.appendingPathComponent("items/item-1000/index.html"))
        func beside() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.hasPrefix(".site.") }
        }
        // Stopped once its staging folder holds some pages; a run that finishes first is tried again.
        var stopped = false
        for _ in 0..<3 where !stopped {
            let errors = Pipe()
            let process = Process()
            process.executableURL = CommandRunner.program
            process.arguments = ["export", target.path, "--catalog", catalog.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            // The warnings for 1,000 missing images fill a pipe: they are read as they come.
            let said = Mutex(Data())
            errors.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                said.withLock { $0.append(data) }
            }
            try process.run()
            while process.isRunning {
                if let folder = beside().first,
                   ((try? FileManager.default.contentsOfDirectory(atPath: parent.appendingPathComponent(folder).path)) ?? []).count > 3 {
                    kill(process.processIdentifier, SIGTERM)
                    stopped = true
                    break
                }
                usleep(500)
            }
            process.waitUntilExit()
            errors.fileHandleForReading.readabilityHandler = nil
            guard stopped else { continue }
            let text = String(decoding: said.withLock { $0 } + errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 128 + SIGTERM)
            #expect(text.contains("expo1900: stopping: removing what it was writing"))
            #expect(!text.contains("cannot write"), "a write failing as the stop moves its folder is not reported: \(text.suffix(300))")
        }
        #expect(stopped, "three exports finished before any was stopped")
        #expect(beside() == [], "the stopped export left \(beside())")
        #expect(try Data(contentsOf: target.appendingPathComponent("items/item-1000/index.html")) == marker)
    }

    /// Killed at fourteen moments spread over a whole export of 1,000 exhibits into a folder
    /// that already holds one (while it makes pages, writes them, writes its marker, swaps
    /// the folders, removes the one before), an export leaves at most what the next export
    /// removes: after each next export, nothing of either is beside the destination, and the
    /// destination is a whole export.
    @Test func anExportKilledAtAnyMomentLeavesNothingTheNextOneKeeps() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let catalog = try thousandExhibits(in: parent)
        let target = parent.appendingPathComponent("site")
        func export() throws -> Process { try startExport(target, catalog) }
        func leftovers() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.hasPrefix(".site.") }
        }
        let started = Date()
        let first = try export()
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        let whole = Date().timeIntervalSince(started)
        for moment in 1...14 {
            let process = try export()
            usleep(useconds_t(whole * Double(moment) / 13 * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let next = try export()
            next.waitUntilExit()
            #expect(next.terminationStatus == 0, "after a kill at moment \(moment)")
            #expect(leftovers() == [], "after a kill at moment \(moment): \(leftovers())")
            #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("items/item-1000/index.html").path))
        }
    }

    @Test func refusesABasePathThatIsNotAPath() throws {
        let result = try CommandRunner.run(["export", "/tmp/unused", "--base-path", "/../x"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("the base path must be a path such as /expo1900/"))
    }
}
