import ExpoCatalog
import ExpoImages
import Foundation
import Synchronization

/// The videos sent to the studio being made, one at a time in the background: a video
/// takes both cores for as long as it plays, far longer than a request may wait. What became
/// of each is kept by its upload's hash for the exhibit's page (being made, or why it could
/// not be), and the made ones in `memory`, where the preview finds them when the cache
/// cannot keep them.
final class VideoMaking: Sendable {
    static let shared = VideoMaking()

    enum Status: Equatable, Sendable {
        case making
        case made
        case failed(String)
    }

    let memory = VideoMemory()
    private let statuses = Mutex<[String: Status]>([:])
    private let queue = DispatchQueue(label: "expo1900.studio.videos", qos: .utility)

    /// What became of the upload `hash`; nil for one this run did not make (a published
    /// video, or one sent before the studio started, which the preview makes when asked).
    func status(of hash: String) -> Status? { statuses.withLock { $0[hash] } }

    /// Makes `video` (its `url` the upload) unless this run has made it or tried to; `done`
    /// runs once it is made.
    /// `catalog`: the guide's, which the video work reads only the videos of.
    func make(_ video: CatalogVideo, in catalog: Catalog, hash: String, cache: RenditionCache?, done: @escaping @Sendable () -> Void) {
        let started = statuses.withLock { statuses in
            switch statuses[hash] {
            // The same bytes fail the same way: a failed one is not tried again.
            case .making?, .made?, .failed?: return false
            case nil:
                statuses[hash] = .making
                return true
            }
        }
        guard started else { return }
        var only = catalog
        only.videos = [video.file: video]
        queue.async { [self, only] in
            let made = Self.outcome(video.file, in: only, cache: cache, memory: memory)
            statuses.withLock { $0[hash] = made }
            FreedMemory.giveBack()
            if made == .made { done() }
        }
    }

    /// The video work on this one video, as the published guide would make it.
    static func outcome(_ file: String, in only: Catalog, cache: RenditionCache?, memory: VideoMemory) -> Status {
        let made = VideoWork.videos(for: only, cache: cache, tools: AudioTools.locate(), memory: memory)
        if made.videos[file] != nil { return .made }
        let said = made.diagnostics.map(\.message).map { message in
            message.range(of: "; the video of").map { String(message[..<$0.lowerBound]) } ?? message
        }
        return .failed(said.isEmpty ? "ffmpeg could not read it" : said.joined(separator: "; "))
    }
}
