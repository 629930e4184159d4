import Foundation

/// A fresh folder under the system's temporary one, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-studio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        // A test may have made a folder unreadable; make it removable again.
        chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }

    func permissions(of child: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(child).path)
        return (attributes[.posixPermissions] as! NSNumber).intValue & 0o777
    }
}
