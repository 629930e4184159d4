import Foundation
import Testing

/// `expo1900 serve` as a user starts it: the line it prints, and how it refuses.
@Suite(.serialized) struct ServeCommandTests {
    /// Starts the server on a free port and returns it with the URL it printed.
    private func startServer() throws -> (Process, String) {
        let process = Process()
        process.executableURL = CommandRunner.program
        process.arguments = ["serve", "--port", "0"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var printed = ""
        let deadline = Date().addingTimeInterval(30)
        while !printed.contains("\n"), Date() < deadline {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        return (process, printed)
    }

    @Test func printsTheURLItServesAndRefusesABusyPort() throws {
        let (server, line) = try startServer()
        defer { server.terminate(); server.waitUntilExit() }
        let match = try #require(line.firstMatch(of: /^Expo1900 is serving http:\/\/127\.0\.0\.1:(\d+)\n/), "printed \(line.debugDescription)")
        let port = String(match.output.1)
        #expect(port != "0")

        let second = try CommandRunner.run(["serve", "--port", port])
        #expect(second.status == 1)
        #expect(second.standardError.hasSuffix("\nexpo1900: cannot listen on 127.0.0.1:\(port): the port is in use (choose another with --port)\n"))
        #expect(!second.standardError.contains("Fatal error"))
    }

    @Test func aCatalogThatCannotLoadIsOneLinePerErrorAndExitOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"title\": 1".utf8).write(to: folder.appendingPathComponent("exposition_universelle_1900.json"))
        try Data("[]".utf8).write(to: folder.appendingPathComponent("items.json"))
        let result = try CommandRunner.run(["serve", "--catalog", folder.path, "--port", "0"])
        #expect(result.status == 1)
        #expect(result.standardError == "expo1900: \(folder.path)/exposition_universelle_1900.json:1:12: malformed JSON: unexpected end of file, expected ',' or '}'\n")
        #expect(result.standardOutput == "")
    }

    @Test func aCatalogPathThatDoesNotExistExitsTwo() throws {
        let result = try CommandRunner.run(["--catalog", "/nonexistent/catalog"])
        #expect(result.status == 2)
        #expect(result.standardError == "expo1900: /nonexistent/catalog: no such file or folder\n")
    }
}
