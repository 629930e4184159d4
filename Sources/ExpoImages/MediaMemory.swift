import ExpoCatalog
import Synchronization

/// The recordings or videos made and those that could not be, by content, for as long as
/// the guide runs: a reload finds them here even when the cache cannot be written, and does
/// not try a failed one again (a file that keeps ffmpeg busy until its time is up would
/// otherwise take that time at every reload). A changed file has new content and is tried.
public final class MediaMemory<Rendition: Sendable>: Sendable {
    private let results = Mutex<[String: Result<Rendition, MediaProblem>]>([:])

    public init() {}

    subscript(key: String) -> Result<Rendition, MediaProblem>? {
        get { results.withLock { $0[key] } }
        set { results.withLock { $0[key] = newValue } }
    }
}

/// Both memories a running guide keeps: its recordings' and its videos'.
public struct MadeMedia: Sendable {
    public let recordings: RecordingMemory
    public let videos: VideoMemory

    public init(recordings: RecordingMemory = RecordingMemory(), videos: VideoMemory = VideoMemory()) {
        self.recordings = recordings
        self.videos = videos
    }
}

extension MadeMedia {
    /// Moves a made file out of the temporary folder it was made in: into the cache with
    /// `store`, else (no cache, or one that cannot be written, said once by `cacheProblem`)
    /// into this run's own folder. `kind` names what is made again at every start.
    static func keep(_ file: MediaFile, in cache: RenditionCache?, kind: String, cacheProblem: (Diagnostic) -> Void,
                     store: (RenditionCache) throws -> MediaFile) -> Result<MediaFile, MediaProblem> {
        if let cache {
            do {
                return .success(try store(cache))
            } catch {
                cacheProblem(Diagnostic(.warning, file: cache.folder.path,
                    "the image cache cannot be written (\(FileProblem.describe(error))); \(kind) are made again at every start"))
            }
        }
        do {
            return .success(try MadeMediaFolder.keep(file))
        } catch {
            return .failure(MediaProblem("a temporary folder could not be written: \(FileProblem.describe(error))"))
        }
    }
}
