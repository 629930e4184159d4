import Foundation

/// A folder of catalogs, as `serve --catalogs` takes it, removed when released: each
/// exhibition is the seed catalog with its own title and dates.
public final class TemporaryMuseum: @unchecked Sendable {
    public let url: URL

    /// `exhibitions`: folder name → (title, duration as the exposition file gives it).
    public init(_ exhibitions: [(name: String, title: String, duration: String)], museum: String? = nil) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-museum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for exhibition in exhibitions {
            try add(exhibition.name, title: exhibition.title, duration: exhibition.duration)
        }
        if let museum { try Data(museum.utf8).write(to: url.appendingPathComponent("museum.json")) }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Adds the seed catalog as `name`, its exhibits' short texts starting with the title.
    public func add(_ name: String, title: String, duration: String) throws {
        let folder = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let exposition = #"{"title": "\#(title)", "visitors": 1, "location": "Seoul", "duration": "\#(duration)", "description": "About \#(title)."}"#
        let items = """
            [{"name": "\(title) jikji", "image_name": "jikji", "short_desc": "\(title) book", "desc": "Printed."},
             {"name": "\(title) haegeum", "image_name": "haegeum", "short_desc": "\(title) strings", "desc": "Bowed."}]
            """
        try Data(exposition.utf8).write(to: folder.appendingPathComponent("exposition_universelle_1900.json"))
        try Data(items.utf8).write(to: folder.appendingPathComponent("items.json"))
        for image in ["poster", "flag", "jikji", "haegeum"] {
            try Data(TemporaryCatalog.tinySVG.utf8).write(to: folder.appendingPathComponent("\(image).svg"))
        }
    }

    /// Writes a file inside the museum folder (`broken/items.json`), making its folder.
    public func write(_ path: String, _ content: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: file)
    }
}
