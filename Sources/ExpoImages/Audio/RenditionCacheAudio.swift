import Foundation

/// Recordings in the same cache as the images' renditions, one folder per original and
/// settings, named by the SHA-256 of both: `recording.m4a` and `recording.json`.
extension RenditionCache {
    static func audioKey(_ bytes: some ContiguousBytes, settings: AudioSettings) -> String {
        Vips.sha256(bytes, then: audioKeyTail(settings))
    }

    /// What follows the original's bytes in its key: a file's key is hashed as it is read.
    static func audioKeyTail(_ settings: AudioSettings) -> String { " \(settings.fingerprint)" }

    private struct AudioEntry: Codable {
        var duration: Double
        var file: FileNote?
    }

    func readAudio(_ key: String) -> AudioRendition? {
        let entryFolder = folder.appendingPathComponent(key)
        guard let data = FileManager.default.contents(atPath: entryFolder.appendingPathComponent("recording.json").path),
              var entry = try? JSONDecoder().decode(AudioEntry.self, from: data),
              // A damaged entry is made again: pages count whole seconds from the duration.
              entry.duration.isFinite, entry.duration > 0, entry.duration <= AudioLimits().longest * 2,
              let file = mediaFile("recording.m4a", in: key, note: entry.file ?? FileNote(), rewrite: { note in
                  entry.file = note
                  if let json = try? JSONEncoder().encode(entry) { rewrite(json, named: "recording.json", in: key) }
              }) else { return nil }
        return AudioRendition(file: file, duration: entry.duration)
    }

    /// Stores the recording whole or not at all, its file moved in; answers it at its place
    /// in the cache. Throws when the folder cannot be written, the file left where it was.
    func keepAudio(_ rendition: AudioRendition, key: String) throws -> AudioRendition {
        let entry = AudioEntry(duration: rendition.duration, file: FileNote(size: rendition.file.size, contentHash: rendition.file.contentHash))
        let files = try storeMoving(key, media: [("recording.m4a", rendition.file)],
                                    small: [("recording.json", try JSONEncoder().encode(entry))])
        return AudioRendition(file: files[0], duration: rendition.duration)
    }
}
