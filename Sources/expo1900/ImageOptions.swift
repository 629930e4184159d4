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

    /// The catalog's images made ready to serve, with a progress line on standard error
    /// while it takes more than a second; their warnings join the catalog's.
    func prepare(_ catalog: Catalog, drafts: Bool = false) -> (Catalog, Renditions) {
        let line = ProgressLine(label: "images")
        var renditions = ImageWork.renditions(for: catalog, cache: cache, drafts: drafts) { progress in
            line.update(done: progress.done, total: progress.total)
        }
        line.finish()
        var catalog = catalog
        catalog.diagnostics += renditions.diagnostics
        // Recordings with the images, before the first page: with the cache warm, a read each.
        let audio = AudioWork.recordings(for: catalog, cache: cache, tools: AudioTools.locate())
        renditions.recordings = audio.recordings
        catalog.diagnostics += audio.diagnostics
        return (catalog, renditions)
    }
}
