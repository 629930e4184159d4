import Foundation

/// Processed images on disk, one folder per original and settings, named by the SHA-256 of
/// both: a second start, or an export, with unchanged images reads them back instead of
/// making them again. Entries are written whole or not at all (a folder renamed into place).
public struct RenditionCache: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// `$XDG_CACHE_HOME/expo1900/images`, else `~/.cache/expo1900/images`
    /// (`~/Library/Caches/expo1900/images` on macOS).
    public static var defaultFolder: URL {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("expo1900/images")
        }
        let home = FileManager.default.homeDirectoryForCurrentUser
        #if os(macOS)
        return home.appendingPathComponent("Library/Caches/expo1900/images")
        #else
        return home.appendingPathComponent(".cache/expo1900/images")
        #endif
    }

    static func key(_ bytes: some ContiguousBytes, scale: Int, settings: RenditionSettings) -> String {
        Vips.sha256(bytes, then: " scale \(scale) \(settings.fingerprint)")
    }

    private struct Entry: Codable {
        struct File: Codable {
            var name: String
            var width: Int
            var height: Int
            var format: RenditionFormat
        }

        var size: ImageSize
        var tone: String?
        var files: [File]
    }

    func contains(_ key: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(key).appendingPathComponent("rendition.json").path)
    }

    func read(_ key: String) -> ImageRendition? {
        let entryFolder = folder.appendingPathComponent(key)
        guard let data = FileManager.default.contents(atPath: entryFolder.appendingPathComponent("rendition.json").path),
              let entry = try? JSONDecoder().decode(Entry.self, from: data) else { return nil }
        var files: [RenditionFile] = []
        for file in entry.files {
            guard let bytes = FileManager.default.contents(atPath: entryFolder.appendingPathComponent(file.name).path) else { return nil }
            files.append(RenditionFile(width: file.width, height: file.height, format: file.format, bytes: [UInt8](bytes)))
        }
        return ImageRendition(size: entry.size, files: files, tone: entry.tone)
    }

    /// Stores the rendition; throws when the folder cannot be written.
    func write(_ rendition: ImageRendition, key: String) throws {
        var entry = Entry(size: rendition.size, tone: rendition.tone, files: [])
        var files: [(name: String, bytes: Data)] = []
        for file in rendition.files {
            let name = "\(file.width).\(file.format.fileExtension)"
            files.append((name, Data(file.bytes)))
            entry.files.append(.init(name: name, width: file.width, height: file.height, format: file.format))
        }
        try store(key, files + [("rendition.json", try JSONEncoder().encode(entry))])
    }

    /// Writes an entry's files into a hidden folder, then renames it into place: an entry is
    /// there whole or not at all, whatever stops the guide. Throws when the folder cannot be written.
    func store(_ key: String, _ files: [(name: String, bytes: Data)]) throws {
        try store(key) { staging in
            for file in files { try file.bytes.write(to: staging.appendingPathComponent(file.name)) }
        }
    }

    /// The same, for an entry whose files `fill` writes into the hidden folder it is given.
    func store(_ key: String, filling fill: (URL) throws -> Void) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let staging = folder.appendingPathComponent(".\(key).\(UUID().uuidString)")
        try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        defer { try? manager.removeItem(at: staging) }
        try fill(staging)
        let target = folder.appendingPathComponent(key)
        // Another process may have stored the same entry meanwhile; either copy is good.
        if rename(staging.path, target.path) != 0, !manager.fileExists(atPath: target.path) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
        }
    }
}
