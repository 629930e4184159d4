import ExpoCatalog
@testable import ExpoImages
import ExpoTestSupport
import Foundation
import Testing

/// Videos made to mislead: a playlist or concat list under a video's name that reaches
/// outside the catalog, frames too large to decode, a header that lies about how long it
/// plays, a file cut short. Each is one warning naming the file, and nothing outside the
/// catalog is ever read. The time limits stop a test that hangs; they measure nothing.
@Suite(.serialized) struct HostileVideoTests {
    /// A catalog with one exhibit showing `name` (whatever `video` writes there) and a good
    /// `fine.mp4` on a second exhibit, which must still be made.
    private func outcome(_ name: String, _ video: (URL) throws -> Void) throws -> VideoWork.Outcome {
        let folder = try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "poster.svg": TemporaryCatalog.tinySVG,
            "flag.svg": TemporaryCatalog.tinySVG, "a.svg": TemporaryCatalog.tinySVG, "b.svg": TemporaryCatalog.tinySVG,
            "items.json": #"[{"name":"A","image_name":"a","short_desc":"s","desc":"d","sign_video":"\#(name)"},"#
                + #"{"name":"B","image_name":"b","short_desc":"s","desc":"d","video":"fine.mp4"}]"#,
        ])
        try VideoFixture.clip("fine.mp4", in: folder.url, seconds: 1, width: 320, height: 240)
        try video(folder.url)
        guard let tools = AudioTools.locate() else { throw AudioFixture.Missing() }
        return VideoWork.videos(for: try folder.load(), cache: nil, tools: tools)
    }

    private func expectRefused(_ outcome: VideoWork.Outcome, _ name: String, saying words: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.videos[name] == nil, sourceLocation: sourceLocation)
        #expect(outcome.videos["fine.mp4"] != nil, "the rest of the guide's videos are made", sourceLocation: sourceLocation)
        #expect(outcome.diagnostics.count == 1, "\(outcome.diagnostics.map(\.line))", sourceLocation: sourceLocation)
        let warning = outcome.diagnostics.first
        #expect(warning?.severity == .warning, sourceLocation: sourceLocation)
        #expect(warning?.file == name, sourceLocation: sourceLocation)
        #expect(warning?.message.contains(words) == true, "\(warning?.message ?? "no warning")", sourceLocation: sourceLocation)
        #expect(warning?.message.contains("the video of a (ko) is left out") == true, sourceLocation: sourceLocation)
    }

    @Test(.timeLimit(.minutes(1))) func anHLSPlaylistNamedMP4PointingAtPasswdIsRefused() throws {
        let outcome = try outcome("talk.mp4") { folder in
            try "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n/etc/passwd\n#EXT-X-ENDLIST\n"
                .write(to: folder.appendingPathComponent("talk.mp4"), atomically: true, encoding: .utf8)
        }
        expectRefused(outcome, "talk.mp4", saying: "HLS playlist")
    }

    @Test(.timeLimit(.minutes(1))) func anFFconcatListNamedMP4IsRefused() throws {
        let outcome = try outcome("talk.mp4") { folder in
            try "ffconcat version 1.0\nfile /etc/passwd\nfile fine.mp4\n".write(to: folder.appendingPathComponent("talk.mp4"), atomically: true, encoding: .utf8)
        }
        expectRefused(outcome, "talk.mp4", saying: "list or playlist")
    }

    @Test(.timeLimit(.minutes(1))) func framesOf20000By20000PixelsAreRefusedBeforeDecoding() throws {
        let outcome = try outcome("huge.avi") { folder in
            // Motion JPEG in AVI whose headers and frames all say 20,000 × 20,000: more pixels
            // than ffmpeg itself takes, so no tool can make such a file; it is written by hand.
            let small = folder.appendingPathComponent("small.avi")
            try AudioFixture.runProgram("ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=1:duration=3",
                                                   "-c:v", "mjpeg", "-q:v", "10", small.path])
            var bytes = [UInt8](try Data(contentsOf: small))
            try FileManager.default.removeItem(at: small)
            func put(_ value: UInt32, at offset: Int, bigEndian: Bool = false, width: Int = 4) {
                for index in 0..<width {
                    bytes[offset + index] = UInt8(truncatingIfNeeded: bigEndian ? value >> (8 * (width - 1 - index)) : value >> (8 * index))
                }
            }
            let avih = try #require(Self.index(of: Array("avih".utf8), in: bytes))
            put(20000, at: avih + 8 + 32)
            put(20000, at: avih + 8 + 36)
            let strf = try #require(Self.index(of: Array("strf".utf8), in: bytes))
            put(20000, at: strf + 8 + 4)
            put(20000, at: strf + 8 + 8)
            var from = 0
            while let sof = Self.index(of: [0xFF, 0xC0], in: bytes, from: from) {
                put(20000, at: sof + 5, bigEndian: true, width: 2)
                put(20000, at: sof + 7, bigEndian: true, width: 2)
                from = sof + 2
            }
            try Data(bytes).write(to: folder.appendingPathComponent("huge.avi"))
        }
        expectRefused(outcome, "huge.avi", saying: "20000 × 20000")
    }

    @Test(.timeLimit(.minutes(2))) func framesLargerThan8KAreRefusedBeforeDecoding() throws {
        let outcome = try outcome("large.avi") { folder in
            // One JPEG frame of 9,000 × 9,000 (which ffmpeg would decode, at 243 MB a frame),
            // copied into AVI as Motion JPEG, never decoded here.
            let frame = folder.appendingPathComponent("frame.jpg")
            try AudioFixture.runProgram("vips", ["black", frame.path + "[Q=10]", "9000", "9000"])
            try AudioFixture.runProgram("ffmpeg", ["-nostdin", "-v", "error", "-y", "-framerate", "1", "-loop", "1", "-t", "3", "-i", frame.path,
                                                   "-c:v", "copy", folder.appendingPathComponent("large.avi").path])
            try FileManager.default.removeItem(at: frame)
        }
        expectRefused(outcome, "large.avi", saying: "9000 × 9000")
    }

    static func index(of pattern: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        return (start...(bytes.count - pattern.count)).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }

    @Test(.timeLimit(.minutes(1))) func aHeaderClaiming100HoursIsRefusedBeforeEncoding() throws {
        let outcome = try outcome("long.webm") { folder in
            try VideoFixture.clip("long.webm", in: folder, seconds: 1, width: 320, height: 240)
            let file = folder.appendingPathComponent("long.webm")
            var bytes = [UInt8](try Data(contentsOf: file))
            // Matroska's Duration (ID 0x4489, an 8-byte float of milliseconds): 100 hours.
            let index = try #require((0..<(bytes.count - 3)).first { bytes[$0] == 0x44 && bytes[$0 + 1] == 0x89 && bytes[$0 + 2] == 0x88 })
            let hours = (100.0 * 3600 * 1000).bitPattern.bigEndian
            withUnsafeBytes(of: hours) { bytes.replaceSubrange(index + 3 ..< index + 11, with: $0) }
            try Data(bytes).write(to: file)
        }
        expectRefused(outcome, "long.webm", saying: "100 h 0 min")
    }

    @Test(.timeLimit(.minutes(1))) func aFileCutShortIsOneWarning() throws {
        let outcome = try outcome("cut.mp4") { folder in
            try VideoFixture.clip("cut.mp4", in: folder, seconds: 4, width: 640, height: 360)
            let file = folder.appendingPathComponent("cut.mp4")
            let bytes = try Data(contentsOf: file)
            try bytes.prefix(bytes.count / 2).write(to: file)
        }
        #expect(outcome.videos["cut.mp4"] == nil)
        #expect(outcome.diagnostics.count == 1)
        #expect(outcome.diagnostics.first?.file == "cut.mp4")
        #expect(outcome.videos["fine.mp4"] != nil)
    }

    @Test(.timeLimit(.minutes(1))) func aFastStartFileCutShortIsOneWarningSayingSo() throws {
        let outcome = try outcome("cut.mp4") { folder in
            try VideoFixture.clip("whole.mp4", in: folder, seconds: 6, width: 640, height: 360)
            let whole = folder.appendingPathComponent("whole.mp4")
            let file = folder.appendingPathComponent("cut.mp4")
            try AudioFixture.runProgram("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", whole.path, "-c", "copy", "-movflags", "+faststart", file.path])
            let bytes = try Data(contentsOf: file)
            try bytes.prefix(bytes.count * 2 / 5).write(to: file)
        }
        expectRefused(outcome, "cut.mp4", saying: "cut short")
    }

    @Test func aRecordingGivenAsAVideoIsRefusedWithoutAPicture() throws {
        let outcome = try outcome("talk.mp4") { folder in
            try AudioFixture.tone("talk.m4a", in: folder)
            try FileManager.default.moveItem(at: folder.appendingPathComponent("talk.m4a"), to: folder.appendingPathComponent("talk.mp4"))
        }
        expectRefused(outcome, "talk.mp4", saying: "no video picture")
    }
}
