import ExpoCatalog
import Foundation
import Synchronization

/// Makes every video of a catalog ready to serve, with ffmpeg, from the disk cache when it
/// has them. One at a time: a video takes both cores for as long as it plays, and they are
/// the server's too. A video that cannot be made is one warning naming its file and the
/// exhibits that show it; those exhibits go without it, and the rest serves. A catalog
/// without videos costs nothing: ffmpeg is not even looked for.
public enum VideoWork {
    public struct Outcome: Sendable {
        /// By the original's file name (`Catalog.videos`).
        public var videos: [String: VideoRendition] = [:]
        public var diagnostics: [Diagnostic] = []
        /// How many were made by ffmpeg rather than read from the cache.
        public var encoded = 0
        /// With `makeMissing: false`, the videos neither in the cache nor known to fail.
        public var missing: [CatalogVideo] = []
    }

    public static func videos(for catalog: Catalog, cache: RenditionCache?, tools: @autoclosure () -> AudioTools?,
                              settings: VideoSettings = VideoSettings(), makeMissing: Bool = true,
                              memory: VideoMemory = VideoMemory()) -> Outcome {
        var outcome = Outcome()
        guard !catalog.videos.isEmpty else { return outcome }
        let originals = catalog.videos.values.sorted { $0.file < $1.file }
        guard let tools = tools() else {
            let names = originals.map(\.file)
            let listed = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
            outcome.diagnostics.append(Diagnostic(.warning, file: names[0],
                "ffmpeg is not installed; video (\(listed)) is left out. Install it (apt-get install ffmpeg, or scripts/setup.sh) to serve the videos"))
            return outcome
        }
        let encoder = VideoEncoder(tools: tools, settings: settings)
        var cacheProblem: Diagnostic?
        for original in originals {
            switch make(original, encoder: encoder, cache: cache, makeMissing: makeMissing, memory: memory, cacheProblem: { cacheProblem = cacheProblem ?? $0 }) {
            case var .made(rendition, fromCache):
                if case let .second(second)? = original.poster {
                    switch poster(at: second, of: rendition, encoder: encoder, cache: cache) {
                    case let .success(bytes): rendition.poster = bytes
                    case let .failure(problem):
                        outcome.diagnostics.append(Diagnostic(.warning, file: original.file,
                            "its poster at \(VideoPoster.second(second).text) s could not be taken (\(problem.message)); the poster is its frame a second in"))
                    }
                }
                outcome.videos[original.file] = rendition
                if !fromCache { outcome.encoded += 1 }
            case let .failed(problem):
                outcome.diagnostics.append(Diagnostic(.warning, file: original.file,
                    "\(problem.message); the video of \(original.usedBy.joined(separator: ", ")) is left out"))
            case .missing:
                outcome.missing.append(original)
            }
        }
        if let cacheProblem { outcome.diagnostics.append(cacheProblem) }
        return outcome
    }

    private enum Made {
        case made(VideoRendition, fromCache: Bool)
        case failed(MediaProblem)
        case missing
    }

    private static func make(_ original: CatalogVideo, encoder: VideoEncoder, cache: RenditionCache?, makeMissing: Bool,
                             memory: VideoMemory, cacheProblem: (Diagnostic) -> Void) -> Made {
        // Read a megabyte at a time, never held or mapped whole: an original may be a
        // gigabyte, and only its hash is needed when the cache has it.
        guard let read = FileCopy.sha256(of: original.url) else {
            return .failed(MediaProblem("cannot be read (check its permissions)"))
        }
        // Before the cache: what is refused is refused whatever an older version kept.
        let format: VideoFormat
        switch VideoFormat.of(read.head.prefix(16)) {
        case let .success(found): format = found
        case let .failure(problem): return .failed(problem)
        }
        let key = RenditionCache.videoKey(contentHash: read.hash, settings: encoder.settings)
        if let cache, let cached = cache.readVideo(key) { return .made(cached, fromCache: true) }
        switch memory[key] {
        case let .success(rendition)?: return .made(rendition, fromCache: true)
        case let .failure(problem)?: return .failed(problem)
        case nil: break
        }
        guard makeMissing else { return .missing }
        let made: Result<VideoRendition, MediaProblem> = ChildProcesses.shared.inTemporaryFolder(named: "expo1900-video", cannotMake: { error in
            .failure(MediaProblem("a temporary folder could not be written: \(FileProblem.describe(error))"))
        }) { folder in
            let copy = folder.appendingPathComponent("original")
            if let problem = FileCopy.copy(original.url.path, to: copy.path) {
                return .failure(MediaProblem("a temporary folder could not be written: \(problem)"))
            }
            return encoder.encode(copy, bytes: read.size, format: format, in: folder).flatMap { rendition in
                MadeMedia.keep(rendition.file, in: cache, kind: "videos", cacheProblem: cacheProblem) { cache in
                    try cache.keepVideo(rendition, key: key).file
                }.map { file in
                    var kept = rendition
                    kept.file = file
                    return kept
                }
            }
        }
        switch made {
        case let .success(rendition):
            memory[key] = .success(rendition)
            return .made(rendition, fromCache: false)
        case let .failure(problem):
            // A tool stopped because the guide is stopping says nothing about the file.
            if !ChildProcesses.shared.isStopping { memory[key] = .failure(problem) }
            return .failed(problem)
        }
    }
}

extension VideoWork {
    /// The frame `second` into the made video as its poster (the last frame's time for one
    /// past its end), from the cache when it was taken before: an entry of its own, named by
    /// the made video's hash and the time, so that choosing another moment makes no video again.
    static func poster(at second: Double, of rendition: VideoRendition, encoder: VideoEncoder, cache: RenditionCache?) -> Result<[UInt8], MediaProblem> {
        let moment = max(0, min(second, rendition.duration - 0.1))
        let key = Vips.sha256(Array("\(rendition.file.contentHash) poster \(String(format: "%.3f", moment)) \(encoder.settings.fingerprint)".utf8))
        if let cache, let bytes = FileManager.default.contents(atPath: cache.folder.appendingPathComponent(key).appendingPathComponent("poster.jpg").path),
           !bytes.isEmpty {
            return .success([UInt8](bytes))
        }
        return ChildProcesses.shared.inTemporaryFolder(named: "expo1900-poster", cannotMake: { error in
            .failure(MediaProblem("a temporary folder could not be written: \(FileProblem.describe(error))"))
        }) { folder in
            let output = folder.appendingPathComponent("poster.jpg")
            let run = ProgramRun.run(encoder.tools.ffmpeg, encoder.settings.posterArguments(video: "file:" + rendition.file.url.path, second: moment,
                                                                                          output: output.path), timeout: encoder.limits.probingTime)
            guard run.succeeded, let bytes = FileManager.default.contents(atPath: output.path), !bytes.isEmpty else {
                return .failure(MediaProblem("ffmpeg: \(run.firstError)"))
            }
            // A cache that cannot be written takes the frame again at the next start: a tenth of a second.
            try? cache?.store(key, [("poster.jpg", bytes)])
            return .success([UInt8](bytes))
        }
    }
}

/// The videos made and those that could not be, while the guide runs (`MediaMemory`).
public typealias VideoMemory = MediaMemory<VideoRendition>
