import ExpoCatalog
import Foundation
import Synchronization

/// Makes every recording of a catalog ready to serve, with ffmpeg, from the disk cache when
/// it has them. At most two at once: ffmpeg is quick on speech, and the cores are the
/// server's too. A recording that cannot be made is one warning naming its file and the
/// exhibits that play it; those exhibits have no recording, and the rest serves. A catalog
/// without recordings costs nothing: ffmpeg is not even looked for.
public enum AudioWork {
    /// How many recordings are made at once, however many cores the machine has.
    static let recordingsAtOnce = 2

    public struct Outcome: Sendable {
        /// By the original's file name (`Catalog.recordings`).
        public var recordings: [String: AudioRendition] = [:]
        public var diagnostics: [Diagnostic] = []
        /// How many were made by ffmpeg rather than read from the cache.
        public var encoded = 0
    }

    /// `tools`: ffmpeg and ffprobe; nil when they are not installed, and the recordings are
    /// then left out with one warning.
    public static func recordings(for catalog: Catalog, cache: RenditionCache?, tools: @autoclosure () -> AudioTools?,
                                  settings: AudioSettings = AudioSettings()) -> Outcome {
        var outcome = Outcome()
        guard !catalog.recordings.isEmpty else { return outcome }
        let originals = catalog.recordings.values.sorted { $0.file < $1.file }
        guard let tools = tools() else {
            let names = originals.map(\.file)
            let listed = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
            outcome.diagnostics.append(Diagnostic(.warning, file: names[0],
                "ffmpeg is not installed; audio (\(listed)) is left out. Install it (apt-get install ffmpeg, or scripts/setup.sh) to serve the recordings"))
            return outcome
        }
        let encoder = AudioEncoder(tools: tools, settings: settings)
        let results = Mutex<[String: Result<(AudioRendition, fromCache: Bool), AudioProblem>]>([:])
        let cacheProblem = Mutex<Diagnostic?>(nil)
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: min(recordingsAtOnce, originals.count)) { _ in
            while case let index = next.add(1, ordering: .relaxed).oldValue, index < originals.count {
                let original = originals[index]
                let result = make(original, encoder: encoder, cache: cache) { problem in
                    cacheProblem.withLock { $0 = $0 ?? problem }
                }
                results.withLock { $0[original.file] = result }
            }
        }
        let made = results.withLock { $0 }
        for original in originals {
            switch made[original.file] {
            case let .success((rendition, fromCache))?:
                outcome.recordings[original.file] = rendition
                if !fromCache { outcome.encoded += 1 }
            case let .failure(problem)?:
                let users = original.usedBy.joined(separator: ", ")
                outcome.diagnostics.append(Diagnostic(.warning, file: original.file,
                    "\(problem.message); the recording of \(users) is left out"))
            case nil:
                continue
            }
        }
        if let problem = cacheProblem.withLock({ $0 }) { outcome.diagnostics.append(problem) }
        return outcome
    }

    private static func make(_ original: CatalogRecording, encoder: AudioEncoder, cache: RenditionCache?,
                             cacheProblem: (Diagnostic) -> Void) -> Result<(AudioRendition, fromCache: Bool), AudioProblem> {
        guard let data = FileManager.default.contents(atPath: original.url.path) else {
            return .failure(AudioProblem("cannot be read (check its permissions)"))
        }
        let key = RenditionCache.audioKey([UInt8](data), settings: encoder.settings)
        if let cache, let cached = cache.readAudio(key) { return .success((cached, true)) }
        return encoder.encode(original.url).map { rendition in
            if let cache {
                do {
                    try cache.writeAudio(rendition, key: key)
                } catch {
                    cacheProblem(Diagnostic(.warning, file: cache.folder.path,
                        "the image cache cannot be written (\(FileProblem.describe(error))); recordings are made again at every start"))
                }
            }
            return (rendition, false)
        }
    }
}
