import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoImages

/// Made recordings and videos are moved into the cache, not copied or read, and a start
/// reads only each entry's JSON: the file's size and hash are noted there.
@Suite struct MediaCacheTests {
    private static func cache() -> RenditionCache {
        RenditionCache(folder: FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-media-cache-\(UUID().uuidString)"))
    }

    @Test func aKeptRecordingIsMovedInAndReadBackWithoutBeingMeasured() throws {
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache.folder) }
        let made = try MediaFile.holding(Array(repeating: 7, count: 5000))
        let kept = try cache.keepAudio(AudioRendition(file: made, duration: 12), key: "k")
        #expect(!FileManager.default.fileExists(atPath: made.url.path), "moved, not copied")
        #expect(kept.file.url.path == cache.folder.appendingPathComponent("k/recording.m4a").path)
        let keptBytes = try kept.file.bytes
        #expect(keptBytes == Array(repeating: 7, count: 5000))
        #expect(kept.file.contentHash == made.contentHash && kept.file.size == 5000)
        // The note is believed: the same size with other bytes keeps the noted hash.
        try Data(Array(repeating: 8, count: 5000)).write(to: kept.file.url)
        #expect(cache.readAudio("k")?.file.contentHash == made.contentHash)
    }

    @Test func anOlderEntryWithoutANoteIsMeasuredOnceAndNoted() throws {
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache.folder) }
        let entry = cache.folder.appendingPathComponent("old")
        try FileManager.default.createDirectory(at: entry, withIntermediateDirectories: true)
        let bytes: [UInt8] = Array("not really AAC".utf8)
        try Data(bytes).write(to: entry.appendingPathComponent("video.mp4"))
        try Data([0xFF, 0xD8, 0xFF]).write(to: entry.appendingPathComponent("poster.jpg"))
        try Data(#"{"duration":3,"width":960,"height":540}"#.utf8).write(to: entry.appendingPathComponent("video.json"))
        let read = try #require(cache.readVideo("old"))
        #expect(read.file.contentHash == ContentHash.hex(bytes) && read.file.size == bytes.count)
        let json = try String(decoding: Data(contentsOf: entry.appendingPathComponent("video.json")), as: UTF8.self)
        #expect(json.contains(ContentHash.hex(bytes)), "the note is added: \(json)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: entry.path).sorted() == ["poster.jpg", "video.json", "video.mp4"],
                "no staging file is left beside it")
    }

    @Test func anEntryWhoseFileIsGoneOrEmptyIsMadeAgain() throws {
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache.folder) }
        let kept = try cache.keepAudio(AudioRendition(file: try .holding([1, 2, 3]), duration: 4), key: "k")
        try Data().write(to: kept.file.url)
        #expect(cache.readAudio("k") == nil)
        try FileManager.default.removeItem(at: kept.file.url)
        #expect(cache.readAudio("k") == nil)
    }

    @Test func aCacheThatCannotBeWrittenLeavesTheFileWhereItWasMade() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-not-a-folder-\(UUID().uuidString)")
        try Data("a file".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let cache = RenditionCache(folder: blocker.appendingPathComponent("cache"))
        let made = try MediaFile.holding([1, 2, 3])
        #expect(throws: (any Error).self) { try cache.keepAudio(AudioRendition(file: made, duration: 4), key: "k") }
        let left = try made.bytes
        #expect(left == [1, 2, 3])
        var problems: [String] = []
        let result = MadeMedia.keep(made, in: cache, kind: "recordings", cacheProblem: { problems.append($0.message) }) { cache in
            try cache.keepAudio(AudioRendition(file: made, duration: 4), key: "k").file
        }
        let kept = try result.get()
        #expect(problems.count == 1 && problems[0].hasSuffix("recordings are made again at every start"), "\(problems)")
        let keptBytes = try kept.bytes
        #expect(kept.url.path.contains("expo1900-made-") && keptBytes == [1, 2, 3], "kept in this run's own folder")
    }

    @Test func theFingerprintOfAFileIsThatOfItsBytes() throws {
        let bytes = (0 ..< 2_500_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let file = try MediaFile.holding(bytes)
        #expect(MediaFile.measuring(file.url) == file, "read in three pieces, the same as at once")
        #expect(ContentHash.hex([]) == "0000000000000001")
    }

    /// The originals are hashed and copied a megabyte at a time, never mapped whole: the keys
    /// must stay those of the bytes read at once, or every cache entry would be made again.
    @Test func anOriginalIsHashedAndCopiedInPiecesWithTheKeysOfItsBytes() throws {
        let bytes = (0 ..< 2_500_001).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
        let file = try MediaFile.holding(bytes)
        let read = try #require(FileCopy.sha256(of: file.url))
        #expect(read.hash == Vips.sha256(bytes) && read.size == bytes.count && read.head == Array(bytes.prefix(64)))
        let settings = AudioSettings()
        #expect(FileCopy.sha256(of: file.url, then: RenditionCache.audioKeyTail(settings))?.hash == RenditionCache.audioKey(bytes, settings: settings))
        let copy = file.url.appendingPathExtension("copy")
        #expect(FileCopy.copy(file.url.path, to: copy.path) == nil)
        #expect(try Data(contentsOf: copy) == Data(bytes))
        #expect(FileCopy.copy(file.url.path + ".missing", to: copy.path)?.hasSuffix("no such file or directory") == true)
    }
}
