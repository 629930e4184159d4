import Foundation

/// Videos in the same cache as the images' renditions and the recordings, one folder per
/// original and settings, named by the SHA-256 of both: `video.mp4`, `poster.jpg` and
/// `video.json`.
extension RenditionCache {
    static func videoKey(contentHash: String, settings: VideoSettings) -> String {
        Vips.sha256(Array("\(contentHash) \(settings.fingerprint)".utf8))
    }

    private struct VideoEntry: Codable {
        var duration: Double
        var width: Int
        var height: Int
    }

    func readVideo(_ key: String) -> VideoRendition? {
        let entryFolder = folder.appendingPathComponent(key)
        guard let data = FileManager.default.contents(atPath: entryFolder.appendingPathComponent("video.json").path),
              let entry = try? JSONDecoder().decode(VideoEntry.self, from: data),
              // A damaged entry is made again: pages show the length and reserve the size.
              entry.duration.isFinite, entry.duration > 0, entry.duration <= VideoLimits().longest * 2,
              (1 ... VideoLimits().largestSide).contains(entry.width), (1 ... VideoLimits().largestSide).contains(entry.height),
              let bytes = FileManager.default.contents(atPath: entryFolder.appendingPathComponent("video.mp4").path),
              let poster = FileManager.default.contents(atPath: entryFolder.appendingPathComponent("poster.jpg").path) else { return nil }
        return VideoRendition(bytes: [UInt8](bytes), poster: [UInt8](poster), duration: entry.duration, width: entry.width, height: entry.height)
    }

    /// Stores the video whole or not at all; throws when the folder cannot be written.
    func writeVideo(_ rendition: VideoRendition, key: String) throws {
        let entry = VideoEntry(duration: rendition.duration, width: rendition.width, height: rendition.height)
        try store(key, [("video.mp4", Data(rendition.bytes)), ("poster.jpg", Data(rendition.poster)),
                        ("video.json", try JSONEncoder().encode(entry))])
    }
}
