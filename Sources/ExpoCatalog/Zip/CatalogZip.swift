import Foundation

/// A catalog folder as one zip file, every file at the path it has in the folder, so that
/// the zip unpacked is the folder again and `--catalog` loads it as it is.
public enum CatalogZip {
    public struct Failure: Error, Sendable {
        public let message: String
    }

    public struct Written: Sendable {
        public let files: Int
        /// What is in the folder but no regular file inside it (a FIFO, a link leading out), left out.
        public let skipped: [Diagnostic]
    }

    /// Writes the folder's files (hidden ones aside) into a new zip at `zip`, which is removed if writing fails.
    public static func write(folder: URL, to zip: URL) throws(Failure) -> Written {
        let others = OtherFiles(in: folder, besides: [])
        do throws(Failure) {
            let writer = try ZipWriter(writingTo: zip)
            for (source, path) in others.files { try writer.add(source, as: path) }
            try writer.finish()
        } catch {
            try? FileManager.default.removeItem(at: zip)
            throw error
        }
        return Written(files: others.files.count, skipped: others.skipped)
    }

    /// Whether the file at `url` is a zip (by its first bytes, whatever its name).
    public static func isZip(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
              let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 4)) ?? Data())
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }

    /// Unpacks the zip at `zip` into the folder `folder` (made if missing), refusing what
    /// a catalog's zip never holds: links, paths leading out, encrypted or damaged files.
    public static func unpack(_ zip: URL, into folder: URL) throws(Failure) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(message: "cannot make \(folder.path)")
        }
        try ZipReader.unpack(zip, into: folder)
    }
}
