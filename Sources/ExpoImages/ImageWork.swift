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
                                  tiles: TileSettings = TileSettings(), drafts: Bool = false,
                                  progress: @Sendable (Progress) -> Void = { _ in }) -> Renditions {
        // Headers first, one after another: they are quick, and a failure's message from
        // libvips (whose error buffer all threads share) is then surely this file's.
        let jobs = catalog.images.sorted { $0.key < $1.key }.map { name, image in
            var job = ImageJob(name: name, image: image, cache: cache, settings: settings)
            job.draftWhenUncached = drafts
            job.tileSettings = cache == nil ? nil : tiles
            job.readHeaders()
            return job
        }
        let results = Mutex<[String: (ImageRendition?, [Diagnostic], Bool)]>([:])
        let counts = Mutex(Progress(done: 0, total: jobs.count, cached: 0))
        let cacheProblem = Mutex<Diagnostic?>(nil)
        @Sendable func work(_ job: ImageJob) {
            var job = job
            let rendition = job.run()
            job.reportLibraryMessages()
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
