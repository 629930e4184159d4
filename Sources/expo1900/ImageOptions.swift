import ArgumentParser
import ExpoCatalog
import ExpoImages
import Foundation

/// The options every command that reads images takes.
struct ImageOptions: ParsableArguments {
    @Option(name: .customLong("image-cache"),
            help: ArgumentHelp("Where processed images are kept between runs.", valueName: "folder"))
    var imageCache: String?

    var cache: RenditionCache {
        RenditionCache(folder: imageCache.map { URL(fileURLWithPath: $0) } ?? RenditionCache.defaultFolder)
    }

    /// A catalog's images and recordings made ready, and the recordings left to make.
    struct Prepared {
        var catalog: Catalog
        var renditions: Renditions
        /// With `recordingsLater`, those not yet in the cache, to be made by `makeRecordings`.
        var missingRecordings: [CatalogRecording] = []
    }

    /// The catalog's images made ready to serve, with a progress line on standard error
    /// while it takes more than a second; their warnings join the catalog's.
    /// `recordingsLater`: the server's way, which reads the recordings already made and
    /// leaves the others to be made after it answers (`makeRecordings`), with `memory`.
    func prepare(_ catalog: Catalog, drafts: Bool = false, recordingsLater memory: RecordingMemory? = nil) -> Prepared {
        let line = ProgressLine(label: "images")
        var renditions = ImageWork.renditions(for: catalog, cache: cache, drafts: drafts) { progress in
            line.update(done: progress.done, total: progress.total)
        }
        line.finish()
        var catalog = catalog
        catalog.diagnostics += renditions.diagnostics
        // Recordings with the images, before the first page: with the cache warm, a read each.
        let audio = AudioWork.recordings(for: catalog, cache: cache, tools: AudioTools.locate(),
                                         makeMissing: memory == nil, memory: memory ?? RecordingMemory())
        renditions.recordings = audio.recordings
        catalog.diagnostics += audio.diagnostics
        return Prepared(catalog: catalog, renditions: renditions, missingRecordings: audio.missing)
    }

    /// Makes `missing` (away from the answers) into the cache and `memory`, which also
    /// remembers those that cannot be made.
    func makeRecordings(_ missing: [CatalogRecording], of catalog: Catalog, memory: RecordingMemory) -> AudioWork.Outcome {
        var only = catalog
        only.recordings = Dictionary(uniqueKeysWithValues: missing.map { ($0.file, $0) })
        return AudioWork.recordings(for: only, cache: cache, tools: AudioTools.locate(), memory: memory)
    }
}
