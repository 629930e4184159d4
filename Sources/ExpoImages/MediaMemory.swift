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
