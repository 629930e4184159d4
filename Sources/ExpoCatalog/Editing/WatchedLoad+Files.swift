import Foundation

/// A photo or a recording the studio puts into the catalog's folder: the file `name` at
/// its top, its bytes from `source` (the studio's copy of the upload).
public struct FileChange: Sendable, Equatable {
    public let name: String
    public let source: URL

    public init(name: String, source: URL) {
        self.name = name
        self.source = source
    }

    /// Whether `name` is one the studio may write: a plain name at the folder's top, never
    /// a data file or a hidden one; an image's (`jikji-2.jpg`) or a recording's, whose
    /// name may say its language (`jikji.en.wav`).
    public static func isWritableName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("."), !name.contains("/"), !name.contains("\\"),
              let dot = name.lastIndex(of: ".") else { return false }
        let stem = String(name[..<dot])
        let ext = name[name.index(after: dot)...].lowercased()
        if ImageFormat.forExtension(ext) != nil { return Exhibit.isSafeID(stem) }
        // A recording, a video, or a video's WebVTT captions (`jikji.video.en.vtt`).
        let media = CatalogRecording.isAcceptedName(name) || CatalogVideo.isAcceptedName(name) || ext == "vtt"
        return media && stem.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { Exhibit.isSafeID(String($0)) }
    }
}

extension WatchedLoad {
    /// Whether photos and recordings can be put into the catalog: only a plain folder
    /// keeps them at its top (an app's project keeps them in its asset catalog).
    public var takesFiles: Bool { isEditable && locations.isEmpty }

    /// Copies each file into the folder (written beside itself, then renamed over), and,
    /// unless told to restore exactly, takes away the other files of an image it replaces
    /// (`jikji.svg` when `jikji.jpg` arrives, `jikji@2x.png`), which would otherwise be shown
    /// instead of it. Then takes away each of `removing`. Returns the names written, or why
    /// not; the files already written stay (a catalog that does not name them only warns).
    public func write(files: [FileChange], removing: [String] = [], replacingOtherFiles: Bool = true) -> Result<[String], EntryWriteError> {
        guard takesFiles else { return .failure(.unusable(file: files.first?.name ?? removing.first ?? "", reason: "this catalog keeps its images elsewhere")) }
        var written: [String] = []
        for file in files {
            guard FileChange.isWritableName(file.name) else { return .failure(.unusable(file: file.name, reason: "is not a name the studio writes")) }
            let target = folder.appendingPathComponent(file.name)
            // A new file, or a plain one replaced: never written through a link.
            var info = stat()
            if lstat(target.path, &info) == 0, let problem = Self.notPlainFile(target, name: file.name) { return .failure(problem) }
            let source = open(file.source.path, O_RDONLY | O_CLOEXEC)
            guard source >= 0 else { return .failure(.unusable(file: file.name, reason: "its upload could not be read")) }
            defer { close(source) }
            guard fstat(source, &info) == 0 else { return .failure(.unusable(file: file.name, reason: "its upload could not be read")) }
            if let reason = AtomicFile.write([.copy(0..<Int(info.st_size))], from: source, to: target) {
                return .failure(.unusable(file: file.name, reason: reason))
            }
            written.append(file.name)
            if replacingOtherFiles {
                for other in otherFiles(ofImage: file.name) { unlink(folder.appendingPathComponent(other).path) }
            }
        }
        for name in removing {
            guard FileChange.isWritableName(name) else { return .failure(.unusable(file: name, reason: "is not a name the studio writes")) }
            let target = folder.appendingPathComponent(name)
            var info = stat()
            guard lstat(target.path, &info) == 0 else { continue }
            if let problem = Self.notPlainFile(target, name: name) { return .failure(problem) }
            guard unlink(target.path) == 0 else { return .failure(.unusable(file: name, reason: String(cString: strerror(errno)))) }
        }
        return .success(written)
    }

    /// The other files of the image `name` names (its other formats and scales), which a
    /// publish of `name` takes away; none when `name` is no image's file.
    public func otherFiles(ofImage name: String) -> [String] {
        guard ImageFormat.forExtension((name as NSString).pathExtension) != nil else { return [] }
        let stem = CatalogFolder.imageStem(name)
        let imageExtensions = Set(ImageFormat.extensions.map(\.ext))
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { other in
            other != name && CatalogFolder.imageStem(other) == stem && imageExtensions.contains((other as NSString).pathExtension.lowercased())
        }.sorted()
    }

    /// The file `name` at the folder's top, when it is a plain one: what a publish would
    /// replace or take away.
    public func plainFile(_ name: String) -> URL? {
        let target = folder.appendingPathComponent(name)
        guard FileChange.isWritableName(name), Self.notPlainFile(target, name: name) == nil else { return nil }
        return target
    }
}

extension CatalogImage {
    /// A file the studio was sent, as the loader reads one found in the folder under
    /// `file`: the format its name says, an SVG made safe (with a warning naming `file`
    /// for each thing taken out). Nil when nothing of it can be used.
    public static func uploaded(_ name: String, file: String, data: Data, diagnostics: inout [Diagnostic]) -> CatalogImage? {
        guard let format = ImageFormat.forExtension((file as NSString).pathExtension) else { return nil }
        return SVGSanitizer.cleaned(CatalogImage(name: name, variants: [ImageVariant(file: file, format: format, scale: 1, data: data)]),
                                    diagnostics: &diagnostics)
    }
}
