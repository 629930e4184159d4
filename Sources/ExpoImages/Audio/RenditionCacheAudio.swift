import Foundation

/// Recordings in the same cache as the images' renditions, one folder per original and
/// settings, named by the SHA-256 of both: `recording.m4a` and `recording.json`.
extension RenditionCache {
    static func audioKey(_ bytes: [UInt8], settings: AudioSettings) -> String {
        Vips.sha256(bytes, then: " \(settings.fingerprint)")
    }

    private struct AudioEntry: Codable {
        var duration: Double
    }

    func readAudio(_ key: String) -> AudioRendition? {
        let entryFolder = folder.appendingPathComponent(key)
        guard let data = FileManager.default.contents(atPath: entryFolder.appendingPathComponent("recording.json").path),
              let entry = try? JSONDecoder().decode(AudioEntry.self, from: data),
              // A damaged entry is made again: pages count whole seconds from the duration.
              entry.duration.isFinite, entry.duration > 0, entry.duration <= AudioLimits().longest * 2,
              let bytes = FileManager.default.contents(atPath: entryFolder.appendingPathComponent("recording.m4a").path) else { return nil }
        return AudioRendition(bytes: [UInt8](bytes), duration: entry.duration)
    }

    /// Stores the recording whole or not at all; throws when the folder cannot be written.
    func writeAudio(_ rendition: AudioRendition, key: String) throws {
        try store(key, [("recording.m4a", Data(rendition.bytes)),
                        ("recording.json", try JSONEncoder().encode(AudioEntry(duration: rendition.duration)))])
    }
}
