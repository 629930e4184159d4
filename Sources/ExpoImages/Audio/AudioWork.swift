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
        /// With `makeMissing: false`, the recordings neither in the cache nor known to fail:
        /// to be made away from the first answer (`AudioWork.recordings(of:)`).
        public var missing: [CatalogRecording] = []
    }

    /// `tools`: ffmpeg and ffprobe; nil when they are not installed, and the recordings are
    /// then left out with one warning. `makeMissing: false` only reads the cache and
    /// `memory`, leaving the others in `missing`; `memory` keeps what was made and what
    /// could not be, while the guide runs.
    public static func recordings(for catalog: Catalog, cache: RenditionCache?, tools: @autoclosure () -> AudioTools?,
                                  settings: AudioSettings = AudioSettings(), makeMissing: Bool = true,
                                  memory: RecordingMemory = RecordingMemory()) -> Outcome {
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
        let results = Mutex<[String: Made]>([:])
        let cacheProblem = Mutex<Diagnostic?>(nil)
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: min(recordingsAtOnce, originals.count)) { _ in
            while case let index = next.add(1, ordering: .relaxed).oldValue, index < originals.count {
                let original = originals[index]
                let result = make(original, encoder: encoder, cache: cache, makeMissing: makeMissing, memory: memory) { problem in
                    cacheProblem.withLock { $0 = $0 ?? problem }
                }
                results.withLock { $0[original.file] = result }
            }
        }
        let made = results.withLock { $0 }
        for original in originals {
            switch made[original.file] {
            case let .made(rendition, fromCache)?:
                outcome.recordings[original.file] = rendition
                if !fromCache { outcome.encoded += 1 }
            case let .failed(problem)?:
                let users = original.usedBy.joined(separator: ", ")
                outcome.diagnostics.append(Diagnostic(.warning, file: original.file,
                    "\(problem.message); the recording of \(users) is left out"))
            case .missing?:
                outcome.missing.append(original)
            case nil:
                continue
            }
        }
        if let problem = cacheProblem.withLock({ $0 }) { outcome.diagnostics.append(problem) }
        return outcome
    }

    private enum Made {
        case made(AudioRendition, fromCache: Bool)
        case failed(MediaProblem)
        case missing
    }

    private static func make(_ original: CatalogRecording, encoder: AudioEncoder, cache: RenditionCache?, makeMissing: Bool,
                             memory: RecordingMemory, cacheProblem: (Diagnostic) -> Void) -> Made {
        // Read a megabyte at a time, never held or mapped whole: a recording may be
        // hundreds of megabytes, and only its hash is needed when the cache has it.
        guard let read = FileCopy.sha256(of: original.url, then: RenditionCache.audioKeyTail(encoder.settings)) else {
            return .failed(MediaProblem("cannot be read (check its permissions)"))
        }
        // Before the cache: what is refused is refused whatever an older version kept.
        let format: RecordingFormat
        switch RecordingFormat.of(read.head.prefix(16)) {
        case let .success(found): format = found
        case let .failure(problem): return .failed(problem)
        }
        let key = read.hash
        if let cache, let cached = cache.readAudio(key) { return .made(cached, fromCache: true) }
        switch memory[key] {
        case let .success(rendition)?: return .made(rendition, fromCache: true)
        case let .failure(problem)?: return .failed(problem)
        case nil: break
        }
        guard makeMissing else { return .missing }
        let made = encoder.encode(copyOf: original.url, bytes: read.size, format: format) { rendition in
            MadeMedia.keep(rendition.file, in: cache, kind: "recordings", cacheProblem: cacheProblem) { cache in
                try cache.keepAudio(rendition, key: key).file
            }.map { AudioRendition(file: $0, duration: rendition.duration) }
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

/// The recordings made and those that could not be, while the guide runs (`MediaMemory`).
public typealias RecordingMemory = MediaMemory<AudioRendition>
