import ArgumentParser
import ExpoCatalog
import ExpoImages
import Foundation

/// The options every command that reads images takes.
struct ImageOptions: ParsableArguments {
    @Option(name: .customLong("image-cache"),
            help: ArgumentHelp("Where processed images are kept between runs.", valueName: "folder"))
    var imageCache: String?

    @Option(name: .customLong("deep-zoom-above"),
            help: ArgumentHelp("Photos whose longer side is over this many pixels are cut into deep-zoom tiles.", valueName: "pixels"))
    var deepZoomAbove = TileSettings().threshold

    var tileSettings: TileSettings {
        var settings = TileSettings()
        settings.threshold = max(1, deepZoomAbove)
        return settings
    }

    var cache: RenditionCache {
        RenditionCache(folder: imageCache.map { URL(fileURLWithPath: $0) } ?? RenditionCache.defaultFolder)
    }

    /// A catalog's images, recordings and videos made ready, and the recordings and videos left to make.
    struct Prepared {
        var catalog: Catalog
        var renditions: Renditions
        /// With `mediaLater`, those not yet in the cache, to be made by `makeMedia`.
        var missingRecordings: [CatalogRecording] = []
        var missingVideos: [CatalogVideo] = []

        var isMissingMedia: Bool { !missingRecordings.isEmpty || !missingVideos.isEmpty }
    }

    /// The catalog's images made ready to serve, with a progress line on standard error
    /// while it takes more than a second; their warnings join the catalog's.
    /// `mediaLater`: the server's way, which reads the recordings and videos already made
    /// and leaves the others to be made after it answers (`makeMedia`), with `memory`.
    func prepare(_ catalog: Catalog, drafts: Bool = false, mediaLater memory: MadeMedia? = nil) -> Prepared {
        let line = ProgressLine(label: "images")
        var renditions = ImageWork.renditions(for: catalog, cache: cache, tiles: tileSettings, drafts: drafts) { progress in
            line.update(done: progress.done, total: progress.total)
        }
        line.finish()
        var catalog = catalog
        catalog.diagnostics += renditions.diagnostics
        // Recordings and videos with the images, before the first page: with the cache warm, a read each.
        let made = memory ?? MadeMedia()
        let audio = AudioWork.recordings(for: catalog, cache: cache, tools: AudioTools.locate(),
                                         makeMissing: memory == nil, memory: made.recordings)
        let video = VideoWork.videos(for: catalog, cache: cache, tools: AudioTools.locate(), makeMissing: memory == nil, memory: made.videos)
        renditions.recordings = audio.recordings
        renditions.videos = video.videos
        catalog.diagnostics += audio.diagnostics + video.diagnostics
        return Prepared(catalog: catalog, renditions: renditions, missingRecordings: audio.missing, missingVideos: video.missing)
    }

    /// Makes the recordings and videos `prepared` left (away from the answers) into the cache
    /// and `memory`, which also remembers those that cannot be made.
    func makeMedia(_ prepared: Prepared, memory: MadeMedia) -> (recordings: AudioWork.Outcome, videos: VideoWork.Outcome) {
        var only = prepared.catalog
        only.recordings = Dictionary(uniqueKeysWithValues: prepared.missingRecordings.map { ($0.file, $0) })
        only.videos = Dictionary(uniqueKeysWithValues: prepared.missingVideos.map { ($0.file, $0) })
        return (AudioWork.recordings(for: only, cache: cache, tools: AudioTools.locate(), memory: memory.recordings),
                VideoWork.videos(for: only, cache: cache, tools: AudioTools.locate(), memory: memory.videos))
    }
}
