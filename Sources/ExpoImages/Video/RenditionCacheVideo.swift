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
        var file: FileNote?
    }

    func readVideo(_ key: String) -> VideoRendition? {
        let entryFolder = folder.appendingPathComponent(key)
        guard let data = FileManager.default.contents(atPath: entryFolder.appendingPathComponent("video.json").path),
              var entry = try? JSONDecoder().decode(VideoEntry.self, from: data),
              // A damaged entry is made again: pages show the length and reserve the size.
              entry.duration.isFinite, entry.duration > 0, entry.duration <= VideoLimits().longest * 2,
              (1 ... VideoLimits().largestSide).contains(entry.width), (1 ... VideoLimits().largestSide).contains(entry.height),
              let poster = FileManager.default.contents(atPath: entryFolder.appendingPathComponent("poster.jpg").path),
              let file = mediaFile("video.mp4", in: key, note: entry.file ?? FileNote(), rewrite: { note in
                  entry.file = note
                  if let json = try? JSONEncoder().encode(entry) { rewrite(json, named: "video.json", in: key) }
              }) else { return nil }
        return VideoRendition(file: file, poster: [UInt8](poster), duration: entry.duration, width: entry.width, height: entry.height)
    }

    /// Stores the video whole or not at all, its file moved in; answers it at its place in
    /// the cache. Throws when the folder cannot be written, the file left where it was.
    func keepVideo(_ rendition: VideoRendition, key: String) throws -> VideoRendition {
        let entry = VideoEntry(duration: rendition.duration, width: rendition.width, height: rendition.height,
                               file: FileNote(size: rendition.file.size, contentHash: rendition.file.contentHash))
        let files = try storeMoving(key, media: [("video.mp4", rendition.file)],
                                    small: [("poster.jpg", Data(rendition.poster)), ("video.json", try JSONEncoder().encode(entry))])
        var kept = rendition
        kept.file = files[0]
        return kept
    }
}
