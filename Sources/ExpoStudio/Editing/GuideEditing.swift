import ExpoCatalog
import ExpoImages
import ExpoSite
import Foundation
import Synchronization

/// The studio's edits to the guide: drafts saved over the catalog's texts, a preview of
/// them, and publishing them into the catalog's files and live for visitors.
final class GuideEditing: Sendable {
    let state: StudioState
    let guide: any StudioGuide
    let uploads: UploadStore
    /// One publish or revert at a time: each reads the files, writes them, and reloads.
    let publishing = NSLock()
    /// The last preview made, by what it was made of.
    let preview = Mutex<(key: String, site: Site)?>(nil)
    /// Counts the media made in the background (a video sent to the studio), which change
    /// what the preview shows without changing the drafts it is keyed by. Part of its key, so
    /// that a preview being made while a video was finished is not kept.
    private let madeMedia = Atomic<Int>(0)
    /// The spreadsheets sent to take the place of the catalog's texts, not taken yet.
    let staging = Mutex<StagingState>(.unread)

    /// Where the preview's links point (under this studio's pages).
    static var previewPath: String { StudioPaths.current.preview }
    /// The preview's route, as the router reads a request: an exhibition's studio is given
    /// its requests without their `/e/NAME`.
    static let previewRoute = "/studio/preview/"

    init(state: StudioState, guide: any StudioGuide) {
        self.state = state
        self.guide = guide
        uploads = UploadStore(state: state.folder)
    }

    /// Takes away a zip left by a studio that stopped while sending it: nobody will fetch it
    /// now. Once, as the studio starts: a museum's exhibitions share the folder.
    static func removeLeftovers(state: StudioState) {
        try? FileManager.default.removeItem(at: state.folder.appendingPathComponent("tmp"))
        // Uploads that were arriving when the studio last stopped.
        try? FileManager.default.removeItem(at: StudioRoutes.spoolFolder(state: state))
        sweepUploads(state: state)
    }

    /// How long a file sent to the studio is kept when no draft, publication or history
    /// entry names it: a day, so a person who sent a photo and has not yet saved finds it.
    static let unnamedUploadAge: TimeInterval = 24 * 3600

    /// Takes away the files sent that nothing names any more (a draft thrown away, a photo
    /// refused or taken out) once they are a day old. As the studio starts and after each
    /// publish; a store that cannot be read keeps everything.
    static func sweepUploads(state: StudioState) {
        guard let named = try? state.namedFiles() else { return }
        UploadStore(state: state.folder).sweep(keeping: named, olderThan: unnamedUploadAge)
    }

    /// The catalog, when the studio can write it.
    var editableLoad: WatchedLoad? {
        let load = guide.watchedLoad()
        guard load.isEditable else { return nil }
        return load
    }

    func sheet(_ id: String) throws -> ExhibitSheet? {
        guard let load = editableLoad else { return nil }
        return ExhibitSheet(id, load: load, draft: try state.draft(of: id))
    }

    /// What reading the exhibit's draft over the files finds, at the fields it is about.
    func problems(of sheet: ExhibitSheet) -> [EntryProblem] {
        guard let load = editableLoad, let draft = sheet.draft else { return [] }
        let fields = sheet.drafted.values.flatMap(\.values)
        let plan = PublishPlan(load: load, drafts: [draft], fields: Array(fields), uploads: uploads)
        return load.catalog(with: plan.changes, transcripts: plan.transcripts).problems
    }

    enum SaveResult {
        case saved
        /// Refused: the texts saved meanwhile (`theirs`, by form field name) beside the person's own.
        case conflict(ExhibitSheet, DraftSave, theirs: [String: String], by: String?)
    }

    func save(_ id: String, form: StudioForm, by account: String) throws -> SaveResult? {
        guard let sheet = try sheet(id) else { return nil }
        let save = DraftSave(form: form, sheet: sheet)
        let overwritten = save.overwritten(in: sheet)
        guard overwritten.isEmpty else {
            return .conflict(sheet, save, theirs: Self.texts(sheet, only: overwritten), by: nil)
        }
        do {
            _ = try state.saveDraft(id, over: save.revision, fields: save.draftFields(sheet) + sheet.keptFields, by: account)
            return .saved
        } catch let newer as NewerDraft {
            guard let again = try self.sheet(id) else { return nil }
            let names = Set(again.languages.flatMap { language in
                again.fields(in: language).filter { save.text($0, language, in: sheet) != again.current($0, language) }
                    .map { DraftSave.name($0, language) }
            })
            return .conflict(again, save, theirs: Self.texts(again, only: names), by: newer.draft?.account)
        }
    }

    private static func texts(_ sheet: ExhibitSheet, only names: Set<String>) -> [String: String] {
        var texts: [String: String] = [:]
        for language in sheet.languages {
            for field in sheet.fields(in: language) where names.contains(DraftSave.name(field, language)) {
                texts[DraftSave.name(field, language)] = sheet.current(field, language)
            }
        }
        return texts
    }

    /// The drafts to publish (all, or one exhibit's), as a plan, with what reading them finds.
    func readiness(of exhibit: String? = nil) throws -> (plan: PublishPlan, problems: [EntryProblem], drafts: [Draft])? {
        guard let load = editableLoad else { return nil }
        let drafts = try state.drafts().filter { exhibit == nil || $0.exhibit == exhibit }
        let ids = Set(drafts.map(\.exhibit))
        let fields = try state.draftFields().filter { ids.contains($0.exhibit) }
        let plan = PublishPlan(load: load, drafts: drafts, fields: fields, uploads: uploads)
        return (plan, load.catalog(with: plan.changes, transcripts: plan.transcripts).problems, drafts)
    }

    enum PublishResult {
        case published(Int64)
        case nothingToPublish
        case blocked([EntryProblem])
        case conflicts([PublishPlan.Conflict])
        case failed(String)
    }

    func publish(_ exhibit: String? = nil, by account: String) throws -> PublishResult {
        publishing.lock()
        defer { publishing.unlock() }
        guard let (plan, problems, _) = try readiness(of: exhibit) else { return .failed("the catalog cannot be edited") }
        return try apply(plan, problems: problems, kind: .publish, by: account)
    }

    /// Sets the exhibit's texts back to what they were before `publication`, as a new publish.
    func revert(_ exhibit: String, to publication: Int64, by account: String) throws -> PublishResult {
        publishing.lock()
        defer { publishing.unlock() }
        guard let load = editableLoad else { return .failed("the catalog cannot be edited") }
        let plan = PublishPlan(revertTo: publication, load: load, exhibit: exhibit, history: try state.history(of: exhibit), uploads: uploads)
        return try apply(plan, problems: load.catalog(with: plan.changes, transcripts: plan.transcripts).problems, kind: .revert, by: account)
    }

    private func apply(_ plan: PublishPlan, problems: [EntryProblem], kind: Publication.Kind, by account: String) throws -> PublishResult {
        guard let load = editableLoad else { return .failed("the catalog cannot be edited") }
        if !plan.unreadable.isEmpty {
            return .failed("the catalog's files changed and are being read again; try again in a moment (\(Set(plan.unreadable).sorted().joined(separator: ", ")))")
        }
        guard plan.conflicts.isEmpty else { return .conflicts(plan.conflicts) }
        let touchesFiles = !plan.files.isEmpty || !plan.removals.isEmpty
        guard !plan.changes.isEmpty || !plan.transcripts.isEmpty || touchesFiles else { return .nothingToPublish }
        let errors = problems.filter { $0.diagnostic.severity == .error }
        guard errors.isEmpty else { return .blocked(errors) }
        var published = plan.published
        if touchesFiles {
            // What the folder held is kept before it is written over, so a revert finds it.
            switch PublishedFiles.changes(plan, load: load, uploads: uploads) {
            case let .failure(failure): return .failed(failure.message)
            case let .success(files): published = published.filter { !$0.field.hasPrefix(Self.fileFieldPrefix) } + files
            }
            // The files first: entries that name a picture then find it when the guide reloads.
            if case let .failure(error) = load.write(files: plan.files, removing: plan.removals, replacingOtherFiles: !plan.restoring) {
                return .failed(error.description)
            }
        }
        switch load.write(plan.changes, transcripts: plan.transcripts) {
        case let .failure(error): return .failed(error.description)
        case .success:
            // The preview was made of the catalog before this publish: let it go before the
            // guide makes the new one, rather than hold both.
            preview.withLock { $0 = nil }
            let number = try state.recordPublication(kind, changes: published, ending: plan.revisions, by: account)
            Self.sweepUploads(state: state)
            if let problem = guide.reload(because: "\(kind == .publish ? "published" : "reverted") in the studio by \(account)") {
                return .failed(problem)
            }
            return .published(number)
        }
    }

    /// The guide with every draft in it, its links under the preview's path; made again
    /// only when a draft or the catalog changed.
    /// Each recording a draft sets whose file was sent to the studio: played by its exhibit
    /// in `catalog`, and made (from the cache, where its upload put it).
    private func draftedRecordings(_ fields: [DraftField], plan: PublishPlan, load: WatchedLoad, into catalog: inout Catalog) -> [String: AudioRendition] {
        var originals: [String: CatalogRecording] = [:]
        for field in fields where field.field == EntryField.audio.name {
            guard let file = plan.files.first(where: { $0.name == field.value }), let position = load.position(of: field.exhibit) else { continue }
            if catalog.primary.language.code == field.language {
                catalog.primary.exhibits[position].audio = field.value
            } else if let index = catalog.translations.firstIndex(where: { $0.language.code == field.language }),
                      catalog.translations[index].exhibits.indices.contains(position) {
                catalog.translations[index].exhibits[position].audio = field.value
            } else {
                continue
            }
            originals[field.value] = CatalogRecording(file: field.value, url: file.source, usedBy: ["\(field.exhibit) (\(field.language))"])
        }
        guard !originals.isEmpty else { return [:] }
        catalog.recordings.merge(originals) { _, new in new }
        var only = catalog
        only.recordings = originals
        return AudioWork.recordings(for: only, cache: guide.renditionCache, tools: AudioTools.locate()).recordings
    }

    /// A video sent to the studio is made: the next preview shows it.
    func mediaMade() {
        madeMedia.add(1, ordering: .releasing)
        preview.withLock { $0 = nil }
    }

    func previewSite() throws -> Site? {
        guard let load = editableLoad else { return nil }
        let drafts = try state.drafts()
        let key = "\(madeMedia.load(ordering: .acquiring)) " + load.catalog.fingerprint + " " + drafts.map { "\($0.exhibit)=\($0.revision)" }.sorted().joined(separator: ",")
        let earlier = preview.withLock { $0 }
        if let earlier, earlier.key == key { return earlier.site }
        let fields = try state.draftFields()
        let plan = PublishPlan(load: load, drafts: drafts, fields: fields, uploads: uploads)
        var catalog = load.catalog(with: plan.changes, transcripts: plan.transcripts).catalog
        var uploaded: [String: CatalogImage] = [:]
        for file in plan.files {
            var ignored: [Diagnostic] = []
            let stem = CatalogFileName.stem(file.name)
            guard let data = try? Data(contentsOf: file.source),
                  let image = CatalogImage.uploaded(stem, file: file.name, data: data, diagnostics: &ignored) else { continue }
            uploaded[stem] = image
            catalog.images[stem] = image
        }
        let recordings = draftedRecordings(fields, plan: plan, load: load, into: &catalog)
        let videos = draftedVideos(fields, plan: plan, load: load, into: &catalog)
        // The draft before this one lends its search and browse indexes where they cannot
        // differ: at 100,000 exhibits, finding again whether any value is shared read every
        // exhibit, nine tenths of the time from a save to its preview.
        let site = try guide.site(of: catalog, basePath: Self.previewPath, uploads: uploaded, recordings: recordings, videos: videos,
                                  after: earlier?.site)
        preview.withLock { $0 = (key, site) }
        return site
    }
}
