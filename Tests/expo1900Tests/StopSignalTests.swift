import ExpoTestSupport
import Foundation
import Testing

/// A recording being made when the guide is stopped: ffmpeg is killed with it and its
/// temporary folder removed, under `validate` and `serve`; and the server answers before
/// the recording is made, which joins the guide when ready. Each command runs with a
/// TMPDIR of the test's own, so what it leaves behind is seen there.
@Suite(.serialized) struct StopSignalTests {
    /// A catalog whose one exhibit plays `seconds` of a tone (8 kHz mono: half an hour
    /// keeps ffmpeg busy for seconds), and an empty folder to be the command's TMPDIR.
    private func catalog(seconds: Double) throws -> (TemporaryCatalog, URL) {
        let folder = try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "poster.svg": TemporaryCatalog.tinySVG,
            "flag.svg": TemporaryCatalog.tinySVG, "a.svg": TemporaryCatalog.tinySVG,
            "items.json": #"[{"name":"A","image_name":"a","short_desc":"s","desc":"d","audio":"a.wav","transcript":"Said."}]"#,
        ])
        try AudioFixture.tone("a.wav", in: folder.url, seconds: seconds, rate: 8000, channels: 1)
        try folder.write("tmp/.keep", "")
        return (folder, folder.url.appendingPathComponent("tmp"))
    }

    /// The ids of running programs whose arguments mention `text`.
    private func programs(mentioning text: String) -> [String] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.filter { $0.allSatisfy(\.isNumber) }.filter { id in
            guard let data = FileManager.default.contents(atPath: "/proc/\(id)/cmdline") else { return false }
            return String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self).contains(text)
        }
    }

    private func waitFor(_ what: String, seconds: Double = 60, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { throw Timeout(what: what) }
            usleep(50_000)
        }
    }

    struct Timeout: Error, CustomStringConvertible {
        var what: String
        var description: String { "gave up waiting for \(what)" }
    }


    private func start(_ arguments: [String], temporary: URL, output: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = CommandRunner.program
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { _, new in new }
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// `expo1900 serve` on `folder` and the address it printed.
    private func serve(_ folder: TemporaryCatalog, temporary: URL) throws -> (Process, String) {
        let cache = folder.url.appendingPathComponent("cache").path
        let output = Pipe()
        let serve = try start(["serve", "--catalog", folder.url.path, "--port", "0", "--image-cache", cache], temporary: temporary, output: output)
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let url = line.firstMatch(of: /serving (http:\/\/\S+)/)?.output.1 else {
            serve.terminate()
            throw Timeout(what: "the server's address; it printed \(line.debugDescription)")
        }
        return (serve, String(url))
    }

    /// Stops `process` with SIGTERM and checks it leaves nothing behind in `temporary`.
    private func stopAndExpectNothingLeft(_ process: Process, temporary: URL) throws {
        process.terminate()
        try waitFor("the command to end after SIGTERM") { !process.isRunning }
        #expect(process.terminationStatus == 143 || process.terminationStatus == 0, "exit status \(process.terminationStatus)")
        #expect(programs(mentioning: temporary.path).isEmpty, "ffmpeg ran on after the guide stopped")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0 != ".keep" }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test func validateStoppedWhileARecordingIsMadeLeavesNoFFmpegAndNoFolder() throws {
        let (folder, temporary) = try catalog(seconds: 1800)
        let cache = folder.url.appendingPathComponent("cache").path
        let validate = try start(["validate", folder.url.path, "--image-cache", cache], temporary: temporary)
        try waitFor("ffmpeg to start") { !programs(mentioning: temporary.path).isEmpty }
        try stopAndExpectNothingLeft(validate, temporary: temporary)
        #expect(validate.terminationStatus == 143)
    }

    @Test func serveAnswersBeforeTheRecordingIsMadeAndStopsFFmpegWithIt() throws {
        let (folder, temporary) = try catalog(seconds: 1800)
        let (serve, url) = try serve(folder, temporary: temporary)
        defer { if serve.isRunning { serve.terminate() } }
        // The guide answers while ffmpeg is still at work on half an hour of sound.
        try waitFor("ffmpeg to start") { !programs(mentioning: temporary.path).isEmpty }
        let page = try #require(fetchPage("\(url)/items/a/"))
        #expect(page.contains("<h1") || page.contains("A"))
        #expect(!page.contains("<audio"))
        try stopAndExpectNothingLeft(serve, temporary: temporary)
    }

    @Test func aRecordingMadeAfterTheServerAnswersJoinsTheGuide() throws {
        let (folder, temporary) = try catalog(seconds: 2)
        let (serve, url) = try serve(folder, temporary: temporary)
        defer { if serve.isRunning { serve.terminate() } }
        try waitFor("the recording to join the exhibit's page") {
            fetchPage("\(url)/items/a/")?.contains("<audio") == true
        }
        try stopAndExpectNothingLeft(serve, temporary: temporary)
    }
}
