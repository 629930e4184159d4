import Foundation

/// Finds an image's files by name in a catalog folder: `jikji.svg`, or `jikji.png` with
/// optional `jikji@2x.png` and `jikji@3x.png` (any of the formats `ImageFormat` lists).
enum ImageFinder {
    static let scaleSuffixes: [(suffix: String, scale: Int)] = [("", 1), ("@2x", 2), ("@3x", 3)]

    /// The image, or nil when no file carries the name. Unreadable files are left out with
    /// a warning.
    static func find(_ name: String, in folder: CatalogFolder, diagnostics: inout [Diagnostic]) -> CatalogImage? {
        guard folder.imageStems.contains(name.lowercased()) else { return nil }
        var variants: [ImageVariant] = []
        for (suffix, scale) in scaleSuffixes {
            for (ext, format) in ImageFormat.extensions {
                let wanted = "\(name)\(suffix).\(ext)"
                // The name must match exactly (ids are case-sensitive); the extension may be in any case.
                guard let fileName = folder.fileNamesByLowercase[wanted.lowercased()]?
                    .first(where: { $0.hasPrefix("\(name)\(suffix).") }) else { continue }
                let bytes: [UInt8]
                switch folder.read(fileName) {
                case let .success(read): bytes = read
                case let .failure(refusal):
                    diagnostics.append(Diagnostic(.warning, file: fileName, refusal.message("left out")))
                    continue
                }
                variants.append(ImageVariant(file: fileName, format: format, scale: scale, data: Data(bytes)))
                break
            }
            // A vector image serves every scale.
            if variants.first?.format == .svg { break }
        }
        return variants.isEmpty ? nil : CatalogImage(name: name, variants: variants)
    }
}
