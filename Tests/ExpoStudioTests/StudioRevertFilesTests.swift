import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoStudio

/// A revert puts the catalog's folder back as it was, files included: a picture replaced by
/// a file of another format, a new photo and a recording, published and reverted, leave
/// every file of the folder with the bytes it had, and no other. The files a publish
/// replaced are kept in the state folder by hash; those nothing names go after a day.
@Suite(.serialized) struct StudioRevertFilesTests {
    typealias Person = StudioEditingTests.Person

    /// Every file at the folder's top, by name, with its bytes.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    private func send(_ person: Person, _ files: [(String, [UInt8])], fields: [(String, String)] = []) async throws -> RawHTTP.Answer {
        let page = "/studio/exhibits/jikji"
        let token = try LiveStudio.token(in: try await person.get(page).body)
        let (type, body) = RawHTTP.multipart([("form_token", token)] + fields, files: files.map { (name: $0.0, bytes: $0.1) })
        return try await person.http.send("POST", page + "/files", headers: [
            ("Cookie", "studio_session=\(person.session)"), ("Origin", person.origin), ("Content-Type", type),
        ], bytes: body)
    }

    @Test func aRevertPutsBackEveryFileAPublishWroteOrTookAway() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let folder = studio.guide.url
        let before = try snapshot(folder)
        #expect(before["jikji.svg"] != nil)
        let made = try TemporaryFolder()
        try AudioFixture.tone("tone.wav", in: made.url, seconds: 2)
        let wav = try [UInt8](Data(contentsOf: made.url.appendingPathComponent("tone.wav")))
        let png = StudioPhotosTests.png

        #expect(try await send(ben, [("scan.png", png)], fields: [("replace", "jikji")]).status == 200)
        #expect(try await send(ben, [("back.png", [UInt8](PNGFixture.make(width: 80, height: 40)))]).status == 200)
        #expect(try await send(ben, [("voice.wav", wav)], fields: [("language", "en")]).status == 200)
        #expect(try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish").status == 200)
        let published = try snapshot(folder)
        #expect(published["jikji.png"] != nil && published["jikji-2.png"] != nil && published["jikji.en.wav"] != nil)
        #expect(published["jikji.svg"] == nil, "the replaced picture's old file went")

        let history = try await ben.get("/studio/exhibits/jikji/history").body
        for name in ["file:jikji.svg", "file:jikji.png", "file:jikji-2.png", "file:jikji.en.wav"] {
            #expect(history.contains(name), "the history names \(name)")
        }
        #expect(history.contains("(파일 없음)") || history.contains("(no file)"))

        let reverted = try await ben.post("/studio/exhibits/jikji/revert", [("publication", "1")], tokenFrom: "/studio/exhibits/jikji/history")
        #expect(reverted.status == 303)
        let after = try snapshot(folder)
        #expect(after.keys.sorted() == before.keys.sorted(), "the same files, no more and no fewer")
        #expect(after == before, "every file has the bytes it had")
        #expect(studio.guide.watchedLoad().catalog.images["jikji"]?.variants.first?.format == .svg, "the guide shows the picture it showed")

        // A revert is a publication too: reverting it brings the published files back.
        let again = try await ben.post("/studio/exhibits/jikji/revert", [("publication", "2")], tokenFrom: "/studio/exhibits/jikji/history")
        #expect(again.status == 303)
        #expect(try snapshot(folder) == published)
    }

    @Test func filesNothingNamesGoAfterADayAndNamedOnesStay() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        #expect(try await send(ben, [("scan.png", StudioPhotosTests.png)]).status == 200)
        let store = UploadStore(state: studio.state.folder)
        let named = try studio.state.namedFiles()
        let drafted = try #require(named.first { store.url(of: $0).map { FileManager.default.fileExists(atPath: $0.path) } ?? false })
        let orphanOld = String(repeating: "a", count: 64), orphanNew = String(repeating: "b", count: 64)
        for hash in [orphanOld, orphanNew] {
            try Data("not named".utf8).write(to: try #require(store.url(of: hash)))
        }
        let twoDaysAgo = Date().addingTimeInterval(-2 * 24 * 3600)
        for hash in [orphanOld, drafted] {
            try FileManager.default.setAttributes([.modificationDate: twoDaysAgo], ofItemAtPath: try #require(store.url(of: hash)).path)
        }
        GuideEditing.sweepUploads(state: studio.state)
        let abc = try TemporaryFolder()
        try Data("abc".utf8).write(to: abc.url.appendingPathComponent("abc"))
        #expect(UploadStore.hash(ofFileAt: abc.url.appendingPathComponent("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let exists = { (hash: String) in FileManager.default.fileExists(atPath: store.url(of: hash)!.path) }
        #expect(!exists(orphanOld), "a day old and named by nothing: gone")
        #expect(exists(orphanNew), "younger than a day: kept")
        #expect(exists(drafted), "named by a draft, however old: kept")
    }

    /// A file a publish replaces is kept a megabyte at a time: its bytes and hash are those
    /// of the whole, and keeping it twice keeps one copy.
    @Test func aFileIsKeptPieceByPieceWithTheHashOfItsBytes() throws {
        let state = try TemporaryFolder()
        let store = UploadStore(state: state.url)
        let source = state.url.appendingPathComponent("long.wav")
        let bytes = Data((0 ..< (2 << 20) + 12345).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
        try bytes.write(to: source)
        guard case let .success(hash) = store.keep(fileAt: source) else {
            Issue.record("not kept")
            return
        }
        #expect(hash == UploadStore.hash(ofFileAt: source))
        #expect(try Data(contentsOf: try #require(store.url(of: hash))) == bytes)
        guard case .success(hash) = store.keep(fileAt: source) else {
            Issue.record("kept again under another hash")
            return
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: store.folder.path)
        #expect(kept == [hash], "one copy, no staging file left: \(kept)")
        guard case .failure = store.keep(fileAt: state.url.appendingPathComponent("missing.wav")) else {
            Issue.record("a missing file was kept")
            return
        }
    }
}
