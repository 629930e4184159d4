import ExpoCatalog
import ExpoImages
import Foundation
import NIOCore

/// Videos sent to the studio: an exhibit's video or sign-language video in a language, its
/// captions and its poster. The video is read by its bytes as the loader would read it,
/// kept in the state folder as it arrived (never held whole), and made by the video work in
/// the background, one at a time, into the cache the preview and the published guide read;
/// the preview shows it once it is made. Captions are WebVTT, or SubRip made WebVTT. Like
/// photos and recordings, nothing reaches the catalog's folder before a publish.
extension GuideEditing {
    /// The largest video: what the route takes.
    static let videoLimit = StudioRouter.mediaUploadLimit
    /// The largest captions file.
    static let captionsLimit = 4 << 20

    /// What one outcome of the video form is about.
    enum VideoPart: Sendable {
        case video, captions, poster
    }

    /// Which of an exhibit's videos the form sends.
    enum VideoKind: String, CaseIterable, Sendable {
        case video
        case sign = "sign_video"

        var field: EntryField { self == .video ? .video : .signVideo }
        var captionsField: EntryField { self == .video ? .videoCaptions : .signVideoCaptions }
        var posterField: EntryField { self == .video ? .videoPoster : .signVideoPoster }
        /// Its files' middle name: `jikji.video.en.mp4`, `jikji.sign.ko.vtt`.
        var stem: String { self == .video ? "video" : "sign" }
    }

    /// What the video form sent, each taken or refused.
    struct VideoSending {
        var video: UploadForm.File?
        var captions: UploadForm.File?
        /// The poster as typed; nil (or empty: the form's box left as it is) to keep the one there is.
        var poster: String?
    }

    /// Takes what the form sent as the exhibit's `kind` in `language` (a code; the main
    /// language without one); nil when the exhibit cannot take files.
    func uploadVideo(_ id: String, kind: VideoKind, language: String?, sending: VideoSending, by account: String) throws -> [UploadOutcome]? {
        guard let load = editableLoad, load.takesFiles, let sheet = try sheet(id), sheet.document == nil else { return nil }
        let speaking = sheet.languages.first { $0.code == language } ?? sheet.primary
        var changes = VideoChanges(files: sheet.draftedFiles)
        var outcomes: [UploadOutcome] = []
        var videoFile = sheet.current(kind.field, speaking)
        if let video = sending.video {
            let result = takeVideo(video, kind: kind, id: id, language: speaking, load: load, changes: &changes)
            if case let .success(name) = result { videoFile = name }
            outcomes.append(UploadOutcome(sentName: video.name, result: result, part: .video))
        }
        if let captions = sending.captions {
            let result = videoFile.isEmpty ? .failure(.noVideo) : takeCaptions(captions, kind: kind, id: id, language: speaking, changes: &changes)
            outcomes.append(UploadOutcome(sentName: captions.name, result: result, part: .captions))
        }
        if let poster = sending.poster?.trimmingCharacters(in: .whitespaces), !poster.isEmpty, poster != sheet.current(kind.posterField, speaking) {
            let result = videoFile.isEmpty ? .failure(.noVideo) : choosePoster(poster, kind: kind, sheet: sheet, language: speaking, changes: &changes)
            outcomes.append(UploadOutcome(sentName: poster, result: result, part: .poster))
        }
        guard outcomes.contains(where: { if case .success = $0.result { true } else { false } }) else { return outcomes }
        try saveVideo(sheet, changes, language: speaking, by: account)
        return outcomes
    }

    /// The fields and files one sending changes, by field name in its language.
    struct VideoChanges {
        var files: [String: String]
        var fields: [String: String] = [:]
    }

    private func takeVideo(_ file: UploadForm.File, kind: VideoKind, id: String, language: Language, load: WatchedLoad,
                           changes: inout VideoChanges) -> Result<String, UploadRefusal> {
        guard case let .video(ext)? = UploadedFileKind(file.head, sentName: file.name, videoExpected: true) else { return .failure(.notAVideo) }
        guard file.count <= Self.videoLimit else { return .failure(.tooLarge(limit: Self.videoLimit)) }
        let fileName = "\(id).\(kind.stem).\(language.code).\(ext)"
        guard FileChange.isWritableName(fileName) else { return .failure(.badName) }
        let hash: String
        switch uploads.keep(file) {
        case let .failure(refusal): return .failure(refusal)
        case let .success(kept): hash = kept.hash
        }
        guard let url = uploads.url(of: hash) else { return .failure(.badName) }
        VideoMaking.shared.make(CatalogVideo(file: fileName, url: url, usedBy: ["\(id) (\(language.code))"]), in: load.catalog, hash: hash,
                                cache: guide.renditionCache) { [self] in mediaMade() }
        // The draft's earlier video of this kind and language, in another format, goes.
        changes.files = changes.files.filter { CatalogFileName.stem($0.key) != CatalogFileName.stem(fileName) }
        changes.files[fileName] = hash
        changes.fields[kind.field.name] = fileName
        return .success(fileName)
    }

    private func takeCaptions(_ file: UploadForm.File, kind: VideoKind, id: String, language: Language,
                              changes: inout VideoChanges) -> Result<String, UploadRefusal> {
        guard file.count <= Self.captionsLimit else { return .failure(.tooLarge(limit: Self.captionsLimit)) }
        let text: String
        switch CaptionFile.read(Data(file.bytes.readableBytesView), timedOnly: true) {
        case let .success(.webVTT(made)): text = made
        case .success(.plain): return .failure(.unusable("it has no timing; a video's captions are WebVTT or SubRip"))
        case let .failure(refusal): return .failure(.unusable(refusal.message))
        }
        let fileName = "\(id).\(kind.stem).\(language.code).vtt"
        guard FileChange.isWritableName(fileName) else { return .failure(.badName) }
        switch uploads.keep(ByteBuffer(string: text)) {
        case let .failure(refusal): return .failure(refusal)
        case let .success(kept): changes.files[fileName] = kept.hash
        }
        changes.fields[kind.captionsField.name] = fileName
        return .success(fileName)
    }

    private func choosePoster(_ typed: String, kind: VideoKind, sheet: ExhibitSheet, language: Language,
                              changes: inout VideoChanges) -> Result<String, UploadRefusal> {
        let text = typed.trimmingCharacters(in: .whitespaces)
        guard let poster = VideoPoster(text) else { return .failure(.badPoster(String(text.prefix(40)))) }
        if case let .image(name) = poster, !sheet.gallery.contains(name) { return .failure(.badPoster(name)) }
        changes.fields[kind.posterField.name] = poster.text
        return .success(poster.text)
    }

    /// Saves the draft with these fields in `language` and these files, every other drafted text kept.
    private func saveVideo(_ sheet: ExhibitSheet, _ changes: VideoChanges, language: Language, by account: String) throws {
        let primary = sheet.primary
        var fields = sheet.drafted.values.flatMap(\.values).filter { field in
            !field.field.hasPrefix(Self.fileFieldPrefix) && !(field.language == language.code && changes.fields[field.field] != nil)
        }
        for (name, value) in changes.fields.sorted(by: { $0.key < $1.key }) {
            guard let field = EntryField(name: name) else { continue }
            let published = sheet.published(field, language)
            if value != published { fields.append(DraftField(exhibit: sheet.id, language: language.code, field: name, value: value, base: published)) }
        }
        // Each file the draft still names: a video or captions replaced by another goes with it.
        let named = Set(fields.map(\.value))
        for (name, hash) in changes.files.sorted(by: { $0.key < $1.key }) where named.contains(name) || !Self.isVideoFile(name) {
            fields.append(DraftField(exhibit: sheet.id, language: primary.code, field: Self.fileFieldPrefix + name, value: hash, base: ""))
        }
        _ = try state.saveDraft(sheet.id, over: sheet.revision, fields: fields, by: account)
    }

    /// Whether `name` is one of the files the video form makes (`jikji.video.en.mp4`, `jikji.sign.ko.vtt`).
    static func isVideoFile(_ name: String) -> Bool {
        let parts = name.split(separator: ".")
        return parts.count == 4 && VideoKind.allCases.contains { $0.stem == parts[1] }
    }
}

extension GuideEditing {
    /// Each video a draft sets whose file was sent to the studio, with its captions and
    /// poster: shown by its exhibit in `catalog`, once the video work has made it (from the
    /// cache, or the making's memory). One still being made is not shown yet; one sent
    /// before the studio started is made now, in the background.
    func draftedVideos(_ fields: [DraftField], plan: PublishPlan, load: WatchedLoad, into catalog: inout Catalog) -> [String: VideoRendition] {
        var originals: [String: CatalogVideo] = [:]
        let byPlace = Dictionary(grouping: fields) { "\($0.exhibit) \($0.language)" }
        for (_, drafted) in byPlace {
            guard let first = drafted.first, let position = load.position(of: first.exhibit) else { continue }
            let value = { (field: EntryField) in drafted.first { $0.field == field.name }?.value }
            for kind in VideoKind.allCases {
                let edition = catalog.editions.firstIndex { $0.language.code == first.language }
                guard let edition, catalog.editions[edition].exhibits.indices.contains(position) else { continue }
                var versions = catalog.editions[edition].exhibits[position].versions
                var video = kind == .video ? versions.video : versions.signVideo
                if let name = value(kind.field), let file = plan.files.first(where: { $0.name == name }) {
                    video = ExhibitVideo(file: name)
                    originals[name] = CatalogVideo(file: name, url: file.source, usedBy: ["\(first.exhibit) (\(first.language))"])
                    // The upload is kept under its hash.
                    VideoMaking.shared.make(originals[name]!, in: load.catalog, hash: file.source.lastPathComponent, cache: guide.renditionCache) { [self] in
                        mediaMade()
                    }
                }
                guard var shown = video else { continue }
                if let name = value(kind.captionsField), let file = plan.files.first(where: { $0.name == name }),
                   let text = try? String(contentsOf: file.source, encoding: .utf8) {
                    shown.captions = Transcript(text: "", file: name)
                    catalog.webVTTFiles[name] = text
                }
                if let text = value(kind.posterField) {
                    shown.poster = text.isEmpty ? nil : VideoPoster(text)
                    // A published video with a new poster is read again from the cache, its poster taken anew.
                    if originals[shown.file] == nil, let published = catalog.videos[shown.file] { originals[shown.file] = published }
                }
                if kind == .video { versions.video = shown } else { versions.signVideo = shown }
                if edition == 0 {
                    catalog.primary.exhibits[position].versions = versions
                } else {
                    catalog.translations[edition - 1].exhibits[position].versions = versions
                }
                originals[shown.file]?.poster = shown.poster
            }
        }
        guard !originals.isEmpty else { return [:] }
        catalog.videos.merge(originals) { _, new in new }
        var only = catalog
        only.videos = originals
        return VideoWork.videos(for: only, cache: guide.renditionCache, tools: AudioTools.locate(), makeMissing: false,
                                memory: VideoMaking.shared.memory).videos
    }
}
