import ExpoCatalog
import ExpoImages
import Foundation

/// Fetches each exhibit's recording and video, and the captions that supplement them, into
/// the catalog folder: `1234-audio.m4a`, `1234-video.mp4`, `1234-video.en.vtt` (a body in
/// one language adds it: `1234-audio-en.mp3`). Each is written to disk as it arrives, kept
/// only when its first bytes are a format the guide's pipeline reads, and recorded
/// (address → file) so a second run fetches only the rest. What a manifest declares is
/// checked before anything is fetched: a recording or video longer than the guide makes
/// is named and left.
struct MediaFetching: Sendable {
    let fetcher: Fetcher
    let folder: URL
    let state: URL
    let progress: @Sendable (String) -> Void

    struct Result: Sendable {
        var media: [SavedMedia] = []
        var fetched = 0
        var warnings: [String] = []
    }

    private var record: URL { state.appendingPathComponent("media.json") }

    /// `name`: the manifest as warnings name it; `languages`: the catalog's, the main first.
    func save(_ exhibit: ImportedExhibit, named name: String, languages: [String]) async -> Result {
        var result = Result()
        var saved = (try? JSONDecoder().decode([String: String].self, from: Data(contentsOf: record))) ?? [:]
        // The page shows one recording and one video in each language: the first of each
        // kind for a language (or for all, when the body names none) is the exhibit's.
        var chosen: [IIIFMedia] = []
        var others: [IIIFMedia.Kind: Int] = [:]
        for media in exhibit.manifest.media {
            if chosen.contains(where: { $0.kind == media.kind && $0.language == media.language }) {
                others[media.kind, default: 0] += 1
            } else {
                chosen.append(media)
            }
        }
        for kind in [IIIFMedia.Kind.sound, .video] where others[kind] != nil {
            let count = others[kind]!
            result.warnings.append("\(name): paints \(count) more \(kind.rawValue)\(count == 1 ? "" : "s") in the same language; "
                + "the exhibit plays the first, and \(count == 1 ? "the other is" : "the others are") not brought")
        }
        for media in chosen {
            let stem = "\(exhibit.id)-\(media.kind == .sound ? "audio" : "video")" + (media.language.map { "-\($0)" } ?? "")
            let what = media.kind.rawValue
            let longest = media.kind == .sound ? MediaFileKind.longestRecording : MediaFileKind.longestVideo
            if let declared = media.duration, declared > longest {
                result.warnings.append("\(name): its \(what) \(Quoted.text(media.url)) plays for \(MediaFileKind.spoken(declared)), as the manifest "
                    + "says, longer than the \(MediaFileKind.spoken(longest)) the guide makes; not fetched")
                continue
            }
            let file: String
            if let kept = saved[media.url], FileManager.default.fileExists(atPath: folder.appendingPathComponent(kept).path) {
                file = kept
            } else {
                switch await fetch(media, stem: stem) {
                case let .success(made):
                    file = made
                    saved[media.url] = file
                    remember(saved)
                    result.fetched += 1
                case let .failure(refusal):
                    result.warnings.append("\(name): \(what): \(refusal.message); the exhibit has no \(what)")
                    continue
                }
            }
            var kept = SavedMedia(kind: media.kind, language: media.language, file: file)
            for caption in media.captions {
                let language = caption.language ?? media.language ?? LanguageMap.none
                guard kept.captions[language] == nil else { continue }
                guard language == LanguageMap.none || languages.isEmpty || languages.contains(language) else {
                    result.warnings.append("\(name): captions in \(language) for its \(what): the catalog has no \(language); not brought")
                    continue
                }
                let captionStem = stem + (language == LanguageMap.none ? "" : ".\(language)")
                if let previous = saved[caption.url], FileManager.default.fileExists(atPath: folder.appendingPathComponent(previous).path) {
                    kept.captions[language] = previous
                    continue
                }
                switch await fetchCaptions(caption, stem: captionStem, timedOnly: media.kind == .video) {
                case let .success(made):
                    kept.captions[language] = made
                    saved[caption.url] = made
                    remember(saved)
                    result.fetched += 1
                case let .failure(refusal):
                    result.warnings.append("\(name): captions: \(refusal.message); not brought")
                }
            }
            result.media.append(kept)
        }
        return result
    }

    /// What was fetched (address → file), written as each file is, so a stopped run keeps it.
    private func remember(_ saved: [String: String]) {
        try? JSONEncoder().encode(saved).write(to: record, options: .atomic)
    }

    /// The recording or video at its address, written as it arrives and kept under the
    /// extension its first bytes say, or why not.
    private func fetch(_ media: IIIFMedia, stem: String) async -> Swift.Result<String, FetchRefusal> {
        let arriving = state.appendingPathComponent("arriving-\(stem)")
        let bytes: Int
        do {
            bytes = try await fetcher.download(media.url, to: arriving, bytes: fetcher.limits.mediaBytes,
                                               seconds: fetcher.limits.seconds * fetcher.limits.mediaTimeFactor)
        } catch {
            return .failure(FetchRefusal(message: error.message))
        }
        defer { try? FileManager.default.removeItem(at: arriving) }
        let head = (try? FileHandle(forReadingFrom: arriving)).flatMap { handle -> Data? in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 16)
        } ?? Data()
        let kind = media.kind == .sound ? MediaFileKind.recordingExtension(head) : MediaFileKind.videoExtension(head)
        let fileExtension: String
        switch kind {
        case let .success(found): fileExtension = found
        case let .failure(refusal): return .failure(FetchRefusal(message: "\(Quoted.text(media.url)): \(refusal.message)"))
        }
        let file = stem + "." + fileExtension
        let target = folder.appendingPathComponent(file)
        do {
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.moveItem(at: arriving, to: target)
        } catch {
            return .failure(FetchRefusal(message: "\(Quoted.text(media.url)) could not be written to \(file)"))
        }
        progress("\(media.kind.rawValue) \(file) (\(bytes / 1024) KB)")
        return .success(file)
    }

    private func fetchCaptions(_ caption: IIIFCaptionFile, stem: String, timedOnly: Bool) async -> Swift.Result<String, FetchRefusal> {
        let data: Data
        do {
            data = try await fetcher.fetch(caption.url, bytes: fetcher.limits.captionBytes)
        } catch {
            return .failure(FetchRefusal(message: error.message))
        }
        let file: String
        let text: String
        switch CaptionFile.read(data, timedOnly: timedOnly) {
        case let .success(.webVTT(made)): (file, text) = (stem + ".vtt", made)
        case let .success(.plain(made)): (file, text) = (stem + ".txt", made)
        case let .failure(refusal): return .failure(FetchRefusal(message: "\(Quoted.text(caption.url)) \(refusal.message)"))
        }
        do {
            try Data(text.utf8).write(to: folder.appendingPathComponent(file), options: .atomic)
        } catch {
            return .failure(FetchRefusal(message: "\(Quoted.text(caption.url)) could not be written to \(file)"))
        }
        progress("captions \(file)")
        return .success(file)
    }
}

/// A recording or video kept in the catalog folder, with its captions by language
/// (`none` for a file that names none).
struct SavedMedia: Sendable, Equatable {
    var kind: IIIFMedia.Kind
    var language: String?
    var file: String
    var captions: [String: String] = [:]
}

/// Why a fetched file is not kept, said after its address.
struct FetchRefusal: Error, Sendable, Equatable {
    var message: String
}
