import ExpoCatalog
@testable import ExpoImages
import ExpoTestSupport
import Foundation
import Testing

/// Recordings made to mislead: a playlist or concat list under a recording's name that
/// reaches outside the catalog, a header that lies about how long it plays, a live playlist
/// that never ends. Each is one warning naming the file, quickly, and nothing outside the
/// catalog is ever read. The time limits stop a test that hangs as the old guide did (a
/// 10-hour WAV kept it busy for half an hour); they measure nothing.
@Suite(.serialized) struct HostileRecordingTests {
    /// A catalog with one exhibit playing `guide.mp3` (whatever `recording` writes there),
    /// beside a folder `outside` holding a real recording the catalog must never serve.
    private func catalog(_ recording: (URL) throws -> Void) throws -> (TemporaryCatalog, Catalog) {
        let root = try TemporaryCatalog()
        try AudioFixture.tone("secret.wav", in: root.url.appendingPathComponent("outside").creatingFolder(), seconds: 2)
        let folder = root.url.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = ["exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "poster.svg": TemporaryCatalog.tinySVG,
                     "flag.svg": TemporaryCatalog.tinySVG, "a.svg": TemporaryCatalog.tinySVG,
                     "items.json": #"[{"name":"A","image_name":"a","short_desc":"s","desc":"d","audio":"guide.mp3","transcript":"Said."}]"#]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        try recording(folder)
        return (root, try CatalogLoader.load(at: folder))
    }

    private func outcome(_ catalog: Catalog) throws -> AudioWork.Outcome {
        guard let tools = AudioTools.locate() else { throw AudioFixture.Missing() }
        return AudioWork.recordings(for: catalog, cache: nil, tools: tools)
    }

    private func expectRefused(_ outcome: AudioWork.Outcome, saying words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.recordings.isEmpty, "the outside recording was served", sourceLocation: sourceLocation)
        #expect(outcome.diagnostics.count == 1, sourceLocation: sourceLocation)
        let warning = outcome.diagnostics.first
        #expect(warning?.severity == .warning, sourceLocation: sourceLocation)
        #expect(warning?.file == "guide.mp3", sourceLocation: sourceLocation)
        #expect(warning?.message.contains(words) == true, "\(warning?.message ?? "no warning")", sourceLocation: sourceLocation)
        #expect(warning?.message.contains("a (ko)") == true, sourceLocation: sourceLocation)
    }

    @Test(.timeLimit(.minutes(1))) func anHLSPlaylistNamingAFileOutsideIsRefused() throws {
        let (held, catalog) = try catalog { folder in
            try "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:2,\n../outside/secret.wav\n#EXT-X-ENDLIST\n"
                .write(to: folder.appendingPathComponent("guide.mp3"), atomically: true, encoding: .utf8)
        }
        defer { withExtendedLifetime(held) {} }
        expectRefused(try outcome(catalog), saying: "HLS playlist")
    }

    @Test(.timeLimit(.minutes(1))) func anHLSPlaylistWithAnAbsolutePathIsRefused() throws {
        var outside = ""
        let (held, catalog) = try catalog { folder in
            outside = folder.deletingLastPathComponent().appendingPathComponent("outside/secret.wav").path
            try "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:2,\n\(outside)\n#EXT-X-ENDLIST\n"
                .write(to: folder.appendingPathComponent("guide.mp3"), atomically: true, encoding: .utf8)
        }
        defer { withExtendedLifetime(held) {} }
        #expect(FileManager.default.fileExists(atPath: outside))
        expectRefused(try outcome(catalog), saying: "HLS playlist")
    }

    @Test(.timeLimit(.minutes(1))) func aLivePlaylistThatNeverEndsIsRefusedAtOnce() throws {
        let (held, catalog) = try catalog { folder in
            try "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n../outside/secret.wav\n"
                .write(to: folder.appendingPathComponent("guide.mp3"), atomically: true, encoding: .utf8)
        }
        defer { withExtendedLifetime(held) {} }
        expectRefused(try outcome(catalog), saying: "HLS playlist")
    }

    @Test(.timeLimit(.minutes(1))) func anFFconcatListNamingALinkOutOfTheCatalogIsRefused() throws {
        let (held, catalog) = try catalog { folder in
            // The link is inside the catalog; what it points at is not.
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("inner.wav").path,
                                                       withDestinationPath: "../outside/secret.wav")
            try "ffconcat version 1.0\nfile inner.wav\n".write(to: folder.appendingPathComponent("guide.mp3"), atomically: true, encoding: .utf8)
        }
        defer { withExtendedLifetime(held) {} }
        expectRefused(try outcome(catalog), saying: "list or playlist of other files")
    }

    @Test(.timeLimit(.minutes(1))) func aWAVWhoseHeaderClaimsTenHoursIsOneWarning() throws {
        let (held, catalog) = try catalog { folder in
            try Data(Self.wav(declaringSamples: 288_000, rate: 8)).write(to: folder.appendingPathComponent("guide.mp3"))
        }
        defer { withExtendedLifetime(held) {} }
        expectRefused(try outcome(catalog), saying: "plays for 10 h 0 min, but it holds only 288044 bytes")
    }

    @Test(.timeLimit(.minutes(1))) func aRealRecordingUnderAnotherExtensionIsReadByItsBytes() throws {
        let (held, catalog) = try catalog { folder in
            try AudioFixture.tone("real.wav", in: folder, seconds: 1)
            try FileManager.default.moveItem(at: folder.appendingPathComponent("real.wav"), to: folder.appendingPathComponent("guide.mp3"))
        }
        defer { withExtendedLifetime(held) {} }
        let made = try outcome(catalog)
        #expect(made.diagnostics.isEmpty, "\(made.diagnostics)")
        #expect(made.recordings["guide.mp3"].map { abs($0.duration - 1) < 0.1 } == true)
    }

    /// 8-bit mono PCM: `samples` bytes of sound at `rate` samples a second.
    static func wav(declaringSamples samples: Int, rate: Int) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        let header = Array("RIFF".utf8) + le32(36 + samples) + Array("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(1)
            + le32(rate) + le32(rate) + le16(1) + le16(8) + Array("data".utf8) + le32(samples)
        return header + (0..<samples).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    }

    @Test func theFormatIsReadFromTheFirstBytes() {
        func format(_ bytes: [UInt8]) -> RecordingFormat? { try? RecordingFormat.of(bytes).get() }
        #expect(format(Array("RIFF\0\0\0\0WAVEfmt ".utf8)) == .wav)
        #expect(format(Array("FORM\0\0\0\0AIFF".utf8)) == .aiff)
        #expect(format(Array("fLaC\0\0\0\"".utf8)) == .flac)
        #expect(format(Array("OggS\0\u{2}".utf8)) == .ogg)
        #expect(format(Array("\0\0\0\u{20}ftypM4A ".utf8)) == .mp4)
        #expect(format([0x1A, 0x45, 0xDF, 0xA3, 0x01]) == .webm)
        #expect(format(Array("ID3\u{4}\0".utf8)) == .mp3)
        #expect(format([0xFF, 0xFB, 0x90, 0x64]) == .mp3)
        #expect(format([0xFF, 0xF1, 0x50, 0x80]) == .aac)
        #expect(format(Array("#EXTM3U\n".utf8)) == nil)
        #expect(format(Array("ffconcat version 1.0\n".utf8)) == nil)
        #expect(format(Array("[playlist]\nFile1=x".utf8)) == nil)
        #expect(format([]) == nil)
        #expect(format([0xFF]) == nil)
    }

    @Test func limitsFollowHowLongTheRecordingPlays() {
        let limits = AudioLimits()
        #expect(limits.problem(declared: 120, bytes: 1_000_000) == nil)
        #expect(limits.problem(declared: 36_000, bytes: 288_044)?.message.contains("10 h 0 min") == true)
        #expect(limits.problem(declared: 5 * 3600, bytes: 500_000_000)?.message.contains("longer than the 4 h 0 min") == true)
        #expect(limits.encodingTime(plays: 60) == .seconds(50))
        #expect(limits.encodingTime(plays: 4 * 3600) == .seconds(20 * 60))
        #expect(AudioLimits.spoken(125) == "2 min 5 s")
        #expect(AudioLimits.spoken(.infinity) != "")
    }
}

private extension URL {
    func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
        return self
    }
}

/// A cache entry is the user's own file, but a damaged one must not reach the pages, which
/// count whole seconds from its duration.
@Suite struct DamagedAudioCacheTests {
    @Test func anEntryWithAnImpossibleDurationIsNotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-audio-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = RenditionCache(folder: folder)
        _ = try cache.keepAudio(AudioRendition(file: try .holding([1, 2, 3]), duration: 12), key: "good")
        #expect(cache.readAudio("good")?.duration == 12)
        for (key, duration) in [("huge", "1e300"), ("negative", "-4"), ("zero", "0")] {
            _ = try cache.keepAudio(AudioRendition(file: try .holding([1, 2, 3]), duration: 12), key: key)
            try Data(#"{"duration":\#(duration)}"#.utf8).write(to: folder.appendingPathComponent(key).appendingPathComponent("recording.json"))
            #expect(cache.readAudio(key) == nil, "\(duration)")
        }
    }
}
