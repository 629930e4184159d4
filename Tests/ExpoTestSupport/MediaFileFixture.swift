import ExpoImages
import Foundation

extension MediaFile {
    /// `bytes` written to a temporary file of their own, as the audio or video work would
    /// leave a made file: for tests that build renditions by hand.
    public static func holding(_ bytes: [UInt8], name: String = "made") throws -> MediaFile {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return MediaFile(url: url, size: bytes.count, contentHash: ContentHash.hex(bytes))
    }

    /// The file's bytes.
    public var bytes: [UInt8] {
        get throws { [UInt8](try Data(contentsOf: url)) }
    }
}
