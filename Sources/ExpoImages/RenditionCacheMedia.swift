import Foundation

/// Made recordings and videos in the cache: their files are moved in, never read whole, and
/// each entry's JSON notes the file's size and content hash, so that a start reads no more
/// than that JSON.
extension RenditionCache {
    /// What the JSON of a media entry says of its file. Entries made before it was noted
    /// have neither: the file is measured once and the note added.
    struct FileNote: Codable {
        var size: Int?
        var contentHash: String?
    }

    /// The entry's media file `name`, as `note` describes it, or measured when the note has
    /// nothing or does not match the file's size; nil when the file is missing or empty.
    func mediaFile(_ name: String, in key: String, note: FileNote, rewrite: (FileNote) -> Void) -> MediaFile? {
        let url = folder.appendingPathComponent(key).appendingPathComponent(name)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let size = (attributes[.size] as? NSNumber)?.intValue, size > 0 else { return nil }
        if let hash = note.contentHash, note.size == size { return MediaFile(url: url, size: size, contentHash: hash) }
        guard let measured = MediaFile.measuring(url) else { return nil }
        rewrite(FileNote(size: measured.size, contentHash: measured.contentHash))
        return measured
    }

    /// Writes `json` into the entry beside its files, replacing the one there (a note added
    /// to an older entry); a failure leaves the old one, which is measured again next time.
    func rewrite(_ json: Data, named name: String, in key: String) {
        let entry = folder.appendingPathComponent(key)
        let fresh = entry.appendingPathComponent(".\(name).\(UUID().uuidString)")
        guard (try? json.write(to: fresh)) != nil else { return }
        if rename(fresh.path, entry.appendingPathComponent(name).path) != 0 { try? FileManager.default.removeItem(at: fresh) }
    }

    /// Stores an entry whose media files are moved in from where they were made, with its
    /// small files written; the files are where they were if it cannot be stored. Answers
    /// each media file at its place in the entry. Throws when the folder cannot be written.
    func storeMoving(_ key: String, media: [(name: String, file: MediaFile)], small: [(name: String, bytes: Data)]) throws -> [MediaFile] {
        var moved: [(from: MediaFile, to: MediaFile)] = []
        do {
            try store(key) { staging in
                for item in small { try item.bytes.write(to: staging.appendingPathComponent(item.name)) }
                for item in media {
                    moved.append((item.file, try item.file.moved(to: staging.appendingPathComponent(item.name))))
                }
            }
        } catch {
            // Back where they were made, for the guide to keep elsewhere.
            for (from, to) in moved { try? FileManager.default.moveItem(at: to.url, to: from.url) }
            throw error
        }
        let entry = folder.appendingPathComponent(key)
        return media.map { MediaFile(url: entry.appendingPathComponent($0.name), size: $0.file.size, contentHash: $0.file.contentHash) }
    }
}
