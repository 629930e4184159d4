import ExpoCatalog
import Foundation

/// `expo1900 import iiif SOURCE DEST`: a IIIF collection or manifest (a file, a folder of
/// them, or an address) made into a catalog folder. Every document and image fetched is
/// kept in `DEST/.iiif-import/` as it arrives, so an import stopped part way and run again
/// reads them from there and fetches only what it lacks.
public struct IIIFImport: Sendable {
    public struct Options: Sendable {
        public var allowPrivate = false
        public var seconds: Int64 = 60
        /// The catalog's main language, when the curator names it; else the one most used.
        public var mainLanguage: String?
        public init() {}
    }

    public struct Summary: Sendable {
        public var exhibits: Int
        public var languages: [String]
        public var images: Int
        public var recordings: Int
        public var videos: Int
        public var fetched: Int
        public var warnings: [String]
    }

    public enum Failure: Error, CustomStringConvertible, Sendable {
        case source(String)
        case destination(String)

        public var description: String {
            switch self {
            case let .source(message), let .destination(message): message
            }
        }
    }

    let options: Options
    let progress: @Sendable (String) -> Void

    public init(options: Options, progress: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.progress = progress
    }

    static let stateFolder = ".iiif-import"

    public func run(source: String, destination: URL) async throws(Failure) -> Summary {
        let state = try prepare(destination)
        let fetcher = Fetcher(check: AddressCheck(allowsPrivate: options.allowPrivate), limits: .init(seconds: options.seconds))
        var walk = IIIFWalk(fetcher: fetcher, cache: DocumentCache(folder: state.appendingPathComponent("documents")), progress: progress)
        let found = await walk.manifests(from: source)
        var warnings = walk.warnings
        guard walk.readAnything else {
            await fetcher.shutdown()
            throw .source(warnings.first ?? "\(source): nothing could be read")
        }
        var ids = ExhibitIDs()
        var exhibits = found.map { manifest in
            var manifest = manifest
            // A recording or a video with no painted image is shown by its thumbnail.
            if manifest.images.isEmpty, !manifest.media.isEmpty, let thumbnail = manifest.thumbnail { manifest.images = [thumbnail] }
            return ImportedExhibit(id: ids.id(for: manifest.id, label: manifest.label), manifest: manifest)
        }
        var languages = CatalogWriting.languages(exhibits.map(\.manifest), collection: walk.title)
        if let main = options.mainLanguage.map(LanguageMap.code) {
            if languages.contains(main) {
                languages.removeAll { $0 == main }
                languages.insert(main, at: 0)
            } else {
                warnings.append("--language \(Quoted.text(main)): no label is in that language; the main language is \(languages.first ?? "none")")
            }
        }
        // A manifest is named in the catalog's main language, as the curator will see it.
        let name = { (manifest: IIIFManifest) in
            (manifest.label.text(languages.first ?? LanguageMap.none) ?? manifest.label.anyText).map(Quoted.text) ?? Quoted.text(manifest.id)
        }
        for exhibit in exhibits {
            if exhibit.manifest.label.isEmpty { warnings.append("\(Quoted.text(exhibit.manifest.id)): the manifest has no label; the exhibit is named \(exhibit.id)") }
            if exhibit.manifest.metadata.isEmpty { warnings.append("\(name(exhibit.manifest)): the manifest has no metadata; the exhibit has no facts") }
            if exhibit.manifest.images.isEmpty {
                let painted = exhibit.manifest.media.isEmpty ? "paints no image" : "paints no image and has no thumbnail"
                warnings.append("\(name(exhibit.manifest)): the manifest \(painted); the exhibit shows a placeholder")
            }
        }
        let images = ImageFetching(fetcher: fetcher, folder: destination, record: state.appendingPathComponent("images.json"), progress: progress)
        let media = MediaFetching(fetcher: fetcher, folder: destination, state: state, progress: progress)
        var fetched = 0
        for index in exhibits.indices {
            let result = await images.save(exhibits[index], named: name(exhibits[index].manifest))
            exhibits[index].imageFiles = result.files
            fetched += result.fetched
            warnings += result.warnings
            guard !exhibits[index].manifest.media.isEmpty else { continue }
            let saved = await media.save(exhibits[index], named: name(exhibits[index].manifest), languages: languages)
            exhibits[index].media = saved.media
            fetched += saved.fetched
            warnings += saved.warnings
        }
        await fetcher.shutdown()
        do {
            try CatalogWriting.write(exhibits, title: walk.title, languages: languages, into: destination)
        } catch {
            throw .destination("\(destination.path): the catalog could not be written (\(FileProblem.describe(error)))")
        }
        let saved = exhibits.flatMap(\.media)
        return Summary(exhibits: exhibits.count, languages: languages, images: exhibits.reduce(0) { $0 + $1.imageFiles.count },
                       recordings: saved.count { $0.kind == .sound }, videos: saved.count { $0.kind == .video },
                       fetched: fetched, warnings: warnings)
    }

    /// DEST, new or empty or an earlier import's (which is taken up where it stopped), with
    /// its state folder; never a folder of someone's own files.
    private func prepare(_ destination: URL) throws(Failure) -> URL {
        let manager = FileManager.default
        let state = destination.appendingPathComponent(Self.stateFolder)
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: destination.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .destination("\(destination.path): is a file; give a new or empty folder") }
            let contents = (try? manager.contentsOfDirectory(atPath: destination.path)) ?? []
            guard contents.isEmpty || contents.contains(Self.stateFolder) else {
                throw .destination("\(destination.path): holds files no import wrote; give a new or empty folder")
            }
        }
        do {
            try manager.createDirectory(at: state.appendingPathComponent("documents"), withIntermediateDirectories: true)
        } catch {
            throw .destination("\(destination.path): \(FileProblem.describe(error))")
        }
        return state
    }
}
