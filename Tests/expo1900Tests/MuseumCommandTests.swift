import ExpoServer
import ExpoStudio
import ExpoTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing

/// `--catalogs DIR` end to end: validate, export and serve a folder of exhibitions.
@Suite(.serialized) struct MuseumCommandTests {
    private static func museum() throws -> TemporaryMuseum {
        try TemporaryMuseum([("korea", "Korea", "1900. 04. 14 - 1900. 11. 12"), ("japan", "Japan", "")],
                            museum: #"{"name": {"ko": "박물관"}, "order": ["japan"]}"#)
    }

    @Test func validateReportsEachExhibitionByName() throws {
        let museum = try Self.museum()
        let good = try CommandRunner.run(["validate", "--catalogs", museum.url.path])
        #expect(good.status == 0, "\(good.standardError)")
        #expect(good.standardOutput.contains("\nkorea: 2 exhibits, 1 language"))
        #expect(good.standardOutput.contains("\njapan: 2 exhibits, 1 language"))
        #expect(good.standardOutput.hasPrefix("japan: warning: items.json[0]: the image \"jikji\" has no alt text"))
        #expect(good.standardOutput.hasSuffix("2 of 2 exhibitions can be served\n"))

        try museum.write("broken/items.json", "[")
        try museum.write("broken/exposition_universelle_1900.json", "{}")
        try museum.write("특별전/items.json", "[]")
        let bad = try CommandRunner.run(["validate", "--catalogs", museum.url.path])
        #expect(bad.status == 1)
        #expect(bad.standardOutput.contains("error: 특별전: cannot be served: its name becomes the exhibition's address"))
        #expect(bad.standardOutput.contains("broken: error: items.json:"))
        #expect(bad.standardOutput.hasSuffix("2 of 3 exhibitions can be served; the folder has errors of its own\n"))
        let json = try CommandRunner.run(["validate", "--catalogs", museum.url.path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["exit_status"] as? Int == 1)
        #expect((object["exhibitions"] as? [[String: Any]])?.map { $0["name"] as? String } == ["broken", "japan", "korea"])

        let missing = try CommandRunner.run(["validate", "--catalogs", "/nonexistent/museum"])
        #expect(missing.status == 2)
        #expect(missing.standardError == "expo1900: /nonexistent/museum: no such folder\n")
        let catalog = try TemporaryCatalog.seed()
        let oneCatalog = try CommandRunner.run(["validate", "--catalogs", catalog.url.path])
        #expect(oneCatalog.status == 2)
        #expect(oneCatalog.standardError.contains("this folder is one catalog; give it with --catalog"))
    }

    @Test func exportWritesTheFrontPageAndEveryExhibitionUnderItsPath() throws {
        let museum = try Self.museum()
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-museum-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("site").path
        let result = try CommandRunner.run(["export", target, "--catalogs", museum.url.path, "--base-path", "/museum/"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Exported 2 exhibitions and the front page: "))
        let front = try String(contentsOfFile: target + "/index.html", encoding: .utf8)
        #expect(front.contains("<title>박물관</title>"))
        #expect(front.contains(#"href="/museum/japan/""#) && front.contains(#"href="/museum/korea/""#))
        let list = try String(contentsOfFile: target + "/korea/items/index.html", encoding: .utf8)
        #expect(list.contains("Korea book"))
        #expect(list.contains(#"href="/museum/korea/items/jikji/""#))
        for file in ["japan/items/jikji/index.html", "korea/sw.js", "404.html", "korea/404.html", "_headers", ".expo1900-export"] {
            #expect(FileManager.default.fileExists(atPath: target + "/" + file), "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: target + "/korea/_headers"))

        // One exhibition that cannot be loaded: nothing is written, the export before stays.
        try museum.write("broken/items.json", "[")
        let refused = try CommandRunner.run(["export", target, "--catalogs", museum.url.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("expo1900: broken: "))
        #expect(refused.standardError.hasSuffix("expo1900: nothing was exported, as broken cannot be served; fix it and export again\n"))
        #expect(try String(contentsOfFile: target + "/index.html", encoding: .utf8) == front)
        let staging = try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0.hasPrefix(".") }
        #expect(staging.isEmpty, "\(staging)")
    }

    @Test func optionsThatDoNotGoTogetherAreRefused() throws {
        let museum = try Self.museum()
        for arguments in [["serve", "--catalogs", museum.url.path, "--catalog", museum.url.path],
                          ["export", "/tmp/x", "--catalogs", museum.url.path, "--catalog", museum.url.path],
                          ["validate", museum.url.path, "--catalogs", museum.url.path]] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(!result.standardError.isEmpty)
        }
    }

    @Test func exportSendsEachExhibitionsCountsToItsOwnAddress() throws {
        let museum = try Self.museum()
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-museum-events-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let target = parent.appendingPathComponent("site").path
        let result = try CommandRunner.run(["export", target, "--catalogs", museum.url.path, "--events-url", "https://guide.example.org/"])
        #expect(result.status == 0, "\(result.standardError)")
        for name in ["korea", "japan"] {
            let page = try String(contentsOfFile: target + "/\(name)/items/jikji/index.html", encoding: .utf8)
            #expect(page.contains(#"<meta name="expo-count" content="https://guide.example.org/\#(name)/count""#), "\(name)")
        }
        let headers = try String(contentsOfFile: target + "/_headers", encoding: .utf8)
        #expect(headers.contains("connect-src 'self' https://guide.example.org"), "\(headers)")
    }

    @Test func serveCountsEachExhibitionIntoItsOwnFile() throws {
        let museum = try Self.museum()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-museum-counts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let (process, base, _) = try serve(["--catalogs", museum.url.path, "--count", "--state", state.path])
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        #expect(send(base + "/korea/count", "e=start&x=jikji&l=ko&v=recording") == 204)
        #expect(send(base + "/korea/count", "e=start&x=jikji&l=ko&v=recording") == 204)
        #expect(send(base + "/japan/count", "e=start&x=haegeum&l=ko&v=recording") == 204)
        #expect(send(base + "/count", "e=start&x=jikji&l=ko&v=recording") != 204, "the museum has no /count of its own")
        // Stopped, it writes what it counted before it ends.
        process.terminate()
        process.waitUntilExit()
        let today = UsageDay.today()
        let korea = try UsageStore(folder: state.appendingPathComponent("counts"), fileName: "korea.sqlite").usageRows(from: today, to: today)
        let japan = try UsageStore(folder: state.appendingPathComponent("counts"), fileName: "japan.sqlite").usageRows(from: today, to: today)
        #expect(korea.map { "\($0.subject) \($0.metric.name) \($0.count)" } == ["jikji recording_started 2"])
        #expect(japan.map { "\($0.subject) \($0.metric.name) \($0.count)" } == ["haegeum recording_started 1"])
    }

    /// `expo1900 serve` with `arguments` on a free port, once it answers: the process, the
    /// address it serves, and its standard error to read after it ends.
    private func serve(_ arguments: [String]) throws -> (Process, String, Pipe) {
        let process = Process()
        process.executableURL = CommandRunner.program
        process.arguments = ["serve", "--port", "0"] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var printed = ""
        let deadline = Date().addingTimeInterval(60)
        while !printed.contains("\n"), Date() < deadline {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        guard let base = printed.components(separatedBy: "serving ").dropFirst().first?.split(separator: "\n").first.map(String.init) else {
            process.terminate()
            process.waitUntilExit()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "serve printed no address: \(printed)"])
        }
        return (process, base, err)
    }

    /// The status of a beacon's POST to `address`.
    private func send(_ address: String, _ body: String) -> Int? {
        var request = URLRequest(url: URL(string: address)!)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let status = Mutex<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { _, response, _ in
            status.withLock { $0 = (response as? HTTPURLResponse)?.statusCode }
            done.signal()
        }.resume()
        done.wait()
        return status.withLock { $0 }
    }

    @Test func serveWatchesEachExhibitionApartAndNamesOneThatFails() throws {
        let museum = try Self.museum()
        try museum.write("broken/items.json", "[")
        try museum.write("broken/exposition_universelle_1900.json", "{}")
        let (process, base, err) = try serve(["--catalogs", museum.url.path, "--watch"])
        defer { process.terminate(); process.waitUntilExit() }
        let front = try #require(fetchPage(base + "/"))
        #expect(front.contains(#"data-exhibition="broken""#))
        #expect(fetchPage(base + "/broken/") == nil)
        let japan = try #require(fetchPage(base + "/japan/items/"))

        // Fixed, it joins; changed, Korea alone is read again.
        try museum.add("broken", title: "Mended", duration: "")
        try museum.add("korea", title: "Corée", duration: "")
        var mended: String?
        var korea: String?
        let waited = Date().addingTimeInterval(20)
        while Date() < waited {
            Thread.sleep(forTimeInterval: 0.3)
            mended = fetchPage(base + "/broken/items/")
            korea = fetchPage(base + "/korea/items/")
            if mended?.contains("Mended book") == true, korea?.contains("Corée book") == true { break }
        }
        #expect(mended?.contains("Mended book") == true)
        #expect(korea?.contains("Corée book") == true)
        #expect(fetchPage(base + "/japan/items/") == japan)
        process.terminate()
        process.waitUntilExit()
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("expo1900: broken is not served: "))
        #expect(log.contains("loaded 2 of 3 exhibitions"))
        #expect(log.contains("reloaded korea"))
        #expect(!log.contains("reloaded japan"))
    }
}
