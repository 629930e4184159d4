import ExpoCatalog
import Foundation
import Synchronization

/// Makes every image of a catalog ready to serve: raster originals into widths and formats
/// (from the disk cache when it has them), vectors as they are. Images are processed in
/// parallel, as many at once as there are cores and memory for. A bad image never stops
/// the work: it gets a warning naming its file, and the site shows a placeholder for it.
public enum ImageWork {
    /// Memory one image may take while it is made: encoding a 2400-pixel AVIF took 200 MB
    /// (libaom), decoding and the other formats about 50 MB more. A machine gets one image
    /// in flight per this much of its memory, however many cores it has.
    static let memoryPerImage: UInt64 = 512 << 20

    static var imagesAtOnce: Int {
        let byMemory = Int(min(ProcessInfo.processInfo.physicalMemory / memoryPerImage, 1024))
        return max(1, min(ProcessInfo.processInfo.activeProcessorCount, byMemory))
    }

    public struct Progress: Sendable {
        public var done: Int
        public var total: Int
        /// How many of those `done` came from the cache.
        public var cached: Int
    }

    /// With `drafts`, a photo whose renditions are not in the cache gets a quick draft
    /// instead (`RenditionSettings.draft`), named in `Renditions.drafts`: a live preview
    /// shows it at once and makes the real ones after.
    public static func renditions(for catalog: Catalog, cache: RenditionCache?, settings: RenditionSettings = RenditionSettings(),
                                  drafts: Bool = false, progress: @Sendable (Progress) -> Void = { _ in }) -> Renditions {
        // Headers first, one after another: they are quick, and a failure's message from
        // libvips (whose error buffer all threads share) is then surely this file's.
        let jobs = catalog.images.sorted { $0.key < $1.key }.map { name, image in
            var job = ImageJob(name: name, image: image, cache: cache, settings: settings)
            job.draftWhenUncached = drafts
            job.readHeaders()
            return job
        }
        let results = Mutex<[String: (ImageRendition?, [Diagnostic], Bool)]>([:])
        let counts = Mutex(Progress(done: 0, total: jobs.count, cached: 0))
        let cacheProblem = Mutex<Diagnostic?>(nil)
        @Sendable func work(_ job: ImageJob) {
            var job = job
            let rendition = job.run()
            if let problem = job.cacheProblem { cacheProblem.withLock { $0 = $0 ?? problem } }
            results.withLock { $0[job.name] = (rendition, job.diagnostics, job.isDraft) }
            let now = counts.withLock { counts in
                counts.done += 1
                if job.fromCache { counts.cached += 1 }
                return counts
            }
            progress(now)
        }
        // A few workers, each taking the next image until none is left.
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: min(imagesAtOnce, jobs.count)) { _ in
            while case let index = next.add(1, ordering: .relaxed).oldValue, index < jobs.count {
                work(jobs[index])
            }
        }
        var renditions = Renditions()
        for (name, (rendition, diagnostics, isDraft)) in results.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            renditions.images[name] = rendition
            renditions.diagnostics += diagnostics
            if isDraft { renditions.drafts.insert(name) }
        }
        if let problem = cacheProblem.withLock({ $0 }) { renditions.diagnostics.append(problem) }
        return renditions
    }
}

/// One image's work: choose the original, read it, make or fetch its renditions.
struct ImageJob {
    let name: String
    let image: CatalogImage
    let cache: RenditionCache?
    let settings: RenditionSettings
    var diagnostics: [Diagnostic] = []
    var fromCache = false
    var cacheProblem: Diagnostic?
    var draftWhenUncached = false
    private(set) var isDraft = false
    /// The raster originals that can be read, the one with the most pixels first.
    private var candidates: [ImageVariant] = []

    init(name: String, image: CatalogImage, cache: RenditionCache?, settings: RenditionSettings) {
        self.name = name
        self.image = image
        self.cache = cache
        self.settings = settings
    }

    private var vector: ImageVariant? { image.variants.first { $0.format == .svg } }

    /// Checks each raster original's header. The one with the most pixels makes the
    /// sharpest renditions; a file that cannot be read gives way to the next.
    mutating func readHeaders() {
        guard vector == nil else { return }
        var readable: [(variant: ImageVariant, pixels: Int)] = []
        for variant in image.variants {
            if let pixels = checkedPixels(variant) { readable.append((variant, pixels)) }
        }
        candidates = readable.sorted { $0.pixels > $1.pixels }.map(\.variant)
    }

    mutating func run() -> ImageRendition? {
        if let vector {
            let bytes = [UInt8](vector.data)
            return cached(RenditionCache.key(bytes, scale: 0, settings: settings)) { [settings] in
                VectorRendition.make(vector, settings: settings, diagnostics: &$0)
            }
        }
        for variant in candidates {
            if let rendition = renditions(of: variant) {
                warnIfSoft(rendition, original: variant)
                return rendition
            }
        }
        return nil
    }

    /// The original's pixel count, or nil with a warning when it is empty, no image, or
    /// too large to decode safely.
    private mutating func checkedPixels(_ variant: ImageVariant) -> Int? {
        let bytes = [UInt8](variant.data)
        let fallback = "; a placeholder is shown" + (image.variants.count > 1 ? " unless another scale can be used" : "")
        guard !bytes.isEmpty else {
            diagnostics.append(Diagnostic(.warning, file: variant.file, "the file is empty\(fallback)"))
            return nil
        }
        guard let loader = Vips.loader(for: bytes) else {
            diagnostics.append(Diagnostic(.warning, file: variant.file, "is not an image the guide can read (damaged, or another kind of file)\(fallback)"))
            return nil
        }
        let header: VipsPicture
        switch VipsPicture.header(bytes) {
        case let .success(picture): header = picture
        case let .failure(failure):
            diagnostics.append(Diagnostic(.warning, file: variant.file, "cannot be read: \(failure.message)\(fallback)"))
            return nil
        }
        let pixels = header.width * header.height
        guard pixels <= settings.pixelLimit else {
            diagnostics.append(Diagnostic(.warning, file: variant.file,
                "is \(header.width.formatted()) × \(header.height.formatted()) pixels, over the limit of "
                    + "\(settings.pixelLimit / 1_000_000) megapixels; not decoded\(fallback)"))
            return nil
        }
        if let actual = SourceFormat(loader: loader), let named = SourceFormat(variant.format), actual != named {
            diagnostics.append(Diagnostic(.warning, file: variant.file, "is a \(actual.name) file with a .\(variant.fileExtension) name; read as \(actual.name)"))
        }
        return pixels
    }

    private mutating func renditions(of variant: ImageVariant) -> ImageRendition? {
        let bytes = [UInt8](variant.data)
        var settings = settings
        let key = RenditionCache.key(bytes, scale: variant.scale, settings: settings)
        if draftWhenUncached, let cache, !cache.contains(key) {
            settings = .draft
            isDraft = true
        }
        return cached(RenditionCache.key(bytes, scale: variant.scale, settings: settings)) { [settings] diagnostics in
            switch RasterRenditions.make(bytes, scale: variant.scale, settings: settings) {
            case let .success(rendition): return rendition
            case let .failure(failure):
                diagnostics.append(Diagnostic(.warning, file: variant.file, "cannot be decoded: \(failure.message); a placeholder is shown"))
                return nil
            }
        }
    }

    /// The cache's rendition under `key`, or the one `make` makes, then stored.
    private mutating func cached(_ key: String,
                                 _ make: (inout [Diagnostic]) -> ImageRendition?) -> ImageRendition? {
        if let cache, let cached = cache.read(key) {
            fromCache = true
            return cached
        }
        guard let rendition = make(&diagnostics) else { return nil }
        if let cache {
            do {
                try cache.write(rendition, key: key)
            } catch {
                cacheProblem = Diagnostic(.warning, file: cache.folder.path,
                    "the image cache cannot be written (\(error.localizedDescription)); images are made again at every start")
            }
        }
        return rendition
    }

    /// Warns when the original is narrower than the widest place it is shown needs on a
    /// 2x phone: it is shown, but soft.
    private mutating func warnIfSoft(_ rendition: ImageRendition, original: ImageVariant) {
        let shown = switch name {
        case "flag": 44
        case "poster": 320
        default: RenditionSettings.largestShownWidth
        }
        let widest = rendition.files.map(\.width).max() ?? 0
        guard widest < shown * 2 else { return }
        diagnostics.append(Diagnostic(.warning, file: original.file,
            "is \(widest) pixels wide; shown up to \(shown) points wide, it needs \(shown * 2) pixels to look sharp on a phone"))
    }
}
