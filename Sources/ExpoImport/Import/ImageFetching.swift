import ExpoImages
import Foundation

/// Fetches each exhibit's images into the catalog folder, named by the exhibit's id
/// (`1234.jpg`, `1234-2.jpg`, …) with the extension their bytes say. What was fetched is
/// recorded (address → file) as each file is written, so a second run fetches only the rest.
struct ImageFetching: Sendable {
    let fetcher: Fetcher
    let folder: URL
    let record: URL
    let progress: @Sendable (String) -> Void

    struct Result: Sendable {
        var files: [String] = []
        var fetched = 0
        var warnings: [String] = []
    }

    /// `name`: the manifest as warnings name it.
    func save(_ exhibit: ImportedExhibit, named name: String) async -> Result {
        var result = Result()
        var saved = (try? JSONDecoder().decode([String: String].self, from: Data(contentsOf: record))) ?? [:]
        for (index, image) in exhibit.manifest.images.enumerated() {
            let stem = index == 0 ? exhibit.id : "\(exhibit.id)-\(index + 1)"
            let address = image.fetchURL
            if let file = saved[address], FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path) {
                // The same picture for two manifests (a shared thumbnail): each exhibit finds
                // its image by its own name, so the second gets a copy under its name.
                let own = stem + "." + (file as NSString).pathExtension
                if own != file, !FileManager.default.fileExists(atPath: folder.appendingPathComponent(own).path) {
                    do {
                        try FileManager.default.copyItem(at: folder.appendingPathComponent(file), to: folder.appendingPathComponent(own))
                    } catch {
                        result.warnings.append("\(name): image \(index + 1) could not be written to \(own)")
                        continue
                    }
                }
                result.files.append(own)
                continue
            }
            var data: Data
            do {
                data = try await fetcher.fetch(address, bytes: fetcher.limits.imageBytes)
            } catch {
                // A service that fails may still have its painted file.
                guard image.service != nil, !image.url.isEmpty, image.url != address,
                      let plain = try? await fetcher.fetch(image.url, bytes: fetcher.limits.imageBytes) else {
                    result.warnings.append("\(name): image \(index + 1): \(error.message); the exhibit shows \(index == 0 ? "a placeholder" : "its other images")")
                    continue
                }
                data = plain
            }
            guard let ext = ImageHeader.fileExtension(of: data), let size = ImageHeader.size(of: data) else {
                result.warnings.append("\(name): image \(index + 1): \(Quoted.text(address)) is not an image the guide reads; skipped")
                continue
            }
            // A "bomb" is small on the wire and huge decoded: refused here, never kept.
            guard size.width * size.height <= ImageHeader.pixelLimit else {
                result.warnings.append("\(name): image \(index + 1): \(Quoted.text(address)) is \(size.width.formatted()) × \(size.height.formatted()) "
                    + "pixels, over the limit of \((ImageHeader.pixelLimit / 1_000_000).formatted()) megapixels; not saved")
                continue
            }
            let file = stem + "." + ext
            do {
                try data.write(to: folder.appendingPathComponent(file), options: .atomic)
            } catch {
                result.warnings.append("\(name): image \(index + 1) could not be written to \(file)")
                continue
            }
            saved[address] = file
            try? JSONEncoder().encode(saved).write(to: record, options: .atomic)
            result.files.append(file)
            result.fetched += 1
            progress("image \(file) (\(data.count / 1024) KB)")
        }
        return result
    }
}
