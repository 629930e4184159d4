import ExpoCatalog
import Foundation

/// A catalog folder written by a test into its own temporary directory, removed on deinit.
public final class TemporaryCatalog {
    public let url: URL

    public init(_ files: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("expo1900-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, content) in files { try write(name, content) }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    public func write(_ name: String, _ content: String) throws {
        try write(name, Data(content.utf8))
    }

    public func write(_ name: String, _ data: Data) throws {
        let fileURL = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: fileURL)
    }

    /// The seed apps' exposition file, exactly in their format.
    public static let seedExposition = """
        {
        \t"title":"파리 만국박람회 1900(L'Exposition de Paris 1900)",
        \t"visitors":48130300,
        \t"location":"프랑스 파리",
        \t"duration":"1900. 04. 14 - 1900. 11. 12",
        \t"description":"첫 문단.\\n\\n둘째 문단."
        }
        """

    public static let seedItems = """
        [
        \t{
        \t\t"name":"직지심체요절",
        \t\t"image_name":"jikji",
        \t\t"short_desc":"금속활자로 찍은 책",
        \t\t"desc":"첫 문단.\\n\\n둘째 문단."
        \t},
        \t{
        \t\t"name":"해금",
        \t\t"image_name":"haegeum",
        \t\t"short_desc":"두 줄 현악기",
        \t\t"desc":"활로 켜는 악기."
        \t}
        ]
        """

    public static let tinySVG = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>"#

    /// A complete, warning-free catalog in Korean only: the seed files and every image.
    public static func seed(extra: [String: String] = [:]) throws -> TemporaryCatalog {
        var files = [
            "exposition_universelle_1900.json": seedExposition,
            "items.json": seedItems,
        ]
        for name in ["poster", "flag", "jikji", "haegeum"] { files["\(name).svg"] = tinySVG }
        files.merge(extra) { _, new in new }
        return try TemporaryCatalog(files)
    }
}

extension TemporaryCatalog {
    /// Loads the folder while this object, and so the folder, is still alive; with
    /// `publishingCheck`, as `validate` loads it.
    public func load(publishingCheck: Bool = false) throws -> Catalog {
        try CatalogLoader.load(at: url, options: .init(publishingCheck: publishingCheck))
    }
}

extension TemporaryCatalog {
    /// A catalog of `count` generated exhibits (`item-1` …), Korean only, without images.
    public static func generated(count: Int) throws -> TemporaryCatalog {
        let entries = (1...count).map { index in
            #"{"name": "출품작 \#(index)", "image_name": "item-\#(index)", "short_desc": "설명 \#(index)", "desc": "첫 문단 \#(index).\n\n둘째 문단."}"#
        }
        return try TemporaryCatalog([
            "exposition_universelle_1900.json": seedExposition,
            "items.json": "[\n" + entries.joined(separator: ",\n") + "\n]",
        ])
    }
}
