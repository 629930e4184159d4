import ExpoTestSupport
import Foundation
import Testing

/// A WebVTT cue at hour 3,000,000,000,000,000 once trapped on `hours * 3600`: `validate`
/// exited 132, and saving the file under `serve --watch` (or SIGHUP) killed the server. Now
/// the cue is a warning at its line, and the server keeps serving with the rest.
@Suite(.serialized) struct HostileTranscriptCommandTests {
    static let overflowing = "WEBVTT\n\n00:00.000 --> 00:01.000\nFirst changed.\n\n3000000000000000:00:00.000 --> 3000000000000000:00:01.000\nNever.\n"

    private func catalog() throws -> TemporaryCatalog {
        let folder = try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "poster.svg": TemporaryCatalog.tinySVG,
            "flag.svg": TemporaryCatalog.tinySVG, "a.svg": TemporaryCatalog.tinySVG,
            "items.json": #"[{"name":"A","image_name":"a","short_desc":"s","desc":"d","audio":"a.wav","transcript":"a.vtt"}]"#,
            "a.vtt": "WEBVTT\n\n00:00.000 --> 00:01.000\nFirst.\n",
        ])
        try AudioFixture.tone("a.wav", in: folder.url, seconds: 1)
        return folder
    }

    @Test func validateWarnsAtTheCueAndExitsZero() throws {
        let folder = try catalog()
        try folder.write("a.vtt", Self.overflowing)
        let result = try CommandRunner.run(["validate", folder.url.path, "--image-cache", folder.url.appendingPathComponent("cache").path],
                                           timeout: 120)
        #expect(result.status == 0, "\(result.standardError)")
        let line = result.standardOutput.split(separator: "\n").first { $0.contains("a.vtt:6") }
        #expect(line?.contains("left out") == true, "\(result.standardOutput)")
    }

    @Test func serveWatchReadsTheFileAndKeepsServingThroughASIGHUP() throws {
        let folder = try catalog()
        let process = Process()
        process.executableURL = CommandRunner.program
        process.arguments = ["serve", "--watch", "--catalog", folder.url.path, "--port", "0",
                             "--image-cache", folder.url.appendingPathComponent("cache").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let url = try #require(line.firstMatch(of: /serving (http:\/\/\S+)/)?.output.1, "printed \(line.debugDescription)")
        try folder.write("a.vtt", Self.overflowing)
        let deadline = Date().addingTimeInterval(60)
        while fetchPage("\(url)/items/a/")?.contains("First changed.") != true, process.isRunning, Date() < deadline { usleep(100_000) }
        #expect(process.isRunning, "the server died reading the file")
        #expect(fetchPage("\(url)/items/a/")?.contains("First changed.") == true)
        kill(process.processIdentifier, SIGHUP)
        usleep(1_500_000)
        #expect(process.isRunning, "the server died on SIGHUP")
        #expect(fetchPage("\(url)/items/a/")?.contains("First changed.") == true)
    }
}
