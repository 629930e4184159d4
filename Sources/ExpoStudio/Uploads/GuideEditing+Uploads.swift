import ExpoCatalog
import ExpoImages
import Foundation
import NIOCore
import Synchronization

/// Photos and recordings sent to the studio: each read as the loader reads a file in the
/// catalog's folder (its kind from its bytes; a photo's SVG made safe, decoded only by the
/// loader its bytes name, within the pixel limit; a recording made by ffmpeg told its one
/// demuxer, on a clock), kept in the state folder, and made part of the exhibit's draft:
/// the file it will be (`file:jikji-2.jpg`, by the upload's hash), the gallery's order
/// (`images`), a language's recording (`audio`). Nothing reaches the catalog's folder
/// before a publish.
extension GuideEditing {
    /// The largest photo one upload may be; the README says so.
    static let fileLimit = 64 << 20
    /// The largest recording: ten minutes of CD-quality WAV.
    static let recordingLimit = 200 << 20

    struct UploadOutcome {
        /// The name the file came with.
        let sentName: String
        /// The image's name in the catalog, or why the file was not taken.
        let result: Result<String, UploadRefusal>
        /// What of the video form it was; nil for a photo or a recording.
        var part: VideoPart?
    }

    /// The draft's field for a file: `file:jikji-2.jpg`.
    static let fileFieldPrefix = "file:"

    /// Takes each file as a new picture of the exhibit (or, with `replacing`, as that
    /// picture's new file); nil when the exhibit cannot take files.
    /// A recording is the exhibit's in `language` (a code; the main language without one).
    func upload(_ id: String, files: [UploadForm.File], replacing: String?, language: String? = nil, by account: String) throws -> [UploadOutcome]? {
        guard let load = editableLoad, load.takesFiles, let sheet = try sheet(id), sheet.document == nil else { return nil }
        var draft = DraftedMedia(gallery: sheet.gallery, files: sheet.draftedFiles, audio: [:])
        let speaking = sheet.languages.first { $0.code == language } ?? sheet.primary
        var outcomes: [UploadOutcome] = []
        for file in files {
            let result: Result<String, UploadRefusal>
            switch UploadedFileKind(file.head, sentName: file.name) {
            case let .image(ext)?:
                result = take(file, ext: ext, id: id, load: load, draft: &draft, replacing: replacing.flatMap { draft.gallery.contains($0) ? $0 : nil })
            case let .recording(ext)?:
                result = takeRecording(file, ext: ext, id: id, language: speaking, load: load, draft: &draft)
            case .video?, nil:
                // The photo form takes no video: the video form does.
                result = .failure(.notAnImage)
            }
            outcomes.append(UploadOutcome(sentName: file.name, result: result))
        }
        // Each photo was decoded on a worker thread: its memory goes back, not to that thread's arena.
        defer { FreedMemory.giveBack() }
        guard outcomes.contains(where: { if case .success = $0.result { true } else { false } }) else { return outcomes }
        try saveFiles(sheet, draft, by: account)
        return outcomes
    }

    /// What a draft holds of photos and recordings while files are taken into it.
    struct DraftedMedia {
        var gallery: [String]
        /// By file name, each by its upload's hash.
        var files: [String: String]
        /// The recording's file name by language code, where this upload set one.
        var audio: [String: String]
    }

    /// Moves a picture up or down the gallery, or takes it out (a new one's upload with it).
    func arrange(_ id: String, image: String, action: String, by account: String) throws -> Bool {
        guard let sheet = try sheet(id), sheet.document == nil else { return false }
        var draft = DraftedMedia(gallery: sheet.gallery, files: sheet.draftedFiles, audio: [:])
        // The main image (the exhibit's id) is always shown first: it stays where it is.
        guard image != id, let place = draft.gallery.firstIndex(of: image) else { return false }
        switch action {
        case "up" where place > 1: draft.gallery.swapAt(place, place - 1)
        case "down" where place + 1 < draft.gallery.count: draft.gallery.swapAt(place, place + 1)
        case "remove":
            draft.gallery.remove(at: place)
            draft.files = draft.files.filter { CatalogFileName.stem($0.key) != image }
        default: return false
        }
        try saveFiles(sheet, draft, by: account)
        return true
    }

    private func take(_ file: UploadForm.File, ext: String, id: String, load: WatchedLoad, draft: inout DraftedMedia,
                      replacing: String?) -> Result<String, UploadRefusal> {
        guard file.count <= Self.fileLimit else { return .failure(.tooLarge(limit: Self.fileLimit)) }
        let taken = Set(draft.gallery).union(draft.files.keys.map(CatalogFileName.stem))
        let stem = replacing ?? freeName(load: load) { number in number < 2 ? nil : "\(id)-\(number)" }.first { !taken.contains($0) }!
        let fileName = "\(stem).\(ext)"
        switch keepImage(file.bytes, stem: stem, fileName: fileName, load: load) {
        case let .failure(refusal): return .failure(refusal)
        case let .success(hash):
            draft.files = draft.files.filter { CatalogFileName.stem($0.key) != stem }
            draft.files[fileName] = hash
            if !draft.gallery.contains(stem) { draft.gallery.append(stem) }
            return .success(stem)
        }
    }

    /// Reads `bytes` as the picture `stem` in the file `fileName`, as the loader reads a
    /// file in the folder (an SVG made safe, a quick rendition decoded within the pixel
    /// limit), and keeps them; the upload's hash, or why not. The full renditions of a
    /// photo shown by a quick one are made in the background.
    func keepImage(_ bytes: ByteBuffer, stem: String, fileName: String, load: WatchedLoad) -> Result<String, UploadRefusal> {
        guard FileChange.isWritableName(fileName) else { return .failure(.badName) }
        var diagnostics: [Diagnostic] = []
        guard let image = CatalogImage.uploaded(stem, file: fileName, data: Data(bytes.readableBytesView), diagnostics: &diagnostics) else {
            return .failure(.unusable(Self.reasons(diagnostics, fileName)))
        }
        var only = load.catalog
        only.images = [stem: image]
        let made = ImageWork.renditions(for: only, cache: guide.renditionCache, drafts: true)
        guard made.images[stem] != nil else { return .failure(.unusable(Self.reasons(diagnostics + made.diagnostics, fileName))) }
        let kept = uploads.keep(bytes).map(\.hash)
        if case .success = kept, made.drafts.contains(stem) { makeLater(only) }
        return kept
    }

    /// A recording, as the exhibit's in `language` (`jikji.en.wav`): made by the audio work
    /// at once, into the cache the preview and the published guide read.
    private func takeRecording(_ file: UploadForm.File, ext: String, id: String, language: Language, load: WatchedLoad,
                               draft: inout DraftedMedia) -> Result<String, UploadRefusal> {
        guard file.count <= Self.recordingLimit else { return .failure(.tooLarge(limit: Self.recordingLimit)) }
        let fileName = "\(id).\(language.code).\(ext)"
        guard FileChange.isWritableName(fileName) else { return .failure(.badName) }
        let hash: String, isNew: Bool
        switch uploads.keep(file) {
        case let .failure(refusal): return .failure(refusal)
        case let .success(kept): (hash, isNew) = kept
        }
        guard let url = uploads.url(of: hash) else { return .failure(.badName) }
        var only = load.catalog
        only.recordings = [fileName: CatalogRecording(file: fileName, url: url, usedBy: ["\(id) (\(language.code))"])]
        let made = AudioWork.recordings(for: only, cache: guide.renditionCache, tools: AudioTools.locate())
        guard made.recordings[fileName] != nil else {
            if isNew { uploads.forget(hash) }
            let said = made.diagnostics.map(\.message).map { message in
                message.range(of: "; the recording of").map { String(message[..<$0.lowerBound]) } ?? message
            }
            return .failure(.unplayable(said.isEmpty ? "ffmpeg could not read it" : said.joined(separator: "; ")))
        }
        draft.files = draft.files.filter { CatalogFileName.stem($0.key) != CatalogFileName.stem(fileName) }
        draft.files[fileName] = hash
        draft.audio[language.code] = fileName
        return .success(fileName)
    }

    /// What the loader said of the file, without the name it gave it (the person knows it by theirs).
    private static func reasons(_ diagnostics: [Diagnostic], _ fileName: String) -> String {
        let said = diagnostics.map(\.message).map { $0.hasPrefix(fileName + ": ") ? String($0.dropFirst(fileName.count + 2)) : $0 }
        return said.isEmpty ? "it is not an image the guide can read" : said.joined(separator: "; ")
    }

    /// The names `name(1)`, `name(2)` … (nil skips a number) that no file in the folder
    /// and no image of the catalog has, in order: `jikji-2`, `plan-3`.
    func freeName(load: WatchedLoad, _ name: @escaping (Int) -> String?) -> some Sequence<String> {
        let inFolder = Set(((try? FileManager.default.contentsOfDirectory(atPath: load.folderURL.path)) ?? []).map { CatalogFileName.stem($0).lowercased() })
        let images = load.catalog.images
        return (1...).lazy.compactMap(name).filter { !inFolder.contains($0.lowercased()) && images[$0] == nil }
    }

    /// The full renditions of a photo shown by a quick draft, made one at a time in the
    /// background into the cache, so the publish that follows finds them ready.
    /// At most a few wait, each holding its photo's bytes: beyond them, a photo's
    /// renditions are made by the reload its publish starts, as for a file put in the folder.
    private func makeLater(_ catalog: Catalog) {
        guard let cache = guide.renditionCache else { return }
        guard Self.waiting.add(1, ordering: .relaxed).newValue <= Self.mostWaiting else {
            Self.waiting.subtract(1, ordering: .relaxed)
            return
        }
        Self.background.async {
            _ = ImageWork.renditions(for: catalog, cache: cache)
            Self.waiting.subtract(1, ordering: .relaxed)
            FreedMemory.giveBack()
        }
    }

    private static let background = DispatchQueue(label: "expo1900.studio.renditions", qos: .utility)
    private static let waiting = Atomic(0)
    private static let mostWaiting = 4

    /// Saves the draft with this gallery, these files and recordings, every text drafted before kept.
    private func saveFiles(_ sheet: ExhibitSheet, _ draft: DraftedMedia, by account: String) throws {
        let primary = sheet.primary
        let gallery = draft.gallery
        var fields = (sheet.drafted.values.flatMap(\.values)).filter { field in
            !field.field.hasPrefix(Self.fileFieldPrefix) && field.field != EntryField.gallery.name
                && !(field.field == EntryField.audio.name && draft.audio[field.language] != nil)
        }
        // A recording drafted before whose file the draft no longer holds is no longer drafted.
        fields = fields.filter { field in
            field.field != EntryField.audio.name || draft.files[field.value] != nil || field.value == sheet.published(.audio, sheet.languages.first { $0.code == field.language } ?? primary)
        }
        for (code, name) in draft.audio.sorted(by: { $0.key < $1.key }) {
            guard let language = sheet.languages.first(where: { $0.code == code }) else { continue }
            let published = sheet.published(.audio, language)
            if name != published { fields.append(DraftField(exhibit: sheet.id, language: code, field: EntryField.audio.name, value: name, base: published)) }
        }
        for (name, hash) in draft.files.sorted(by: { $0.key < $1.key }) {
            fields.append(DraftField(exhibit: sheet.id, language: primary.code, field: Self.fileFieldPrefix + name, value: hash, base: ""))
        }
        for language in sheet.languages {
            let published = sheet.published(.gallery, language).split(separator: "\n").map(String.init)
            // A translation's list is matched by name: it loses what the gallery lost, in the new order, and gains nothing.
            let wanted = language == primary ? gallery : gallery.filter { published.contains($0) }
            if wanted != published {
                fields.append(DraftField(exhibit: sheet.id, language: language.code, field: EntryField.gallery.name,
                                         value: wanted.joined(separator: "\n"), base: published.joined(separator: "\n")))
            }
        }
        _ = try state.saveDraft(sheet.id, over: sheet.revision, fields: fields, by: account)
    }
}

/// The parts of a file's name the studio needs.
enum CatalogFileName {
    /// `jikji-2.jpg` → `jikji-2` (an image's name, as the loader finds it).
    static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }
}
